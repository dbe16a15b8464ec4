import { useQuery } from '@tanstack/react-query';
import { siteConfig } from '../../lib/site-config';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { formatIstDate, formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { useOrdersMessages } from './orders-messages';
import { partsRefundLabel, standingOf } from './order-standing';
import './my-orders.css';
import { QueryState } from '../../components/query-state';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { ButtonLink } from '../../components/button-link';
import { DifferencePayment } from './difference-payment';

type Order = RouterOutputs['orders']['mine'][number];

/** wa.me wants the number with its country code and nothing else. */
function whatsappLink(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, '');
  const international = digits.length === 10 ? `91${digits}` : digits.replace(/^0+/, '');
  return `https://wa.me/${international}?text=${encodeURIComponent(text)}`;
}

/** Submitted -> being checked -> approved (and perhaps reversed later), or rejected, each with the reason. */
function Timeline({ order }: { order: Order }) {
  const { t, lang, count } = useOrdersMessages();
  const decided = order.status !== 'pending';
  return (
    <ol className="timeline" aria-label={t('mine.timeline')}>
      <li className="timeline__step timeline__step--done">
        <span className="timeline__label">{t('mine.submitted')}</span>
        <span className="timeline__when">{formatIstDateTime(order.createdAt, lang)}</span>
      </li>
      <li className={`timeline__step ${decided ? 'timeline__step--done' : 'timeline__step--current'}`} aria-current={decided ? undefined : 'step'}>
        <span className="timeline__label">{t('mine.checking')}</span>
        {!decided && <span className="timeline__when">{count('mine.checkingHint', siteConfig.approvalHoursHint)}</span>}
      </li>
      {order.status === 'approved' && (
        <li className="timeline__step timeline__step--approved" aria-current={order.reversal ? undefined : 'step'}>
          {/* Once reversed, the package is no longer in the account. */}
          <span className="timeline__label">{t(order.reversal ? 'mine.approved' : 'mine.approvedStep')}</span>
          {order.decidedAt !== null && <span className="timeline__when">{formatIstDateTime(order.decidedAt, lang)}</span>}
        </li>
      )}
      {order.reversal && (
        <li className="timeline__step timeline__step--reversed" aria-current="step">
          <span className="timeline__label">{t('mine.reversedStep')}</span>
          <span className="timeline__when">{formatIstDateTime(order.reversal.at, lang)}</span>
          <span className="timeline__reason">
            {t('mine.reason')}: {order.reversal.reason}
          </span>
        </li>
      )}
      {(order.status === 'awaiting_difference' || order.status === 'rejected') && (
        // A decision that asks something of the buyer: the rest of a short payment, or a new payment.
        <li className={`timeline__step ${order.status === 'rejected' ? 'timeline__step--rejected' : 'timeline__step--current'}`} aria-current="step">
          <span className="timeline__label">{t(order.status === 'rejected' ? 'mine.rejectedStep' : 'mine.awaiting_difference')}</span>
          {order.decidedAt !== null && <span className="timeline__when">{formatIstDateTime(order.decidedAt, lang)}</span>}
          {order.reason && (
            <span className="timeline__reason">
              {t('mine.reason')}: {order.reason}
            </span>
          )}
        </li>
      )}
    </ol>
  );
}

/** The UPI parts of an order, each UTR with its amount ("812345678901 (₹899), 812345678902 (₹100)"). */
function partsText(parts: Order['parts']): string {
  return parts.map((part) => `${part.utr} (${formatRupees(part.amountPaise)})`).join(', ');
}

/** The buyer's orders and where each stands: being verified, approved, or rejected with why. */
export function MyOrders() {
  const { t, lang } = useOrdersMessages();
  const trpc = useTRPC();
  const orders = useQuery(trpc.orders.mine.queryOptions());
  const receipts = useQuery(trpc.receipts.mine.queryOptions());
  return (
    <QueryState query={orders} loading={null} error={null}>
      {(mine) => {
        const receiptOf = new Map((receipts.data ?? []).map((receipt) => [receipt.orderId, receipt.number]));
        const phone = siteConfig.contactPhone;
        return (
          <section aria-labelledby="my-orders" className="my-orders">
            <h2 id="my-orders">{t('mine.title')}</h2>
            {mine.length === 0 ? (
              <p className="muted">{t('mine.empty')}</p>
            ) : (
              <ul className="order-list">
                {mine.map((order) => {
                  const standing = standingOf(order);
                  return (
                    <li key={order.id} className={`order-card order-card--${standing}`}>
                      <p className="order-card__title">
                        <strong>{order.package.name}</strong> <span className={`badge badge--${standing}`}>{t(`mine.${standing}`)}</span>
                      </p>
                      <dl className="details">
                        <dt>{t('mine.amount')}</dt>
                        <dd>
                          {formatRupees(order.amountPaise)}
                          {order.discount &&
                            ` (${t('admin.discountText', { code: order.discount.code, discount: formatRupees(order.discount.discountPaise), list: formatRupees(order.discount.listPricePaise) })})`}
                        </dd>
                        <dt>{order.paymentMethod === 'gateway' ? t('mine.gatewayPayment') : t('mine.utr')}</dt>
                        <dd translate="no">
                          {/* Parts the gateway's full payment made surplus are not payments of the order: listed below, to send back. */}
                          {!order.partsRefund && order.parts.length > 0 ? partsText(order.parts) : order.utr}
                        </dd>
                        {order.partsRefund && (
                          <>
                            <dt>{t(partsRefundLabel(order.partsRefund))}</dt>
                            <dd translate="no">{partsText(order.parts)}</dd>
                          </>
                        )}
                      </dl>
                      {order.partsRefund && (
                        <p role="note">
                          {order.partsRefund.sentAt === null
                            ? t('mine.partsRefundDue', { amount: formatRupees(order.partsRefund.amountPaise) })
                            : t('mine.partsRefunded', {
                                amount: formatRupees(order.partsRefund.amountPaise),
                                date: formatIstDate(order.partsRefund.sentAt, lang),
                              })}
                        </p>
                      )}
                      {order.differenceDue && <DifferencePayment orderId={order.id} pricePaise={order.amountPaise} due={order.differenceDue} />}
                      {order.paymentMethod === 'gateway' && order.status === 'pending' && (
                        <p>
                          <a href={pathTo(pagePaths.gatewayPay, { orderId: order.id })} className="button button--primary">
                            {t('mine.payNow')}
                          </a>
                        </p>
                      )}
                      <Timeline order={order} />
                      <p className="order-card__links">
                        {receiptOf.has(order.id) && (
                          <ButtonLink to={pathTo(pagePaths.receipt, { orderId: order.id })} aria-describedby={`receipt-number-${order.id}`}>
                            {t('mine.receipt')}
                          </ButtonLink>
                        )}
                        {receiptOf.has(order.id) && (
                          <span id={`receipt-number-${order.id}`} className="muted" translate="no">
                            {receiptOf.get(order.id)}
                          </span>
                        )}
                        {phone && standing !== 'approved' && (
                          <a href={whatsappLink(phone, t('mine.whatsappText', { id: order.id, utr: order.utr }))} target="_blank" rel="noopener noreferrer">
                            {t('mine.whatsapp')}
                          </a>
                        )}
                      </p>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      }}
    </QueryState>
  );
}
