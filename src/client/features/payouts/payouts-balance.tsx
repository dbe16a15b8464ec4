import type { inferRouterOutputs } from '@trpc/server';
import { formatRupees } from '../../../shared/money';
import type { AppRouter } from '../../../server/trpc/router';
import { usePayoutsMessages } from './payouts-messages';

/** The balance as `payouts.mine` answers it: the server's type, not a copy. */
export type BalanceData = inferRouterOutputs<AppRouter>['payouts']['mine']['balance'];

/**
 * Earned, paid, TDS withheld, owed and requestable: each a sum of ledger lines (the server computes
 * them). Without a balance yet it draws the same cards with a dash, so the page below does not
 * jump when the answer arrives.
 */
export function PayoutsBalance({ balance }: { balance: BalanceData | undefined }) {
  const { t } = usePayoutsMessages();
  const cards: [string, number | undefined][] = [
    [t('balance.earned'), balance?.earnedPaise],
    [t('balance.paid'), balance?.paidPaise],
    [t('balance.tds'), balance?.tdsPaise],
    [t('balance.owed'), balance?.owedPaise],
    [t('balance.requestable'), balance?.requestablePaise],
  ];
  return (
    <section aria-labelledby="balance-title" className="payouts-balance" aria-busy={balance ? undefined : true}>
      <h2 id="balance-title">{t('balance.label')}</h2>
      <dl className="balance-cards">
        {cards.map(([label, paise]) => (
          <div key={label} className="balance-card">
            <dt>{label}</dt>
            <dd>{paise === undefined ? '–' : formatRupees(paise)}</dd>
          </div>
        ))}
      </dl>
      {balance && balance.onItsWayPaise > 0 && <p>{t('balance.onItsWay', { amount: formatRupees(balance.onItsWayPaise) })}</p>}
      {balance && balance.owedPaise < 0 && <p className="muted">{t('balance.negative')}</p>}
    </section>
  );
}
