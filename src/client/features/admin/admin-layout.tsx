import './admin.css';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { AdminSidebar } from './admin-sidebar';

/** The admin area's frame (loaded only when an admin opens it): the sidebar and the current screen. */
export default function AdminLayout() {
  return (
    <div className="admin">
      <AdminSidebar />
      <div className="admin__content">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
