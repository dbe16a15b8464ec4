import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { formatIstDateTime } from '../../../shared/ist';
import { useTRPC } from '../../lib/trpc';
import { postUpload } from '../../lib/upload';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ColumnMapping, type ChosenColumns } from './column-mapping';
import { StatementResult } from './statement-result';
import type { NeedsMapping, UploadOutcome } from './statement-types';
import { useStatementsMessages } from './statements-messages';
import './statements-page.css';
import { checkForm } from '../../lib/form-check';
import { pagePaths } from '../../../shared/page-paths';
import { SubmitButton } from '../../components/submit-button';
import { describedBy, Field } from '../../components/field';
import { ButtonLink } from '../../components/button-link';

/** The default of the server too: pending longer than this with no credit is worth a look. */
const DEFAULT_STALE_DAYS = 3;

export default function StatementsPage() {
  const { t, lang, count } = useStatementsMessages();
  useDocumentTitle(t('title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get('import');
  const fileId = useId();
  const fileNotes = { hint: t('upload.fileHint') };
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsMapping, setNeedsMapping] = useState<NeedsMapping | null>(null);
  const [staleDays, setStaleDays] = useState(DEFAULT_STALE_DAYS);
  const recent = useQuery(trpc.statements.recent.queryOptions());

  async function send(mapping?: ChosenColumns & { headerKey: string }) {
    if (!file) {
      toast.error(t('upload.chooseFirst'));
      fileInput.current?.focus();
      return;
    }
    setBusy(true);
    const form = new FormData();
    form.append('staleDays', String(staleDays));
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    form.append('statement', file, file.name);
    const answer = await postUpload<UploadOutcome>('/api/admin/statements', form);
    setBusy(false);
    if (!answer.ok || !answer.body) {
      toast.error(answer.message ?? t('upload.failed'));
      return;
    }
    const outcome = answer.body;
    if (outcome.kind === 'needs_mapping') {
      setNeedsMapping(outcome);
      return;
    }
    setNeedsMapping(null);
    toast.success(outcome.repeatOf && outcome.newCreditLines === 0 ? t('upload.repeat') : count('upload.done', outcome.creditLines));
    setSearchParams({ import: outcome.importId });
    await queryClient.invalidateQueries({ queryKey: trpc.statements.pathKey() });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkForm(event.currentTarget as HTMLFormElement)) return;
    void send();
  }

  return (
    <div className="page statements">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <p>
        <Link to={pagePaths.adminPendingOrders}>{t('backToOrders')}</Link>
      </p>

      <form className="form statements__upload" onSubmit={submit} noValidate>
        <Field htmlFor={fileId} label={t('upload.file')} {...fileNotes}>
          <input
            ref={fileInput}
            id={fileId}
            className="field__input"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={describedBy(fileId, fileNotes)}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setNeedsMapping(null);
            }}
          />
        </Field>
        <SubmitButton className="button button--primary" busy={busy} busyLabel={t('upload.busy')}>
          {t('upload.submit')}
        </SubmitButton>
      </form>

      {needsMapping && (
        <ColumnMapping
          key={needsMapping.headerKey}
          request={needsMapping}
          busy={busy}
          onCancel={() => setNeedsMapping(null)}
          onSubmit={(columns) => void send({ headerKey: needsMapping.headerKey, ...columns })}
        />
      )}

      {importId && /^\d+$/.test(importId) && <StatementResult importId={importId} staleDays={staleDays} onStaleDaysChange={setStaleDays} />}

      <section className="statements__section" aria-labelledby="statements-history">
        <h2 id="statements-history">{t('history.title')}</h2>
        {recent.data && recent.data.length === 0 && <p className="empty-state">{t('history.empty')}</p>}
        {recent.data && recent.data.length > 0 && (
          <ul className="compact-list statements__history">
            {recent.data.map((item) => (
              <li key={item.id}>
                <div>
                  <p className="statements__history-title">
                    <strong>{item.fileName}</strong>
                  </p>
                  <p className="muted statements__history-line">
                    {t('result.uploadedBy', { date: formatIstDateTime(item.createdAt, lang), name: item.uploadedBy.name })}
                  </p>
                  <p className="muted statements__history-line">
                    {t('history.summary', { credits: item.creditLines, fresh: item.newCreditLines, exact: item.exactCount, approved: item.approvedCount })}
                  </p>
                </div>
                {item.id === importId ? (
                  <span className="muted">{t('history.current')}</span>
                ) : (
                  <ButtonLink to={`?import=${item.id}`} aria-label={`${t('history.open')}: ${item.fileName}`}>
                    {t('history.open')}
                  </ButtonLink>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
