import { useCommonMessages } from '../lib/common-messages';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { useSession } from '../features/auth/use-session';

type Props = { open: boolean; onClose: () => void };

/**
 * The menu drawer: a close button and an overlay; a link click, the overlay or Escape close it.
 * While closed it is inert, so its links are not in the tab order.
 */
export function Sidebar({ open, onClose }: Props) {
  const { t } = useCommonMessages();
  const { user } = useSession();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const links: { to: string; label: string; end?: boolean }[] = [
    { to: '/', label: t('nav.home'), end: true },
    { to: '/packages', label: t('nav.packages') },
    { to: '/myCourses', label: t('nav.myCourses') },
    // The signed-in user's own dashboard; a visitor gets the Login screen there.
    { to: user ? `/${user.id}/dashboard` : '/dashboard', label: t('nav.dashboard') },
    { to: '/leaderboard', label: t('nav.leaderboard') },
    { to: '/my-affiliates', label: t('nav.myAffiliates') },
    { to: '/update-profile', label: t('nav.updateProfile') },
    user ? { to: '/account', label: t('nav.myProfile') } : { to: '/login', label: t('nav.login') },
  ];

  return (
    <>
      <div className={open ? 'overlay overlay--open' : 'overlay'} onClick={onClose} aria-hidden="true" />
      <nav id="site-menu" className={open ? 'sidebar sidebar--open' : 'sidebar'} aria-label={t('nav.label')} inert={!open}>
        <button ref={closeRef} type="button" className="sidebar__close icon-button" aria-label={t('header.closeMenu')} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <ul className="sidebar__links">
          {links.map((link) => (
            <li key={link.label}>
              <NavLink to={link.to} end={link.end} onClick={onClose} className="sidebar__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
