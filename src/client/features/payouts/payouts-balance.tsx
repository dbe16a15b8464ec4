import { formatRupees } from '../../../shared/money';
import { usePayoutsMessages } from './payouts-messages';

export type BalanceData = {
  earnedPaise: number;
  paidPaise: number;
  tdsPaise: number;
  owedPaise: number;
  onItsWayPaise: number;
  requestablePaise: number;
  minimumPaise: number;
};

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
