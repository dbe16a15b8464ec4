import { TextField } from '../../components/text-field';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { Dialog } from '../../components/dialog';
import { Pager, usePaging } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { errorMessage, type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { useOrdersMessages } from './orders-messages';
import { partsRefundLabel, standingOf } from './order-standing';
import { PaymentAlerts } from './payment-alerts';
import { siteConfig } from '../../lib/site-config';
import './pending-orders-page.css';
import { PENDING_POLL_MS } from './use-pending-orders';
import { pagePaths } from '../../../shared/page-paths';
import { Field } from '../../components/field';

type Tab = 'pending' | 'decided';
type AdminOrder = RouterOutputs['orders']['pending' | 'decided']['orders'][number];
type Decision = { order: AdminOrder; action: 'approve' | 'reject' | 'refund' | 'difference' };

/** One order for the admin: what was bought, how it was paid, by whom, and the decisions it can still take. */
function OrderCard({ order, onDecide }: { order: AdminOrder; onDecide: (decision: Decision) => void }) {
  const { t, lang } = useOrdersMessages();
  const amount = formatRupees(order.amountPaise);
  /** Opens the confirmation of this decision on this order. */
  const decide = (action: Decision['action']) => onDecide({ order, action });
  return (
    <li className={`order-card order-card--${standingOf(order)}`}>
      <p className="order-card__title">
        <strong>{order.package.name}</strong> <span className="order-card__amount">{amount}</span>
      </p>
      {order.paymentMethod === 'gateway' ? (
        <p className="pending-orders__utr">
          <span>
            {order.gatewayPaymentId ? t('admin.gatewayPayment') : t('admin.gatewayOrder')}: <strong translate="no">{order.utr}</strong>
          </span>
          {order.status === 'pending' && <span className="badge badge--pending">{t('admin.waitingGateway')}</span>}
        </p>
      ) : (
        <p className="pending-orders__utr">
          <span>
            {t('admin.utr')}: <strong translate="no">{order.utr}</strong>
          </span>
          <CopyButton text={order.utr} label={t('admin.copyUtr')} copiedMessage={t('admin.utrCopied')} failedMessage={t('admin.utrCopied')} />
          {order.status === 'pending' && siteConfig.gateway && <span className="badge">{t('admin.waitingUtr')}</span>}
        </p>
      )}
      <dl className="details">
        <dt>{t('admin.buyer')}</dt>
        <dd>
          {order.buyer.name} · {order.buyer.email}
        </dd>
        {(order.payer.name !== order.buyer.name || order.payer.email !== order.buyer.email) && (
          <>
            <dt>{t('admin.payer')}</dt>
            <dd>
              {order.payer.name} · {order.payer.email}
            </dd>
          </>
        )}
        <dt>{t('admin.referrer')}</dt>
        <dd>{order.referrer?.name ?? t('admin.none')}</dd>
        {order.discount && (
          <>
            <dt>{t('admin.discount')}</dt>
            <dd>
              {t('admin.discountText', {
                code: order.discount.code,
                discount: formatRupees(order.discount.discountPaise),
                list: formatRupees(order.discount.listPricePaise),
              })}
            </dd>
          </>
        )}
        <dt>{t('admin.placed')}</dt>
        <dd>{formatIstDateTime(order.createdAt, lang)}</dd>
        {order.parts.length > 0 && (
          <>
            {/* Parts the gateway's full payment made surplus are money to send back, not payments of the order. */}
            <dt>{order.partsRefund ? t(partsRefundLabel(order.partsRefund)) : t('admin.parts')}</dt>
            <dd>
              <ul className="order-parts">
                {order.parts.map((part) => (
                  <li key={part.utr} translate="no">
                    {t('admin.part', { utr: part.utr, amount: formatRupees(part.amountPaise) })}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      {order.status === 'pending' ? (
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => decide('approve')}>
            {t('admin.approve')}
          </button>
          <button type="button" className="button button--danger" onClick={() => decide('reject')}>
            {t('admin.reject')}
          </button>
          {order.paymentMethod === 'utr' && (
            <button type="button" className="button" onClick={() => decide('difference')}>
              {t('admin.difference')}
            </button>
          )}
        </div>
      ) : (
        <p className="muted">
          <span className={`badge badge--${standingOf(order)}`}>{t(`mine.${standingOf(order)}`)}</span>{' '}
          {order.decidedBy && order.decidedAt !== null && t('admin.decidedBy', { name: order.decidedBy.name, date: formatIstDateTime(order.decidedAt, lang) })}
          {order.differenceDue &&
            ` · ${t('admin.differenceDue', { received: formatRupees(order.differenceDue.receivedPaise), remainder: formatRupees(order.differenceDue.remainderPaise) })}`}
          {order.reason && ` · ${order.reason}`}
          {order.reversal && ` · ${t('admin.reversed', { date: formatIstDateTime(order.reversal.at, lang), reason: order.reversal.reason })}`}
        </p>
      )}
      {order.status === 'approved' && order.gatewayPaymentId && !order.reversal && (
        <button type="button" className="button button--danger" onClick={() => decide('refund')}>
          {t('admin.refund')}
        </button>
      )}
    </li>
  );
}

/** Asks before a decision on an order is sent: approve (with its UTR), reject or refund (with a reason). */
function DecisionDialog({
  deciding,
  reason,
  onReasonChange,
  received,
  onReceivedChange,
  busy,
  onConfirm,
  onClose,
}: {
  deciding: Decision | null;
  reason: string;
  onReasonChange: (reason: string) => void;
  received: string;
  onReceivedChange: (received: string) => void;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useOrdersMessages();
  return (
    <Dialog
      open={deciding !== null}
      onClose={onClose}
      title={
        deciding?.action === 'reject'
          ? t('admin.confirmReject')
          : deciding?.action === 'refund'
            ? t('admin.refundTitle')
            : deciding?.action === 'difference'
              ? t('admin.differenceTitle')
              : t('admin.confirmApprove')
      }
      closeLabel={t('admin.cancel')}
    >
      {deciding && (
        <div className="form">
          <p>
            {deciding.action === 'approve'
              ? t('admin.confirmApproveText', { amount: formatRupees(deciding.order.amountPaise), utr: deciding.order.utr, buyer: deciding.order.buyer.name })
              : deciding.action === 'refund'
                ? t('admin.refundText', { amount: formatRupees(deciding.order.amountPaise), buyer: deciding.order.buyer.name })
                : deciding.action === 'difference'
                  ? t('admin.differenceText', {
                      price: formatRupees(deciding.order.amountPaise),
                      utr: deciding.order.parts.at(-1)?.utr ?? deciding.order.utr,
                      buyer: deciding.order.buyer.name,
                    })
                  : t('admin.confirmRejectText', { buyer: deciding.order.buyer.name })}
          </p>
          {deciding.action === 'difference' && (
            <Field
              htmlFor="difference-received"
              label={t('admin.differenceReceived')}
              hint={t('admin.differenceHint', { price: formatRupees(deciding.order.amountPaise) })}
            >
              <input
                id="difference-received"
                inputMode="decimal"
                autoComplete="off"
                value={received}
                onChange={(event) => onReceivedChange(event.target.value)}
              />
            </Field>
          )}
          {deciding.action !== 'approve' && (
            <Field htmlFor="reject-reason" label={t('admin.reason')}>
              <textarea id="reject-reason" rows={3} maxLength={300} value={reason} onChange={(event) => onReasonChange(event.target.value)} />
            </Field>
          )}
          <div className="button-row">
            <button
              type="button"
              className={deciding.action === 'approve' ? 'button button--primary' : 'button button--danger'}
              onClick={onConfirm}
              disabled={busy}
            >
              {deciding.action === 'approve'
                ? t('admin.approve')
                : deciding.action === 'refund'
                  ? t('admin.refund')
                  : deciding.action === 'difference'
                    ? t('admin.difference')
                    : t('admin.reject')}
            </button>
            <button type="button" className="button" onClick={onClose}>
              {t('admin.cancel')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

export default function PendingOrdersPage() {
  const { t } = useOrdersMessages();
  useDocumentTitle(t('admin.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('pending');
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const { page, setPage } = usePaging(`${tab} ${search}`);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [received, setReceived] = useState('');

  const pending = useQuery({
    ...trpc.orders.pending.queryOptions({ search: query || undefined, page }),
    enabled: tab === 'pending',
    // New orders show up without leaving the page: asked again every 20 s and whenever the window is focused again
    // ('always': the app's 30 s staleTime would otherwise skip a focus soon after the last answer).
    refetchInterval: PENDING_POLL_MS,
    refetchOnWindowFocus: 'always',
    placeholderData: keepPreviousData,
  });
  const decided = useQuery({
    ...trpc.orders.decided.queryOptions({ search: query || undefined, page }),
    enabled: tab === 'decided',
    placeholderData: keepPreviousData,
  });
  const decide = useMutation(trpc.orders.decide.mutationOptions());
  const refund = useMutation(trpc.payments.refundOrder.mutationOptions());
  const askDifference = useMutation(trpc.orders.askDifference.mutationOptions());
  const list = tab === 'pending' ? pending : decided;
  const pageSize = list.data?.pageSize ?? 50;
  const hasMore = page * pageSize < (list.data?.total ?? 0);

  function confirm() {
    if (!deciding) return;
    const done = async () => {
      setDeciding(null);
      setReason('');
      setReceived('');
      await queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
    };
    if (deciding.action === 'difference') {
      askDifference.mutate(
        { orderId: deciding.order.id, receivedPaise: received, ...(reason.trim() && { reason: reason.trim() }) },
        {
          onSuccess: (result) => {
            toast.success(t('admin.differenceAsked', { remainder: formatRupees(result.order.differenceDue?.remainderPaise ?? 0) }));
            void done();
          },
          // The dialog stays open on a wrong amount, with what was typed.
          onError: (error) => toast.error(errorMessage(error, t('admin.failed'))),
        },
      );
      return;
    }
    if (deciding.action === 'refund') {
      refund.mutate(
        { orderId: deciding.order.id, reason: reason.trim() || t('admin.refund') },
        {
          onSuccess: () => toast.success(t('admin.refunded')),
          onError: (error) => toast.error(errorMessage(error, t('admin.failed'))),
          onSettled: done,
        },
      );
      return;
    }
    decide.mutate(
      { orderId: deciding.order.id, action: deciding.action, ...(deciding.action === 'reject' && reason.trim() && { reason: reason.trim() }) },
      {
        onSuccess: (result) => toast.success(t(result.order.status === 'approved' ? 'admin.approved' : 'admin.rejected')),
        onError: (error) => toast.error(errorMessage(error, t('admin.failed'))),
        onSettled: done,
      },
    );
  }

  const emptyText = query ? t('admin.noMatch') : tab === 'pending' ? t('admin.empty') : t('admin.emptyDecided');

  return (
    <div className="page pending-orders">
      <h1>{t('admin.title')}</h1>
      <p>
        <Link to={pagePaths.adminStatements}>{t('admin.matchStatement')}</Link>
      </p>
      <div className="tabs" role="tablist">
        {(['pending', 'decided'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className="tabs__tab" onClick={() => setTab(name)}>
            {name === 'pending' ? t('admin.pendingTab') : t('admin.decidedTab')}
          </button>
        ))}
      </div>
      <PaymentAlerts />
      <TextField label={t('admin.search')} type="search" value={search} onChange={setSearch} />

      <QueryState query={list} error={t('admin.loadFailed')} isEmpty={(data) => data.orders.length === 0} empty={<p className="empty-state">{emptyText}</p>}>
        {(data) => (
          <ul className="order-list" aria-live="polite">
            {data.orders.map((order) => (
              <OrderCard key={order.id} order={order} onDecide={setDeciding} />
            ))}
          </ul>
        )}
      </QueryState>
      <Pager page={page} hasNext={hasMore} onPage={setPage} />

      <DecisionDialog
        deciding={deciding}
        reason={reason}
        onReasonChange={setReason}
        received={received}
        onReceivedChange={setReceived}
        busy={decide.isPending || refund.isPending || askDifference.isPending}
        onConfirm={confirm}
        onClose={() => setDeciding(null)}
      />
    </div>
  );
}
