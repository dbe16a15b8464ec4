import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { TextField } from '../../components/text-field';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { usePrivacyMessages } from './privacy-messages';
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

function AuditLog() {
  const { t, lang } = usePrivacyMessages();
  const trpc = useTRPC();
  const [form, setForm] = useState({ from: '', to: '', action: '' });
  const [filters, setFilters] = useState(form);
  const [page, setPage] = useState(1);
  const entries = useQuery({
    ...trpc.audit.entries.queryOptions({ from: filters.from || undefined, to: filters.to || undefined, action: filters.action || undefined, page }),
    placeholderData: keepPreviousData,
  });
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setFilters(form);
  }
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{t('admin.auditTitle')}</h2>
      <p>{t('admin.auditIntro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('admin.from')} type="date" name="from" value={form.from} onChange={set('from')} />
        <TextField label={t('admin.to')} type="date" name="to" value={form.to} onChange={set('to')} />
        <TextField label={t('admin.action')} name="action" value={form.action} onChange={set('action')} />
        <button type="submit" className="button">
          {t('admin.show')}
        </button>
      </form>
      <QueryState
        query={entries}
        error={t('admin.failed')}
        isEmpty={(data) => data.entries.length === 0}
        empty={<p className="empty-state">{t('admin.empty')}</p>}
      >
        {(data) => (
          <>
            <ul className="order-list">
              {data.entries.map((entry) => (
                <li key={entry.id} className="order-card">
                  <p className="order-card__title">
                    <strong translate="no">{entry.action}</strong> <span className="muted">{formatIstDateTime(entry.at, lang)}</span>
                  </p>
                  <dl className="details">
                    <dt>{t('admin.actor')}</dt>
                    <dd>{entry.actor ? `${entry.actor.name} · ${entry.actor.email}` : t('admin.system')}</dd>
                    {entry.target && (
                      <>
                        <dt>{t('admin.target')}</dt>
                        <dd translate="no">{`${entry.target.type} ${entry.target.id}`}</dd>
                      </>
                    )}
                    {entry.detail && (
                      <>
                        <dt>{t('admin.detail')}</dt>
                        <dd className="audit__detail" translate="no">
                          {entry.detail}
                        </dd>
                      </>
                    )}
                  </dl>
                </li>
              ))}
            </ul>
            <Pager page={page} hasNext={page * data.pageSize < data.total} onPage={setPage} />
          </>
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
