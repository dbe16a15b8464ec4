import { SharedPlacementFlags } from '../discounts/shared-placement-flags';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { errorMessage, fieldErrorsOf, type RouterOutputs, useTRPC, useTRPCClient } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { recentQuarters } from '../../../shared/recent-quarters';
import { formatIstDate, formatIstDateTime, istDateStart, istDateTimeToEpoch } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { downloadText } from '../../lib/download';
import { usePayoutsAdminMessages } from './payouts-admin-messages';
import { useRefreshPayouts } from './refresh-payouts';
import './payouts.css';
import { QueryState } from '../../components/query-state';

type Details = RouterOutputs['payouts']['overview']['ready'][number]['details'];

function where(details: Details): string {
  if (!details) return '';
  return details.method === 'upi' ? `UPI ${details.upiId}` : `${details.accountHolder}, ${details.accountNumber}, ${details.ifsc}`;
}

type Line = RouterOutputs['payouts']['batches'][number]['lines'][number];

function BatchLine({ line }: { line: Line }) {
  const { t } = usePayoutsAdminMessages();
  const trpc = useTRPC();
  const onChanged = useRefreshPayouts();
  const [utr, setUtr] = useState('');
  const [reason, setReason] = useState('');
  const paid = useMutation(trpc.payouts.markPaid.mutationOptions());
  const failed = useMutation(trpc.payouts.markFailed.mutationOptions());

  return (
    <li>
      <span>
        <strong>{line.name}</strong> · {line.reference} · {where(line.details)}
      </span>
      <span>
        {t('batches.gross')} {formatRupees(line.grossPaise)} · {t('batches.tds')} {formatRupees(line.tdsPaise)} · {t('batches.net')}{' '}
        <strong>{formatRupees(line.netPaise)}</strong>
      </span>
      {line.status === 'paid' && <span>{t('batches.paid', { utr: line.utr ?? '' })}</span>}
      {line.status === 'failed' && <span>{t('batches.failed', { reason: line.failReason ?? '' })}</span>}
      {line.status === 'pending' && (
        <div className="batch-line__actions">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              paid.mutate(
                { lineId: line.id, utr },
                {
                  onSuccess: () => toast.success(t('batches.markedPaid', { name: line.name })),
                  onError: (error) => toast.error(errorMessage(error, t('failed'))),
                  onSettled: onChanged,
                },
              );
            }}
          >
            <TextField
              label={t('batches.utr', { name: line.name })}
              value={utr}
              onChange={setUtr}
              error={paid.isError ? fieldErrorsOf(paid.error).utr : null}
              autoComplete="off"
              autoCapitalize="characters"
            />
            <button type="submit" className="button button--primary" disabled={paid.isPending}>
              {t('batches.markPaid')}
            </button>
          </form>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              failed.mutate(
                { lineId: line.id, reason },
                {
                  onSuccess: () => toast.success(t('batches.markedFailed')),
                  onError: (error) => toast.error(errorMessage(error, t('failed'))),
                  onSettled: onChanged,
                },
              );
            }}
          >
            <TextField
              label={t('batches.reason', { name: line.name })}
              value={reason}
              onChange={setReason}
              error={failed.isError ? fieldErrorsOf(failed.error).reason : null}
            />
            <button type="submit" className="button button--danger" disabled={failed.isPending}>
              {t('batches.markFailed')}
            </button>
          </form>
        </div>
      )}
    </li>
  );
}

function ReverseOrder() {
  const { t } = usePayoutsAdminMessages();
  const trpc = useTRPC();
  const onChanged = useRefreshPayouts();
  const [utr, setUtr] = useState('');
  const [reason, setReason] = useState('');
  const reverse = useMutation(trpc.payouts.reverseOrder.mutationOptions());
  const fields = fieldErrorsOf(reverse.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    reverse.mutate(
      { utr, reason },
      {
        onSuccess: (result) => {
          toast.success(t('reverse.done', { amount: formatRupees(result.commissionPaise) }));
          setUtr('');
          setReason('');
        },
        onError: (error) => toast.error(errorMessage(error, t('failed'))),
        onSettled: onChanged,
      },
    );
  }
  return (
    <section aria-labelledby="reverse-title">
      <h2 id="reverse-title">{t('reverse.title')}</h2>
      <p className="muted">{t('reverse.intro')}</p>
      <form onSubmit={submit} noValidate>
        <TextField label={t('reverse.utr')} value={utr} onChange={setUtr} error={fields.utr} inputMode="numeric" autoComplete="off" />
        <TextField label={t('reverse.reason')} value={reason} onChange={setReason} error={fields.reason} />
        <button type="submit" className="button button--danger" disabled={reverse.isPending}>
          {t('reverse.button')}
        </button>
      </form>
    </section>
  );
}

