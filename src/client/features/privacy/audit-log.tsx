import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { TextField } from '../../components/text-field';
import en from '../../locales/en/audit.json';
import mr from '../../locales/mr/audit.json';
import { defineMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc';
import { formatIstDateTime } from '../../../shared/ist';
import { auditSentence } from './audit-sentence';

const useAuditMessages = defineMessages({ en, mr });

type Kind = 'actions' | 'reads';

/**
 * The audit log as the admin reads it: each entry a sentence in the admin's language naming the
 * person and the package, the actions apart from the reads of personal data, filtered by period and
 * person; the entry as the log keeps it (code, ids, input) under each sentence.
 */
export function AuditLog() {
  const { t, lang } = useAuditMessages();
  const trpc = useTRPC();
  const [kind, setKind] = useState<Kind>('actions');
  const [form, setForm] = useState({ from: '', to: '', person: '' });
  const [filters, setFilters] = useState(form);
  const [page, setPage] = useState(1);
  const entries = useQuery({
    ...trpc.audit.entries.queryOptions({
      kind,
      from: filters.from || undefined,
      to: filters.to || undefined,
      person: filters.person.trim() || undefined,
      page,
    }),
    placeholderData: keepPreviousData,
  });
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setFilters(form);
  }
  function choose(next: Kind) {
    setPage(1);
    setKind(next);
  }
  return (
    <section aria-labelledby="audit-title" className="audit">
      <h2 id="audit-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <div className="tabs" role="tablist" aria-label={t('kinds.label')}>
        {(['actions', 'reads'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={kind === name} className="tabs__tab" onClick={() => choose(name)}>
            {t(`kinds.${name}`)}
          </button>
        ))}
      </div>
      {kind === 'reads' && <p className="muted">{t('readsIntro')}</p>}
      <form className="form audit__filters" onSubmit={submit} noValidate>
        <TextField label={t('person')} hint={t('personHint')} type="search" name="person" value={form.person} onChange={set('person')} />
        <TextField label={t('from')} type="date" name="from" value={form.from} onChange={set('from')} />
        <TextField label={t('to')} type="date" name="to" value={form.to} onChange={set('to')} />
        <button type="submit" className="button">
          {t('show')}
        </button>
      </form>
      <QueryState query={entries} error={t('failed')} isEmpty={(data) => data.entries.length === 0} empty={<p className="empty-state">{t('empty')}</p>}>
        {(data) => (
          <>
            <ul className="order-list audit__entries">
              {data.entries.map((entry) => (
                <li key={entry.id} className="order-card">
                  <p className="audit__sentence">{auditSentence(entry, lang)}</p>
                  <p className="muted">{formatIstDateTime(entry.at, lang)}</p>
                  <details>
                    <summary>{t('record')}</summary>
                    <p className="audit__detail" translate="no">
                      {[entry.action, entry.target ? `${entry.target.type} ${entry.target.id}` : null, entry.detail].filter(Boolean).join(' · ')}
                    </p>
                  </details>
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
