import { useCommonMessages } from '../lib/common-messages';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useLogout } from '../features/auth/use-logout';
import { isAdmin, useSession } from '../features/auth/use-session';
import { useOrdersToCheck, usePendingOrders } from '../features/orders/use-pending-orders';
import { pagePaths, pathTo } from '../../shared/page-paths';

type Props = { open: boolean; onClose: () => void };

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The menu drawer: who is signed in (name and photo), the pages, payments being checked, Admin
 * for admins and Logout. A link click, the overlay or Escape close it; while open, Tab stays
 * inside it. While closed it is inert, so its links are not in the tab order.
 */
export default function Sidebar({ open, onClose }: Props) {
  const { t, count } = useCommonMessages();
  const { user } = useSession();
  const { logout, pending: loggingOut } = useLogout();
  const pendingOrders = usePendingOrders();
  const ordersToCheck = useOrdersToCheck();
  const here = useLocation();
  // Logging in from the menu comes back to this page (pathAfterSignIn reads `next`).
  const loginLink =
    here.pathname === pagePaths.login ? `${here.pathname}${here.search}` : `${pagePaths.login}?next=${encodeURIComponent(here.pathname + here.search)}`;
  const closeRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const NAME = '\u241f';
  const signedInAs = t('nav.signedInAs', { name: NAME }).split(NAME);

  // Escape closes the open menu; its close button takes the focus.
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  // Tab from the last item goes to the first, Shift+Tab from the first to the last.
  function trapTab(event: ReactKeyboardEvent) {
    if (event.key !== 'Tab' || !navRef.current) return;
    const items = [...navRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const links: { to: string; label: string; end?: boolean }[] = [
    { to: pagePaths.home, label: t('nav.home'), end: true },
    { to: pagePaths.packages, label: t('nav.packages') },
    { to: pagePaths.myCourses, label: t('nav.myCourses') },
    // The signed-in user's own dashboard; a visitor gets the Login screen there.
    { to: user ? pathTo(pagePaths.dashboard, { id: user.id }) : pagePaths.ownDashboard, label: t('nav.dashboard') },
    { to: pagePaths.leaderboard, label: t('nav.leaderboard') },
    { to: pagePaths.myAffiliates, label: t('nav.myAffiliates') },
    // What an affiliate earned reaches them here: their payout details, requests and statements.
    ...(user ? [{ to: pagePaths.payouts, label: t('nav.payouts') }] : []),
    { to: pagePaths.updateProfile, label: t('nav.updateProfile') },
    user ? { to: pagePaths.account, label: t('nav.myProfile') } : { to: loginLink, label: t('nav.login') },
    ...(isAdmin(user) ? [{ to: pagePaths.admin, label: t('nav.admin') }] : []),
  ];

  return (
    <>
      <div className={open ? 'overlay overlay--open' : 'overlay'} onClick={onClose} aria-hidden="true" />
      <nav ref={navRef} id="site-menu" className={open ? 'sidebar sidebar--open' : 'sidebar'} aria-label={t('nav.label')} inert={!open} onKeyDown={trapTab}>
        <button ref={closeRef} type="button" className="sidebar__close icon-button" aria-label={t('header.closeMenu')} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        {user && (
          <p className="sidebar__user">
            <img className="avatar" src={user.profileImage ?? '/images/avatar.svg'} alt="" width="40" height="40" />
            {/* "Signed in as Asha" read aloud, the name alone on screen: the sentence's own word order per language. */}
            <span className="visually-hidden">{signedInAs[0]}</span>
            <span className="sidebar__name">{user.name}</span>
            <span className="visually-hidden">{signedInAs[1]}</span>
          </p>
        )}
        {pendingOrders.length > 0 && (
          <Link to={`${pagePaths.myCourses}#my-orders`} className="sidebar__pending" onClick={onClose}>
            <span className="badge badge--pending">{count('nav.pending', pendingOrders.length)}</span>
          </Link>
        )}
        {ordersToCheck > 0 && (
          <Link to={pagePaths.adminPendingOrders} className="sidebar__pending" onClick={onClose}>
            <span className="badge badge--pending">{count('nav.ordersToCheck', ordersToCheck)}</span>
          </Link>
        )}
        <ul className="sidebar__links">
          {links.map((link) => (
            <li key={link.label}>
              <NavLink to={link.to} end={link.end} onClick={onClose} className="sidebar__link">
                {link.label}
              </NavLink>
            </li>
          ))}
          {user && (
            <li>
              <button
                type="button"
                className="sidebar__link sidebar__logout"
                disabled={loggingOut}
                onClick={() => {
                  onClose();
                  logout();
                }}
              >
                {t('nav.logout')}
              </button>
            </li>
          )}
        </ul>
      </nav>
    </>
  );
}