/** The quarter's TDS booked at credit, month by month, with the date each month's must be paid to the government. */
function TdsDeposits({ quarter }: { quarter: string }) {
  const { t, lang } = usePayoutsAdminMessages();
  const trpc = useTRPC();
  const register = useQuery(trpc.payouts.tdsRegister.queryOptions({ quarter }));
  if (!register.data) return null;
  if (register.data.deposits.length === 0) return <p className="muted">{t('tds.none')}</p>;
  return (
    <ul className="tds-deposits" aria-label={t('tds.deposits')}>
      {register.data.deposits.map((deposit) => (
        <li key={deposit.month}>
          {t('tds.deposit', {
            month: deposit.month,
            amount: formatRupees(deposit.tdsPaise),
            date: formatIstDate(istDateStart(deposit.dueDate), lang),
          })}
        </li>
      ))}
    </ul>
  );
}

type Overview = RouterOutputs['payouts']['overview'];
type Batch = RouterOutputs['payouts']['batches'][number];

/** Fetches a file (a bank file, the TDS register) and saves it; says so when that fails. */
function useDownload() {
  const { t } = usePayoutsAdminMessages();
  return async (getFile: () => Promise<{ fileName: string; csv: string }>) => {
    try {
      const file = await getFile();
      downloadText(file.fileName, file.csv);
    } catch (error) {
      toast.error(errorMessage(error, t('failed')));
    }
  };
}

function Totals({ data }: { data: Overview }) {
  const { t } = usePayoutsAdminMessages();
  return (
    <dl className="payouts-totals">
      <div>
        <dt>{t('totalOwed')}</dt>
        <dd data-testid="total-owed">{formatRupees(data.totalOwedPaise)}</dd>
      </div>
      <div>
        <dt>{t('readyTotal')}</dt>
        <dd>{formatRupees(data.readyTotalPaise)}</dd>
      </div>
      <div>
        <dt>{t('inFlightTotal')}</dt>
        <dd>{formatRupees(data.inFlight.reduce((sum, row) => sum + row.grossPaise, 0))}</dd>
      </div>
    </dl>
  );
}

/** Who can be paid now: choosing them (those with payout details) and making a batch, up to a cutoff. */
function ReadyToPay({ data }: { data: Overview }) {
  const { t, lang, count } = usePayoutsAdminMessages();
  const trpc = useTRPC();
  const onChanged = useRefreshPayouts();
  const makeBatch = useMutation(trpc.payouts.makeBatch.mutationOptions());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [cutoff, setCutoff] = useState('');
  const payable = data.ready.filter((row) => row.payable);
  const chosen = payable.filter((row) => selected.has(row.userId));

  function toggle(userId: string) {
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  }

  function submitBatch(event: FormEvent) {
    event.preventDefault();
    makeBatch.mutate(
      { userIds: chosen.map((row) => row.userId), ...(cutoff && { cutoff: istDateTimeToEpoch(cutoff) }) },
      {
        onSuccess: (result) => {
          toast.success(count('ready.made', result.lines));
          if (result.skipped.length > 0) toast(t('ready.skipped', { names: result.skipped.map((s) => s.name).join(', ') }));
          setSelected(new Set());
        },
        onError: (error) => toast.error(errorMessage(error, t('failed'))),
        onSettled: onChanged,
      },
    );
  }

  return (
    <section aria-labelledby="ready-title">
      <h2 id="ready-title">{t('ready.title', { count: data.ready.length })}</h2>
      {data.ready.length === 0 ? (
        <p className="muted">{t('ready.empty', { amount: formatRupees(data.minimumPaise) })}</p>
      ) : (
        <form onSubmit={submitBatch}>
          <label className="choice">
            <input
              type="checkbox"
              checked={payable.length > 0 && chosen.length === payable.length}
              onChange={(event) => setSelected(event.target.checked ? new Set(payable.map((row) => row.userId)) : new Set())}
            />
            {t('ready.selectAll')}
          </label>
          <ul className="owed-rows">
            {data.ready.map((row) => (
              <li key={row.userId}>
                <label className="choice">
                  <input
                    type="checkbox"
                    disabled={!row.payable}
                    checked={selected.has(row.userId)}
                    onChange={() => toggle(row.userId)}
                    aria-label={t('ready.select', { name: row.name })}
                  />
                  <span>
                    <strong>{row.name}</strong> · {row.email}
                    <br />
                    {row.details ? where(row.details) : t('ready.noDetails')}
                    {row.request && (
                      <>
                        <br />
                        {t('ready.requested', { date: formatIstDateTime(row.request.createdAt, lang) })}
                      </>
                    )}
                  </span>
                </label>
                <strong>{formatRupees(row.availablePaise)}</strong>
              </li>
            ))}
          </ul>
          <TextField label={t('ready.cutoff')} type="datetime-local" value={cutoff} onChange={setCutoff} />
          <button type="submit" className="button button--primary" disabled={chosen.length === 0 || makeBatch.isPending}>
            {t('ready.make', { count: chosen.length })}
          </button>
        </form>
      )}
    </section>
  );
}

