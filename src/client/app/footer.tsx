import { useCommonMessages } from '../lib/common-messages';
import { Link } from 'react-router';
import { siteConfig } from '../lib/site-config';
import { pagePaths } from '../../shared/page-paths';

export function Footer() {
  const { t } = useCommonMessages();
  const links = [
    { to: pagePaths.about, label: t('footer.about') },
    { to: pagePaths.privacy, label: t('footer.privacy') },
    { to: pagePaths.terms, label: t('footer.terms') },
    { to: pagePaths.contact, label: t('footer.contact') },
    { to: pagePaths.refund, label: t('footer.refund') },
  ];
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p className="footer__brand">{siteConfig.siteName}</p>
        <p className="footer__tagline">{t('footer.tagline')}</p>
        <nav aria-label={t('footer.linksLabel')}>
          <ul className="footer__links">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer__rights">{t('footer.rights', { year: new Date().getFullYear(), siteName: siteConfig.siteName })}</p>
      </div>
    </footer>
  );
}
