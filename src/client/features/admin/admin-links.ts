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
 * The admin sidebar's links, in order. Screens that later features add (Users, pending orders)
 * join this list with their own `show` rule; the sidebar renders whatever is here, and nothing
 * that has no screen yet.
 */
export const adminLinks: readonly AdminLink[] = [
  { to: '/admin/dashboard', label: 'nav.home' },
  { to: '/admin/course', label: 'nav.addPackages' },
  { to: '/admin/delete', label: 'nav.deletePackages' },
  { to: '/admin/lecture', label: 'nav.addLectures' },
  { to: '/admin/lecturedelete', label: 'nav.deleteLectures' },
];
