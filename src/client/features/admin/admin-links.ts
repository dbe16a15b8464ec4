import type { SessionUser } from '../auth/use-session';
import type { useAdminMessages } from './admin-messages';
import { pagePaths } from '../../../shared/page-paths';

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
  { to: pagePaths.adminDashboard, label: 'nav.home' },
  { to: pagePaths.adminAddPackage, label: 'nav.addPackages' },
  { to: pagePaths.adminDeletePackages, label: 'nav.deletePackages' },
  { to: pagePaths.adminAddLecture, label: 'nav.addLectures' },
  { to: pagePaths.adminDeleteLectures, label: 'nav.deleteLectures' },
  { to: pagePaths.adminPendingOrders, label: 'nav.pendingOrders' },
  { to: pagePaths.adminStatements, label: 'nav.statements' },
  { to: pagePaths.adminReceipts, label: 'nav.receipts' },
  { to: pagePaths.adminPayouts, label: 'nav.payouts' },
  { to: pagePaths.adminCodes, label: 'nav.codes' },
  { to: pagePaths.adminLearning, label: 'nav.learning' },
  { to: pagePaths.adminProgress, label: 'nav.progress' },
  { to: pagePaths.adminPrivacy, label: 'nav.privacy' },
  { to: pagePaths.adminWhatsApp, label: 'nav.whatsapp' },
  { to: pagePaths.adminMessages, label: 'nav.messages' },
  { to: pagePaths.adminUsers, label: 'nav.users' },
];
