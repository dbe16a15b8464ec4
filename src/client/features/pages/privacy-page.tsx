import { siteConfig } from '../../lib/site-config';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy';
import { usePagesMessages } from './pages-messages';
import { StaticPage } from './static-page';

/** The privacy notice (DPDP Act 2023), in the reader's language, with the grievance officer from the settings and its version. */
export default function PrivacyPage() {
  const { t } = usePagesMessages();
  const { officer, email, phone } = siteConfig.grievance;
  return (
    <StaticPage page="privacy">
      <section>
        <h2>{t('privacyContact.grievanceTitle')}</h2>
        <p>{t('privacyContact.grievance')}</p>
        {officer || email || phone ? (
          <dl className="details">
            {officer && (
              <>
                <dt>{t('privacyContact.officer')}</dt>
                <dd>{officer}</dd>
              </>
            )}
            {email && (
              <>
                <dt>{t('privacyContact.email')}</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </>
            )}
            {phone && (
              <>
                <dt>{t('privacyContact.phone')}</dt>
                <dd>
                  <a href={`tel:${phone}`}>{phone}</a>
                </dd>
              </>
            )}
          </dl>
        ) : (
          <p>{t('privacyContact.noContact')}</p>
        )}
        <p className="muted">{t('privacyContact.version', { version: PRIVACY_NOTICE_VERSION })}</p>
      </section>
    </StaticPage>
  );
}
