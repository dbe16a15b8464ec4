import { useHydrated } from '../../lib/use-hydrated';
import './certificates.css';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { QueryState } from '../../components/query-state';
import { errorCode, useTRPC } from '../../lib/trpc';
import { siteConfig } from '../../lib/site-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDate } from '../../../shared/ist';
import { useSession } from '../auth/use-session';
import { DownloadCertificate } from './download-certificate';
import { useCertificatesMessages } from './certificates-messages';

/**
 * /certificates/{number}: anyone (a QR code's scanner, an employer) sees whether it is valid, with
 * the name, package and date, or that it was revoked. Its learner shares it from here; every
 * visitor is offered the learner's referral link ("learn this too").
 */
export default function CertificatePage() {
  const { t, lang } = useCertificatesMessages();
  const { number = '' } = useParams();
  const trpc = useTRPC();
  const { user } = useSession();
  // Known only in the browser: offered once the page the server drew has hydrated.
  const canShare = useHydrated() && typeof navigator.share === 'function';
  const seen = useQuery(trpc.certificates.verify.queryOptions({ number }));
  const mine = useQuery({ ...trpc.certificates.mine.queryOptions(), enabled: user !== null });
  useDocumentTitle(t('verifyTitle', { number: number.toUpperCase() }));

  return (
    <div className="page certificate">
      <QueryState
        query={seen}
        error={(error) => (
          <>
            <h1>{t('verifyTitle', { number: number.toUpperCase() })}</h1>
            <p role="alert" className="certificate__status certificate__status--revoked">
              {errorCode(error) === 'CERTIFICATE_NOT_FOUND' || errorCode(error) === 'BAD_INPUT' ? t('notFound') : t('failed')}
            </p>
          </>
        )}
      >
        {(data) => {
          if (data.status === 'revoked') {
            return (
              <>
                <h1>{t('verifyTitle', { number: data.number })}</h1>
                <p className="certificate__status certificate__status--revoked">{t('revoked', { date: formatIstDate(data.revokedAt, lang) })}</p>
              </>
            );
          }
          const own = mine.data?.some((certificate) => certificate.number === data.number) ?? false;
          const shareText = t('shareText', { package: data.packageName, site: siteConfig.siteName, url: data.url });
          return (
            <>
              <h1>{t('verifyTitle', { number: data.number })}</h1>
              <section className="certificate__card">
                <p className="certificate__status certificate__status--valid">{t('valid')}</p>
                <p className="certificate__name">{data.name}</p>
                <p className="certificate__package">{data.packageName}</p>
                <p>{t('validText', { name: data.name, package: data.packageName, date: formatIstDate(data.issuedAt, lang) })}</p>
                <p className="field__hint">{t('issuedBy', { site: siteConfig.siteName })}</p>
              </section>
              <div className="certificate__actions">
                {own && <DownloadCertificate number={data.number} primary />}
                <a className="button" href={`https://wa.me/?text=${encodeURIComponent(shareText)}`} target="_blank" rel="noopener noreferrer">
                  {t('shareWhatsApp')}
                </a>
                {canShare && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => void navigator.share({ title: data.packageName, text: shareText, url: data.url }).catch(() => {})}
                  >
                    {t('share')}
                  </button>
                )}
                <CopyButton text={data.url} label={t('copy')} copiedMessage={t('copied')} failedMessage={data.url} />
                <a className="button" href={data.linkedInUrl} target="_blank" rel="noopener noreferrer">
                  {t('linkedIn')}
                </a>
              </div>
              {data.referralLink && (
                <section className="certificate__learn">
                  <h2>{t('learnToo')}</h2>
                  <p>{t('learnTooText', { package: data.packageName, name: data.name })}</p>
                  <a className="button button--primary" href={data.referralLink}>
                    {t('learnToo')}
                  </a>
                </section>
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
