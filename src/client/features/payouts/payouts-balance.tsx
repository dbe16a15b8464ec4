import type { inferRouterOutputs } from '@trpc/server';
import { formatRupees } from '../../../shared/money';
import type { AppRouter } from '../../../server/trpc/router';
import { usePayoutsMessages } from './payouts-messages';

/** The balance as `payouts.mine` answers it: the server's type, not a copy. */
export type BalanceData = inferRouterOutputs<AppRouter>['payouts']['mine']['balance'];

/** Earned, paid, TDS withheld, owed and requestable: each a sum of ledger lines (the server computes them). */
export function PayoutsBalance({ balance }: { balance: BalanceData }) {
  const { t } = usePayoutsMessages();
  const cards: [string, number][] = [
    [t('balance.earned'), balance.earnedPaise],
    [t('balance.paid'), balance.paidPaise],
    [t('balance.tds'), balance.tdsPaise],
    [t('balance.owed'), balance.owedPaise],
    [t('balance.requestable'), balance.requestablePaise],
  ];
  return (
    <section aria-labelledby="balance-title" className="payouts-balance">
      <h2 id="balance-title">{t('balance.label')}</h2>
      <dl className="balance-cards">
        {cards.map(([label, paise]) => (
          <div key={label} className="balance-card">
            <dt>{label}</dt>
            <dd>{formatRupees(paise)}</dd>
          </div>
        ))}
      </dl>
      {balance.onItsWayPaise > 0 && <p>{t('balance.onItsWay', { amount: formatRupees(balance.onItsWayPaise) })}</p>}
      {balance.owedPaise < 0 && <p className="muted">{t('balance.negative')}</p>}
    </section>
  );
}
