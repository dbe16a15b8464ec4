import { useState } from 'react';
import { NavLink } from 'react-router';
import { useLogout } from '../auth/use-logout';
import { useSession } from '../auth/use-session';
import { adminLinks } from './admin-links';
import { useAdminMessages } from './admin-messages';

/**
 * The admin sidebar: a column beside the screens on a wide window; at 608 px or less a toggle
 * button that opens and closes the same links (CSS decides which, so nothing jumps on load).
 */
export function AdminSidebar() {
  const { t } = useAdminMessages();
  const { user } = useSession();
  const { logout, pending } = useLogout();
  const [open, setOpen] = useState(false);
  const links = adminLinks.filter((link) => !link.show || (user && link.show(user)));

  return (
    <aside className="admin-sidebar">
      <button type="button" className="button admin-sidebar__toggle" aria-expanded={open} aria-controls="admin-nav" onClick={() => setOpen((value) => !value)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('nav.toggle')}
      </button>
      <nav id="admin-nav" aria-label={t('nav.label')} className={open ? 'admin-nav admin-nav--open' : 'admin-nav'}>
        <ul className="admin-nav__links">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="admin-nav__link" onClick={() => setOpen(false)}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <button type="button" className="admin-nav__link admin-nav__logout" onClick={logout} disabled={pending}>
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