/** Owed but not payable now (below the minimum, details just changed, deleted accounts), and what is already in a batch. */
function NotReady({ data }: { data: Overview }) {
  const { t, lang } = usePayoutsAdminMessages();
  return (
    <>
      {data.others.length > 0 && (
        <details>
          <summary>{t('others.title', { count: data.others.length })}</summary>
          <ul className="owed-rows">
            {data.others.map((row) => (
              <li key={row.userId}>
                <span>
                  {row.name} · {row.email}
                  {row.deleted && ` (${t('others.deleted')})`}
                  {row.heldUntil !== null && ` (${t('others.held', { date: formatIstDateTime(row.heldUntil, lang) })})`}
                </span>
                <strong>{formatRupees(row.availablePaise)}</strong>
              </li>
            ))}
          </ul>
        </details>
      )}
      {data.inFlight.length > 0 && (
        <details>
          <summary>{t('inFlight.title', { count: data.inFlight.length })}</summary>
          <ul className="owed-rows">
            {data.inFlight.map((row) => (
              <li key={row.lineId}>
                <span>{row.name}</span>
                <strong>{formatRupees(row.grossPaise)}</strong>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** One batch: when and by whom it was made, its totals, its bank file while lines are pending, and its lines. */
function BatchCard({ batch }: { batch: Batch }) {
  const { t, lang } = usePayoutsAdminMessages();
  const onChanged = useRefreshPayouts();
  const client = useTRPCClient();
  const download = useDownload();
  return (
    <article className="batch" aria-labelledby={`batch-${batch.id}`}>
      <h3 id={`batch-${batch.id}`}>{t('batches.batch', { id: batch.id })}</h3>
      <p className="muted">
        {t('batches.made', {
          date: formatIstDateTime(batch.createdAt, lang),
          name: batch.createdBy,
          cutoff: formatIstDateTime(batch.cutoff, lang),
        })}
        <br />
        {t('batches.totals', {
          gross: formatRupees(batch.totals.grossPaise),
          tds: formatRupees(batch.totals.tdsPaise),
          net: formatRupees(batch.totals.netPaise),
          pending: batch.totals.pending,
          paid: batch.totals.paid,
          failed: batch.totals.failed,
        })}
        {batch.exportedAt !== null && (
          <>
            <br />
            {t('batches.exported', { date: formatIstDateTime(batch.exportedAt, lang) })}
          </>
        )}
      </p>
      {batch.totals.pending > 0 && (
        <button
          type="button"
          className="button"
          onClick={async () => {
            await download(() => client.payouts.exportBatch.mutate({ batchId: batch.id }));
            await onChanged();
          }}
        >
          {t('batches.download', { id: batch.id })}
        </button>
      )}
      <ul className="batch-lines">
        {batch.lines.map((line) => (
          <BatchLine key={line.id} line={line} />
        ))}
      </ul>
    </article>
  );
}

/** The TDS register of one of the last four quarters: its CSV and the deposits it calls for. */
function TdsRegister({ tdsEnabled }: { tdsEnabled: boolean }) {
  const { t } = usePayoutsAdminMessages();
  const client = useTRPCClient();
  const download = useDownload();
  const quarters = recentQuarters(Date.now()).map((quarter) => quarter.label);
  const [quarter, setQuarter] = useState(quarters[0]!);
  return (
    <section aria-labelledby="tds-title">
      <h2 id="tds-title">{t('tds.title')}</h2>
      {!tdsEnabled && <p className="muted">{t('tds.off')}</p>}
      <Field htmlFor="tds-quarter" label={t('tds.quarter')}>
        <select id="tds-quarter" value={quarter} onChange={(event) => setQuarter(event.target.value)}>
          {quarters.map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <button type="button" className="button" onClick={() => download(() => client.payouts.tdsRegister.query({ quarter }))}>
        {t('tds.download')}
      </button>
      <TdsDeposits quarter={quarter} />
    </section>
  );
}

/** /admin/payouts: who is owed, batches with their bank file, marking lines, the TDS register, reversals. */
export default function AdminPayoutsPage() {
  const { t } = usePayoutsAdminMessages();
  useDocumentTitle(t('title'));
  const trpc = useTRPC();
  const overview = useQuery(trpc.payouts.overview.queryOptions());
  const batches = useQuery(trpc.payouts.batches.queryOptions());

  return (
    <QueryState query={overview} error={(error) => errorMessage(error, t('failed'))}>
      {(data) => (
        <QueryState query={batches} error={(error) => errorMessage(error, t('failed'))}>
          {(batchList) => (
            <div className="page payouts">
              <h1>{t('title')}</h1>
              <SharedPlacementFlags />
              <Totals data={data} />
              <ReadyToPay data={data} />
              <NotReady data={data} />

              <section aria-labelledby="batches-title">
                <h2 id="batches-title">{t('batches.title')}</h2>
                {batchList.length === 0 && <p className="muted">{t('batches.empty')}</p>}
                {batchList.map((batch) => (
                  <BatchCard key={batch.id} batch={batch} />
                ))}
              </section>

              <TdsRegister tdsEnabled={data.tdsEnabled} />
              <ReverseOrder />
            </div>
          )}
        </QueryState>
      )}
    </QueryState>
  );
}
