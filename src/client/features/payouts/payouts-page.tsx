import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Field } from '../../components/field';
import { MutationButton } from '../../components/mutation-button';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { errorMessage, fieldErrorsOf, type RouterOutputs, useTRPC, useTRPCClient } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { financialYearLabel, financialYearOf, istMonthLabel } from '../../../shared/financial-year';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { downloadText } from '../../lib/download';
import { PayoutsBalance } from './payouts-balance';
import { type ReferenceWords, referenceText } from './reference-text';
import { usePayoutsMessages } from './payouts-messages';
import { useRefreshPayouts } from './refresh-payouts';
import './payouts.css';
import { QueryState } from '../../components/query-state';

type Method = 'upi' | 'bank';

function DetailsForm({ holdDays, onDone }: { holdDays: number; onDone: () => void }) {
  const { t, count } = usePayoutsMessages();
  const trpc = useTRPC();
  const refresh = useRefreshPayouts();
  const [method, setMethod] = useState<Method>('upi');
  const [form, setForm] = useState({ upiId: '', accountHolder: '', accountNumber: '', accountNumberAgain: '', ifsc: '', pan: '', panName: '' });
  const [currentPassword, setCurrentPassword] = useState('');
  const save = useMutation(trpc.payouts.saveDetails.mutationOptions());
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  /** A field's value, its change and the server's word on it. */
  const bind = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (value: string) => setForm((old) => ({ ...old, [key]: value })),
    error: errors[key],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const pan = { pan: form.pan.trim() || null, panName: form.panName };
    const input =
      method === 'upi'
        ? { method, upiId: form.upiId, accountHolder: form.accountHolder, ...pan }
        : {
            method,
            accountHolder: form.accountHolder,
            accountNumber: form.accountNumber,
            accountNumberAgain: form.accountNumberAgain,
            ifsc: form.ifsc,
            ...pan,
          };
    save.mutate(
      { ...input, currentPassword },
      {
        onSuccess: async () => {
          toast.success(t('details.saved'));
          await refresh();
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, t('failed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t('details.method')}</legend>
        {(['upi', 'bank'] as const).map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} />
            {t(value === 'upi' ? 'details.upi' : 'details.bank')}
          </label>
        ))}
      </fieldset>
      <TextField label={t('details.holder')} hint={t('details.holderHint')} {...bind('accountHolder')} autoComplete="name" lang="en" required />
      {method === 'upi' ? (
        <TextField label={t('details.upi')} hint={t('details.upiHint')} {...bind('upiId')} autoComplete="off" inputMode="email" />
      ) : (
        <>
          <TextField label={t('details.account')} {...bind('accountNumber')} inputMode="numeric" autoComplete="off" />
          <TextField
            label={t('details.accountAgain')}
            {...bind('accountNumberAgain')}
            inputMode="numeric"
            autoComplete="off"
            onPaste={(event) => event.preventDefault()}
          />
          <TextField label={t('details.ifsc')} hint={t('details.ifscHint')} {...bind('ifsc')} autoCapitalize="characters" autoComplete="off" />
        </>
      )}
      <TextField label={t('details.pan')} hint={t('details.panHint')} {...bind('pan')} autoCapitalize="characters" autoComplete="off" />
      {form.pan.trim() !== '' && <TextField label={t('details.panName')} {...bind('panName')} autoCapitalize="characters" />}
      <PasswordField
        purpose="current"
        name="current-password"
        label={t('details.password')}
        hint={t('details.passwordHint')}
        value={currentPassword}
        onChange={setCurrentPassword}
        error={errors.currentPassword}
      />
      <p className="muted">{holdDays > 0 ? count('details.noteHeld', holdDays) : t('details.note')}</p>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('details.save')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('details.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The words a statement's and a payout line's references are read with, in the page's language. */
function useReferenceWords(): ReferenceWords {
  const { t } = usePayoutsMessages();
  return { order: t('statement.refOrder'), payout: t('statement.payout'), line: t('statement.refLine'), tds: t('statement.tds') };
}

function StatementSection() {
  const { t, lang } = usePayoutsMessages();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const now = Date.now();
  const thisYear = financialYearOf(now);
  const [kind, setKind] = useState<'month' | 'year'>('month');
  const [month, setMonth] = useState(istMonthLabel(now));
  const [year, setYear] = useState(financialYearLabel(thisYear));
  const period = kind === 'month' ? month : year;
  const statement = useQuery({ ...trpc.payouts.statement.queryOptions({ period }), enabled: /^\d{4}-\d{2}$|^FY/.test(period) });
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      const file = await client.payouts.statementCsv.query({ period });
      downloadText(file.fileName, file.csv);
    } catch (error) {
      toast.error(errorMessage(error, t('failed')));
    } finally {
      setDownloading(false);
    }
  }

  const kindText = { commission: t('statement.commission'), correction: t('statement.correction'), payout: t('statement.payout'), tds: t('statement.tds') };
  const referenceWords = useReferenceWords();
  return (
    <section aria-labelledby="statement-title">
      <h2 id="statement-title">{t('statement.title')}</h2>
      <fieldset>
        <legend>{t('statement.period')}</legend>
        {(['month', 'year'] as const).map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="period-kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
            {t(value === 'month' ? 'statement.month' : 'statement.year')}
          </label>
        ))}
        {kind === 'month' ? (
          <TextField label={t('statement.month')} type="month" value={month} onChange={setMonth} />
        ) : (
          <Field htmlFor="statement-year" label={t('statement.year')}>
            <select id="statement-year" value={year} onChange={(event) => setYear(event.target.value)}>
              {[0, 1, 2, 3].map((back) => (
                <option key={back} value={financialYearLabel(thisYear - back)}>
                  {financialYearLabel(thisYear - back)}
                </option>
              ))}
            </select>
          </Field>
        )}
      </fieldset>
      {statement.isError && <p role="alert">{errorMessage(statement.error, t('failed'))}</p>}
      {statement.data && (
        <>
          <dl className="details">
            <dt>{t('statement.opening')}</dt>
            <dd>{formatRupees(statement.data.openingOwedPaise)}</dd>
            <dt>{t('statement.closing')}</dt>
            <dd>{formatRupees(statement.data.closingOwedPaise)}</dd>
          </dl>
          {statement.data.lines.length === 0 ? (
            <p className="muted">{t('statement.empty')}</p>
          ) : (
            <ul className="statement-lines">
              {statement.data.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a statement is a fixed list, and one reference may have several lines
                <li key={`${line.reference}-${index}`}>
                  <span>
                    {formatIstDateTime(line.at, lang)} · {kindText[line.kind]} · {referenceText(line.reference, referenceWords)}
                    {line.description && ` · ${line.description}`}
                    {line.tds &&
                      ` · ${
                        line.tds.basePaise < 0
                          ? t('statement.tdsBack', { amount: formatRupees(-line.tds.basePaise) })
                          : t('statement.tdsOn', { rate: String(line.tds.rateBp / 100), amount: formatRupees(line.tds.basePaise), section: line.tds.section })
                      }`}
                    {line.utr && ` · UTR ${line.utr}`}
                  </span>
                  <strong>
                    {line.kind === 'payout'
                      ? formatRupees(-line.grossPaise)
                      : line.kind === 'tds'
                        ? formatRupees(-line.tdsPaise)
                        : formatRupees(line.earnedPaise)}
                  </strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p>
        <button type="button" className="button" onClick={download} disabled={downloading}>
          {t('statement.download')}
        </button>
      </p>
    </section>
  );
}

/** /payouts: the signed-in affiliate's balance, payout details, request, payouts and statements. */
type Mine = RouterOutputs['payouts']['mine'];

/** Where payouts go (UPI or a bank account, and the PAN), and changing it. */
function PayoutDetails({ details, holdDays }: { details: Mine['details']; holdDays: number }) {
  const { t } = usePayoutsMessages();
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title">{t('details.title')}</h2>
      {editing ? (
        <DetailsForm holdDays={holdDays} onDone={() => setEditing(false)} />
      ) : (
        <>
          {details ? (
            <dl className="details">
              {details.accountHolder && (
                <>
                  <dt>{t('details.holderShort')}</dt>
                  <dd>{details.accountHolder}</dd>
                </>
              )}
              {details.method === 'upi' ? (
                <>
                  <dt>{t('details.upi')}</dt>
                  <dd>{details.upiId}</dd>
                </>
              ) : (
                <>
                  <dt>{t('details.account')}</dt>
                  <dd>{details.accountNumber}</dd>
                  <dt>{t('details.ifsc')}</dt>
                  <dd>{details.ifsc}</dd>
                </>
              )}
              {details.pan && (
                <>
                  <dt>{t('details.pan_label')}</dt>
                  <dd>
                    {details.pan} ({details.panName})
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p>{t('details.none')}</p>
          )}
          <button type="button" className="button" onClick={() => setEditing(true)}>
            {details ? t('details.change') : t('details.add')}
          </button>
        </>
      )}
    </section>
  );
}

/** Asking for a payout: the open request (and cancelling it), the button, or why there is none yet. */
function PayoutRequest({ mine }: { mine: Mine }) {
  const { t, count, lang } = usePayoutsMessages();
  const trpc = useTRPC();
  const onChanged = useRefreshPayouts();
  const request = useMutation(trpc.payouts.request.mutationOptions());
  const cancel = useMutation(trpc.payouts.cancelRequest.mutationOptions());
  const { balance, details, openRequest, canRequest } = mine;
  const failed = (error: unknown) => toast.error(errorMessage(error, t('failed')));
  return (
    <section aria-labelledby="request-title">
      <h2 id="request-title">{t('request.title')}</h2>
      {openRequest ? (
        <>
          <p>
            {openRequest.status === 'open'
              ? t('request.open', { date: formatIstDateTime(openRequest.createdAt, lang), amount: formatRupees(openRequest.amountPaise) })
              : t('request.batched', { date: formatIstDateTime(openRequest.createdAt, lang) })}
          </p>
          <p>{count('request.usualTime', mine.usualDays)}</p>
          {(openRequest.status === 'open' || openRequest.status === 'batched') && (
            <MutationButton
              className="button"
              mutation={cancel}
              variables={{ requestId: openRequest.id }}
              options={{ onSuccess: () => toast.success(t('request.cancelled')), onError: failed, onSettled: onChanged }}
            >
              {t('request.cancel')}
            </MutationButton>
          )}
        </>
      ) : canRequest ? (
        <MutationButton
          className="button button--primary"
          mutation={request}
          variables={undefined}
          options={{ onSuccess: () => toast.success(t('request.sent')), onError: failed, onSettled: onChanged }}
        >
          {t('request.button', { amount: formatRupees(balance.requestablePaise) })}
        </MutationButton>
      ) : (
        <p className="muted">
          {!details
            ? t('request.needDetails')
            : mine.detailsHeldUntil !== null
              ? t('request.held', { date: formatIstDateTime(mine.detailsHeldUntil, lang) })
              : balance.onItsWayPaise > 0
                ? t('request.onItsWay')
                : t('balance.minimum', { amount: formatRupees(balance.minimumPaise) })}
        </p>
      )}
    </section>
  );
}

/** The payouts asked for (waiting for the admin) and those made or on their way, line by line. */
function PayoutLines({ lines, requests, usualDays }: { lines: Mine['lines']; requests: Mine['requests']; usualDays: number }) {
  const { t, count, lang } = usePayoutsMessages();
  const statusText = { pending: t('lines.pending'), paid: t('lines.paid'), failed: t('lines.failed') };
  const referenceWords = useReferenceWords();
  // A request the admin has put in a batch has a line of its own below; one still waiting has only itself.
  const waiting = requests.filter((request) => request.status === 'open');
  return (
    <section aria-labelledby="lines-title">
      <h2 id="lines-title">{t('lines.title')}</h2>
      {lines.length === 0 && waiting.length === 0 && <p className="muted">{t('lines.empty')}</p>}
      {waiting.length > 0 && (
        <ul className="payout-lines">
          {waiting.map((request) => (
            <li key={`request-${request.id}`}>
              <span>
                <strong>{t('lines.requested')}</strong> · {formatIstDateTime(request.createdAt, lang)} · {request.where}
                <br />
                {count('request.usualTime', usualDays)}
              </span>
              <span>
                <strong>{formatRupees(request.amountPaise)}</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
      {lines.length > 0 && (
        <ul className="payout-lines">
          {lines.map((line) => (
            <li key={line.id}>
              <span>
                <strong>{statusText[line.status]}</strong> · {referenceText(line.reference, referenceWords)} ·{' '}
                {formatIstDateTime(line.decidedAt ?? line.fixedAt, lang)}
                {line.where && ` · ${line.where}`}
                {line.utr && (
                  <>
                    <br />
                    {t('lines.utr', { utr: line.utr })}
                  </>
                )}
                {line.failReason && (
                  <>
                    <br />
                    {t('lines.reason', { reason: line.failReason })}
                  </>
                )}
              </span>
              <span>
                {/* TDS is booked when commission is credited (see the statement); only payouts from before that withheld it. */}
                {line.tdsPaise > 0 && `${t('lines.gross')} ${formatRupees(line.grossPaise)} · ${t('lines.tds')} ${formatRupees(line.tdsPaise)} · `}
                {t('lines.net')} <strong>{formatRupees(line.netPaise)}</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function PayoutsPage() {
  const { t } = usePayoutsMessages();
  useDocumentTitle(t('title'));
  const trpc = useTRPC();
  const mine = useQuery(trpc.payouts.mine.queryOptions());

  return (
    <QueryState query={mine} error={(error) => errorMessage(error, t('failed'))}>
      {(data) => (
        <div className="page payouts">
          <h1>{t('title')}</h1>
          <PayoutsBalance balance={data.balance} />
          <PayoutDetails details={data.details} holdDays={data.detailsHoldDays} />
          <PayoutRequest mine={data} />
          <PayoutLines lines={data.lines} requests={data.requests} usualDays={data.usualDays} />
          <StatementSection />
        </div>
      )}
    </QueryState>
  );
}
