import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../components/password-field';
import { downloadText } from '../../lib/download';
import { errorMessage, useTRPC, type RouterOutputs } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { Language } from '../../../shared/domain';
import { formatIstDateTime } from '../../../shared/ist';
import { fieldLabel, readableValue, sectionLabel, shownColumns } from './my-data-view';
import { usePrivacyMessages } from './privacy-messages';
import './privacy.css';
import { SubmitButton } from '../../components/submit-button';

type MyData = RouterOutputs['privacy']['myData'];

/** One record as a readable list of its fields, named in the reader's language, money in rupees, moments in IST. */
function Fields({ row, accountId, lang }: { row: Record<string, unknown>; accountId: unknown; lang: Language }) {
  return (
    <dl className="details my-data__fields">
      {shownColumns(row, accountId).map(([field, value]) => {
        const shown = readableValue(field, value, lang);
        return (
          <div key={field}>
            <dt>{fieldLabel(field, lang)}</dt>
            <dd>{typeof shown === 'string' ? shown : <Fields row={shown} accountId={accountId} lang={lang} />}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * /account/my-data: everything the product holds about the signed-in person, after the password,
 * as a readable page (print it, or save it as PDF) and as a JSON file.
 */
export default function MyDataPage() {
  const { t, lang } = usePrivacyMessages();
  useDocumentTitle(t('myData.title'));
  const trpc = useTRPC();
  const fetchData = useMutation(trpc.privacy.myData.mutationOptions());
  const [password, setPassword] = useState('');
  const [data, setData] = useState<MyData | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    fetchData.mutate(
      { password },
      {
        onSuccess: (found) => {
          setData(found);
          setPassword('');
        },
        onError: (error) => setProblem(errorMessage(error, t('myData.failed'))),
      },
    );
  }

  return (
    <div className="page my-data">
      <h1>{t('myData.title')}</h1>
      {!data ? (
        <form className="form page--narrow" onSubmit={submit} noValidate>
          <p>{t('myData.intro')}</p>
          <PasswordField purpose="current" required={false} label={t('myData.password')} value={password} error={problem} onChange={setPassword} />
          <SubmitButton className="button button--primary" busy={fetchData.isPending} busyLabel={t('myData.busy')}>
            {t('myData.show')}
          </SubmitButton>
        </form>
      ) : (
        <>
          <p className="muted">{t('myData.exported', { date: formatIstDateTime(data.exportedAt, lang) })}</p>
          <p className="button-row no-print">
            <button
              type="button"
              className="button button--primary"
              onClick={() => downloadText(`my-data-${data.exportedAt}.json`, JSON.stringify(data, null, 2))}
            >
              {t('myData.downloadJson')}
            </button>
            <button type="button" className="button" onClick={() => window.print()}>
              {t('myData.print')}
            </button>
          </p>
          <section aria-labelledby="my-data-account">
            <h2 id="my-data-account">{t('myData.account')}</h2>
            <Fields row={data.account} accountId={data.account.id} lang={lang} />
          </section>
          {Object.entries(data.records).map(([table, rows]) => (
            <section key={table} aria-labelledby={`my-data-${table}`}>
              <h2 id={`my-data-${table}`}>{sectionLabel(table, lang)}</h2>
              {rows.length === 0 ? (
                <p>{t('myData.empty')}</p>
              ) : (
                rows.map((row, index) => <Fields key={String(row.id ?? index)} row={row} accountId={data.account.id} lang={lang} />)
              )}
            </section>
          ))}
        </>
      )}
    </div>
  );
}
