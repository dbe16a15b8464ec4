import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { dateLocale, formatIstDateTime } from '../../../shared/ist';
import type { Language } from '../../../shared/domain';
import { formatRupees } from '../../../shared/money';
import { Dialog } from '../../components/dialog';
import { MutationButton } from '../../components/mutation-button';
import { errorMessage, useTRPC } from '../../lib/trpc';
import type { ApprovalSummary, CreditLine, MatchedOrder, StatementResultData } from './statement-types';
import { useStatementsMessages } from './statements-messages';
import { QueryState } from '../../components/query-state';
import { Field } from '../../components/field';

const STALE_DAY_CHOICES = [1, 2, 3, 5, 7, 10, 15, 30, 60, 90];

/** A statement date (YYYY-MM-DD) for people: "2 Nov 2026". */
function statementDate(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(dateLocale(lang), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Where a credit line sits in the statement, and its narration; `children` adds to the list between. */
function LineDetails({ line, children }: { line: CreditLine; children?: ReactNode }) {
  const { t, lang } = useStatementsMessages();
  return (
    <dl className="details">
      <dt>{t('result.date')}</dt>
      <dd>
        {statementDate(line.txnDate, lang)} · {t('result.row', { number: line.rowNumber })}
        {!line.isNew && <span className="badge statements__seen">{t('result.seenBefore')}</span>}
      </dd>
      {children}
      <dt>{t('result.narration')}</dt>
      <dd className="statements__narration">{line.description}</dd>
    </dl>
  );
}

/** Who placed an order, for what, and when (terms of a details list). */
function OrderDetails({ order }: { order: MatchedOrder }) {
  const { t, lang } = useStatementsMessages();
  return (
    <>
      <dt>{t('result.buyer')}</dt>
      <dd>
        {order.buyer.name} · {order.buyer.email}
      </dd>
      <dt>{t('result.package')}</dt>
      <dd>{order.packageName}</dd>
      <dt>{t('result.placed')}</dt>
      <dd>{formatIstDateTime(order.createdAt, lang)}</dd>
    </>
  );
}

function UtrLine({ utr }: { utr: string | null }) {
  const { t } = useStatementsMessages();
  return (
    <p className="statements__utr">
      {utr ? (
        <>
          {t('result.utr')}: <strong translate="no">{utr}</strong>
        </>
      ) : (
        <span className="muted">{t('result.noUtr')}</span>
      )}
    </p>
  );
}

/** The statement itself: its period, file, who uploaded it, its lines, and what was approved from it so far. */
function StatementSummary({ info }: { info: StatementResultData['import'] }) {
  const { t, lang } = useStatementsMessages();
  return (
    <section className="statements__section" aria-labelledby="statement-summary">
      <h2 id="statement-summary">
        {info.periodFrom && info.periodTo
          ? t('result.title', { from: statementDate(info.periodFrom, lang), to: statementDate(info.periodTo, lang) })
          : t('result.titleEmpty')}
      </h2>
      {info.repeatOf && <p className="notice">{t('result.repeatOf')}</p>}
      <dl className="details">
        <dt>{t('result.file')}</dt>
        <dd>{info.fileName}</dd>
        <dt>{t('result.uploaded')}</dt>
        <dd>{t('result.uploadedBy', { date: formatIstDateTime(info.createdAt, lang), name: info.uploadedBy.name })}</dd>
        <dt>{t('result.layout')}</dt>
        <dd>{info.layout === 'mapped' ? t('result.mapped') : info.layoutName}</dd>
        <dt>{t('result.lines')}</dt>
        <dd>{t('result.linesValue', { rows: info.rowsRead, credits: info.creditLines, fresh: info.newCreditLines })}</dd>
        {info.lastApprovedAt !== null && info.lastApprovedBy && (
          <>
            <dt>{t('result.approvedSoFar')}</dt>
            <dd>
              {t('result.approvedValue', {
                approved: info.approvedCount,
                failed: info.failedCount,
                name: info.lastApprovedBy.name,
                date: formatIstDateTime(info.lastApprovedAt, lang),
              })}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** Credits that match a pending order exactly, the button that approves them all, and the outcome of the last approval. */
function ExactMatches({
  lines,
  approvable,
  busy,
  onApprove,
  summary,
}: {
  lines: CreditLine[];
  approvable: number;
  busy: boolean;
  onApprove: () => void;
  summary: ApprovalSummary | null;
}) {
  const { t, count } = useStatementsMessages();
  return (
    <section className="statements__section" aria-labelledby="statement-exact">
      <h2 id="statement-exact">{t('exact.title', { count: lines.length })}</h2>
      <p className="muted">{t('exact.intro')}</p>
      {lines.length === 0 ? (
        <p className="empty-state">{t('exact.empty')}</p>
      ) : (
        <>
          <ul className="order-list">
            {lines.map((line) => (
              <li key={line.rowNumber} className="order-card order-card--approved">
                <p className="order-card__title">
                  <strong>{line.order?.buyer.name}</strong> <span className="order-card__amount">{formatRupees(line.amountPaise)}</span>
                </p>
                <UtrLine utr={line.utr} />
                <LineDetails line={line}>{line.order && <OrderDetails order={line.order} />}</LineDetails>
              </li>
            ))}
          </ul>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={onApprove} disabled={busy}>
              {count('exact.approveAll', approvable)}
            </button>
          </div>
        </>
      )}
      <div role="status" aria-live="polite">
        {summary && (
          <div className="statements__outcome">
            <h3>{t('exact.resultsTitle')}</h3>
            <p>{t('exact.done', { approved: summary.approved, failed: summary.failed })}</p>
            <ul className="compact-list">
              {summary.results.map((item) => (
                <li key={item.orderId}>
                  <span>
                    {item.buyerName ?? item.orderId} · <span translate="no">{item.utr}</span>
                    {item.amountPaise !== null && ` · ${formatRupees(item.amountPaise)}`}
                    {item.message && <span className="statements__failure"> — {item.message}</span>}
                  </span>
                  <span className={`badge ${item.ok ? 'badge--approved' : 'badge--rejected'}`}>{item.ok ? t('exact.approved') : t('exact.notApproved')}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

/** Credits whose UTR names an order of another amount. */
function Mismatches({ lines }: { lines: CreditLine[] }) {
  const { t } = useStatementsMessages();
  return (
    <section className="statements__section" aria-labelledby="statement-mismatch">
      <h2 id="statement-mismatch">{t('mismatch.title', { count: lines.length })}</h2>
      <p className="muted">{t('mismatch.intro')}</p>
      {lines.length === 0 ? (
        <p className="empty-state">{t('mismatch.empty')}</p>
      ) : (
        <ul className="order-list">
          {lines.map((line) => (
            <li key={line.rowNumber} className="order-card order-card--pending">
              <p className="order-card__title">
                <strong>{line.order?.buyer.name}</strong>
              </p>
              <UtrLine utr={line.utr} />
              <LineDetails line={line}>
                {line.order && (
                  <>
                    <dt>{t('result.statementAmount')}</dt>
                    <dd>
                      <strong>{formatRupees(line.amountPaise)}</strong>
                    </dd>
                    <dt>{t('result.orderAmount')}</dt>
                    <dd>
                      <strong>{formatRupees(line.order.amountPaise)}</strong>
                    </dd>
                    <OrderDetails order={line.order} />
                  </>
                )}
              </LineDetails>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Credits that name no order (or a UTR seen on another line). */
function NoOrder({ lines }: { lines: CreditLine[] }) {
  const { t } = useStatementsMessages();
  return (
    <section className="statements__section" aria-labelledby="statement-no-order">
      <h2 id="statement-no-order">{t('noOrder.title', { count: lines.length })}</h2>
      <p className="muted">{t('noOrder.intro')}</p>
      {lines.length === 0 ? (
        <p className="empty-state">{t('noOrder.empty')}</p>
      ) : (
        <ul className="order-list">
          {lines.map((line) => (
            <li key={line.rowNumber} className="order-card order-card--rejected">
              <p className="order-card__title">
                <span className="order-card__amount">{formatRupees(line.amountPaise)}</span>
              </p>
              <UtrLine utr={line.utr} />
              {line.note === 'repeated_utr' && <p className="statements__failure">{t('result.repeatedUtr')}</p>}
              <LineDetails line={line} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Pending orders older than the chosen number of days that no credit paid. */
function StaleOrders({ orders, staleDays, onStaleDaysChange }: { orders: MatchedOrder[]; staleDays: number; onStaleDaysChange: (days: number) => void }) {
  const { t, count } = useStatementsMessages();
  const staleId = useId();
  return (
    <section className="statements__section" aria-labelledby="statement-stale">
      <h2 id="statement-stale">{t('stale.title', { count: orders.length })}</h2>
      <p className="muted">{t('stale.intro')}</p>
      <Field htmlFor={staleId} label={t('stale.days')} className="statements__days">
        <select id={staleId} value={staleDays} onChange={(event) => onStaleDaysChange(Number(event.target.value))}>
          {STALE_DAY_CHOICES.map((days) => (
            <option key={days} value={days}>
              {count('stale.daysOption', days)}
            </option>
          ))}
        </select>
      </Field>
      {orders.length === 0 ? (
        <p className="empty-state">{t('stale.empty')}</p>
      ) : (
        <ul className="order-list">
          {orders.map((order) => (
            <li key={order.id} className="order-card order-card--pending">
              <p className="order-card__title">
                <strong>{order.buyer.name}</strong> <span className="order-card__amount">{formatRupees(order.amountPaise)}</span>
              </p>
              <UtrLine utr={order.utr} />
              <dl className="details">
                <OrderDetails order={order} />
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Credits whose order is already decided (by this approval, or before). */
function Settled({ lines }: { lines: StatementResultData['settled'] }) {
  const { t } = useStatementsMessages();
  return (
    <section className="statements__section" aria-labelledby="statement-settled">
      <h2 id="statement-settled">{t('settled.title', { count: lines.length })}</h2>
      {lines.length === 0 ? (
        <p className="empty-state">{t('settled.empty')}</p>
      ) : (
        <ul className="compact-list">
          {lines.map((line) => (
            <li key={line.rowNumber}>
              <span>
                {line.order?.buyer.name} · <span translate="no">{line.utr}</span> · {formatRupees(line.amountPaise)}
              </span>
              {line.result?.status === 'approved' && <span className="badge badge--approved">{t('settled.byThis')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Props = { importId: string; staleDays: number; onStaleDaysChange: (days: number) => void };

/** One import's credits against the orders as they are now, and the one-click approval. */
export function StatementResult({ importId, staleDays, onStaleDaysChange }: Props) {
  const { t, count } = useStatementsMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [summary, setSummary] = useState<{ importId: string; data: ApprovalSummary } | null>(null);
  const result = useQuery({ ...trpc.statements.result.queryOptions({ importId, staleDays }), placeholderData: keepPreviousData });
  const approve = useMutation(trpc.statements.approveExact.mutationOptions());

  return (
    <QueryState query={result} error={(error) => errorMessage(error, t('result.loadFailed'))}>
      {(data) => {
        const exactIds = data.exact.flatMap((line) => (line.order ? [line.order.id] : []));

        return (
          <div className="statements__result">
            <StatementSummary info={data.import} />
            <ExactMatches
              lines={data.exact}
              approvable={exactIds.length}
              busy={approve.isPending}
              onApprove={() => setConfirming(true)}
              summary={summary?.importId === importId ? summary.data : null}
            />
            <Mismatches lines={data.mismatches} />
            <NoOrder lines={data.noOrder} />
            <StaleOrders orders={data.stale} staleDays={staleDays} onStaleDaysChange={onStaleDaysChange} />
            <Settled lines={data.settled} />

            <Dialog open={confirming} onClose={() => setConfirming(false)} title={count('exact.confirmTitle', exactIds.length)} closeLabel={t('exact.cancel')}>
              <div className="form">
                <p>{t('exact.confirmText')}</p>
                <div className="button-row">
                  <MutationButton
                    className="button button--primary"
                    mutation={approve}
                    variables={{ importId, orderIds: exactIds }}
                    options={{
                      // The outcome is announced by its own live region under the button, not by a toast.
                      onSuccess: (answer) => setSummary({ importId, data: answer }),
                      onError: (error) => toast.error(errorMessage(error, t('exact.failed'))),
                      onSettled: async () => {
                        setConfirming(false);
                        await queryClient.invalidateQueries({ queryKey: trpc.statements.pathKey() });
                        await queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
                      },
                    }}
                    busyLabel={t('exact.busy')}
                  >
                    {count('exact.confirm', exactIds.length)}
                  </MutationButton>
                  <button type="button" className="button" onClick={() => setConfirming(false)}>
                    {t('exact.cancel')}
                  </button>
                </div>
              </div>
            </Dialog>
          </div>
        );
      }}
    </QueryState>
  );
}
