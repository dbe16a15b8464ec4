import { useCommonMessages } from '../lib/common-messages';
import { Link } from 'react-router';
import { siteConfig } from '../lib/site-config';

export function Footer() {
  const { t } = useCommonMessages();
  const links = [
    { to: '/about', label: t('footer.about') },
    { to: '/privacy-policy', label: t('footer.privacy') },
    { to: '/terms-and-conditions', label: t('footer.terms') },
    { to: '/ContactUs', label: t('footer.contact') },
    { to: '/CancellationRefund', label: t('footer.refund') },
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
