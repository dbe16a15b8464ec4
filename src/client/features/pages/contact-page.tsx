import { siteConfig } from '../../lib/site-config';
import { usePagesMessages } from './pages-messages';
import { StaticPage } from './static-page';

export default function ContactPage() {
  const { t } = usePagesMessages();
  const { contactEmail, contactPhone } = siteConfig;
  return (
    <StaticPage page="contact">
      {contactEmail || contactPhone ? (
        <dl className="contact-list">
          {contactEmail && (
            <>
              <dt>{t('contact.email')}</dt>
              <dd>
                <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              </dd>
            </>
          )}
          {contactPhone && (
            <>
              <dt>{t('contact.phone')}</dt>
              <dd>
                <a href={`tel:${contactPhone.replace(/[\s-]/g, '')}`}>{contactPhone}</a>
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p>{t('contact.noChannels')}</p>
      )}
    </StaticPage>
  );
}
