import type { SessionUser } from '../auth/use-session';
import type { useAdminMessages } from './admin-messages';

type AdminText = Parameters<ReturnType<typeof useAdminMessages>['t']>[0];

export type AdminLink = {
  to: string;
  label: AdminText;
  /** Who sees the link; everyone in the admin area when absent (e.g. superadmins only for Users). */
  show?: (user: SessionUser) => boolean;
};

/**
 * The admin sidebar's links, in order; a link with a `show` rule appears only to whom it allows.
 * The superadmin's delete-user box sits below them (admin-sidebar.tsx).
 */
export const adminLinks: readonly AdminLink[] = [
  { to: '/admin/dashboard', label: 'nav.home' },
  { to: '/admin/course', label: 'nav.addPackages' },
  { to: '/admin/delete', label: 'nav.deletePackages' },
  { to: '/admin/lecture', label: 'nav.addLectures' },
  { to: '/admin/lecturedelete', label: 'nav.deleteLectures' },
  { to: '/admin/pending-orders', label: 'nav.pendingOrders' },
  { to: '/admin/statements', label: 'nav.statements' },
  { to: '/admin/receipts', label: 'nav.receipts' },
  { to: '/admin/payouts', label: 'nav.payouts' },
  { to: '/admin/users', label: 'nav.users' },
];
