import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { siteConfig } from '../../lib/site-config';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { useOrdersMessages } from './orders-messages';

/**
 * Gateway payments an admin must act on (paid twice, the wrong amount, for a rejected order, partly
 * refunded, or paying an order whose UPI part is then to be sent back from the bank, with its UTRs),
 * above the pending orders; nothing at all without a gateway or without alerts.
 */
export function PaymentAlerts() {
  const { t, lang } = useOrdersMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const alerts = useQuery({ ...trpc.payments.alerts.queryOptions(), enabled: siteConfig.gateway !== null });
  const resolve = useMutation(trpc.payments.resolveAlert.mutationOptions());
  if (!alerts.data?.length) return null;

  const settle = (alertId: string, refund: boolean) =>
    resolve.mutate(
      { alertId, refund },
      {
        onSuccess: () => toast.success(t('admin.alertDone')),
        onError: (error) => toast.error(errorMessage(error, t('admin.failed'))),
        onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.payments.alerts.queryKey() }),
      },
    );

  return (
    <section className="payment-alerts" aria-labelledby="payment-alerts-title">
      <h2 id="payment-alerts-title">{t('admin.alertsTitle')}</h2>
      <ul className="order-list">
        {alerts.data.map((alert) => (
          <li key={alert.id} className="order-card order-card--alert">
            <p className="order-card__title">
              <strong>{alert.order.packageName}</strong> <span className="order-card__amount">{formatRupees(alert.amountPaise)}</span>
            </p>
            <p role="note">{t(`admin.alert_${alert.kind}`)}</p>
            <dl className="details">
              <dt>{t('admin.buyer')}</dt>
              <dd>
                {alert.order.buyerName} · {alert.order.buyerEmail}
              </dd>
              <dt>{t('admin.gatewayPayment')}</dt>
              <dd translate="no">{alert.paymentId}</dd>
              {alert.kind === 'utr_refund_due' && (
                <>
                  <dt>{t('admin.alertUtrsToRefund')}</dt>
                  <dd translate="no">{alert.parts.map((part) => `${part.utr} (${formatRupees(part.amountPaise)})`).join(', ')}</dd>
                </>
              )}
              <dt>{t('admin.placed')}</dt>
              <dd>{formatIstDateTime(alert.foundAt, lang)}</dd>
            </dl>
            <div className="button-row">
              {alert.kind !== 'partial_refund' && alert.kind !== 'utr_refund_due' && (
                <button type="button" className="button button--danger" disabled={resolve.isPending} onClick={() => settle(alert.id, true)}>
                  {t('admin.alertRefund', { amount: formatRupees(alert.amountPaise) })}
                </button>
              )}
              <button type="button" className="button" disabled={resolve.isPending} onClick={() => settle(alert.id, false)}>
                {t(alert.kind === 'utr_refund_due' ? 'admin.alertRefundedByBank' : 'admin.alertSettled')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
