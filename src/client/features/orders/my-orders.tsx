import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { useOrdersMessages } from './orders-messages';

/** The buyer's orders and where each stands: being verified, approved, or rejected with why. */
export function MyOrders() {
  const { t, lang } = useOrdersMessages();
  const trpc = useTRPC();
  const orders = useQuery(trpc.orders.mine.queryOptions());
  if (orders.isPending || orders.isError) return null;
  return (
    <section aria-labelledby="my-orders">
      <h2 id="my-orders">{t('mine.title')}</h2>
      {orders.data.length === 0 ? (
        <p className="muted">{t('mine.empty')}</p>
      ) : (
        <ul className="order-list">
          {orders.data.map((order) => (
            <li key={order.id} className={`order-card order-card--${order.status}`}>
              <p className="order-card__title">
                <strong>{order.package.name}</strong> <span className={`badge badge--${order.status}`}>{t(`mine.${order.status}`)}</span>
              </p>
              <dl className="details">
                <dt>{t('mine.amount')}</dt>
                <dd>{formatRupees(order.amountPaise)}</dd>
                <dt>{t('mine.utr')}</dt>
                <dd translate="no">{order.utr}</dd>
                <dt>{t('mine.date')}</dt>
                <dd>{formatIstDateTime(order.createdAt, lang)}</dd>
                {order.status === 'rejected' && order.reason && (
                  <>
                    <dt>{t('mine.reason')}</dt>
                    <dd>{order.reason}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
