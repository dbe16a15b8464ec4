import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { usePrivacyMessages } from './privacy-messages';
import { AuditLog } from './audit-log';
import './privacy.css';

function Erasures() {
  const { t, lang } = usePrivacyMessages();
  const trpc = useTRPC();
  const erasures = useQuery(trpc.privacy.erasures.queryOptions());
  return (
    <section aria-labelledby="erasures-title">
      <h2 id="erasures-title">{t('admin.erasures')}</h2>
      <QueryState query={erasures} error={t('admin.failed')} isEmpty={(data) => data.length === 0} empty={<p className="empty-state">{t('admin.none')}</p>}>
        {(data) => (
          <ul className="compact-list">
            {data.map((request) => (
              <li key={request.id}>
                <span>
                  {t('admin.account', { id: request.userId })} · {t('admin.requested', { date: formatIstDateTime(request.requestedAt, lang) })}
                </span>
                <strong>
                  {request.outcome === 'erased' && request.completedAt !== null
                    ? t('admin.erased', { date: formatIstDateTime(request.completedAt, lang) })
                    : t(`admin.${request.outcome === 'expired' ? 'expired' : 'waiting'}`)}
                  {request.writtenDownPaise ? ` · ${t('admin.writtenDown', { amount: formatRupees(request.writtenDownPaise) })}` : ''}
                </strong>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** /admin/privacy: requests to erase accounts and their outcome, and the audit log. */
export default function AdminPrivacyPage() {
  const { t } = usePrivacyMessages();
  useDocumentTitle(t('admin.title'));
  return (
    <div className="page">
      <h1>{t('admin.title')}</h1>
      <Erasures />
      <AuditLog />
    </div>
  );
}
