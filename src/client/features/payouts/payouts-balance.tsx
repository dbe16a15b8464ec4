import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import type { RouterOutputs } from '../../lib/trpc';
import { usePayoutsMessages } from './payouts-messages';

/** The balance as `payouts.mine` answers it: the server's type, not a copy. */
export type BalanceData = RouterOutputs['payouts']['mine']['balance'];

/** Why the "you can request now" card shows what it shows: what is in a request, on its way, or how far from the minimum. */
function RequestableNote({ balance }: { balance: BalanceData }) {
  const { t, lang } = usePayoutsMessages();
  const minimum = formatRupees(balance.minimumPaise);
  const held = formatRupees(balance.heldPaise);
  let why: string | null = null;
  if (balance.notRequestable === 'request-open') {
    why = balance.inRequestPaise > 0 ? t('balance.inRequest', { amount: formatRupees(balance.inRequestPaise) }) : t('balance.requestBeingPaid');
  } else if (balance.notRequestable === 'on-its-way') {
    why = t('balance.onItsWayNote', { amount: formatRupees(balance.onItsWayPaise) });
  } else if (balance.notRequestable === 'below-minimum') {
    why =
      balance.availablePaise > 0
        ? t('balance.belowMinimum', { minimum, owed: formatRupees(balance.availablePaise), more: formatRupees(balance.minimumPaise - balance.availablePaise) })
        : t('balance.nothingYet', { minimum });
  }
  return (
    <div className="requestable-note" id="requestable-note">
      {why && <p>{why}</p>}
      {balance.heldPaise > 0 && (
        <p>
          {balance.heldForReview
            ? t('balance.heldForReview', { amount: held })
            : balance.heldUntil !== null
              ? t('balance.heldUntil', { amount: held, date: formatIstDateTime(balance.heldUntil, lang) })
              : t('balance.held', { amount: held })}
        </p>
      )}
      {balance.notRequestable !== 'below-minimum' && <p className="muted">{t('balance.minimumAlways', { amount: minimum })}</p>}
    </div>
  );
}

/**
 * Earned, paid, TDS withheld, owed and requestable: each a sum of ledger lines (the server computes
 * them), with why nothing (or only this much) can be requested now, and the minimum from the
 * start. Without a balance yet it draws the same cards with a dash, so the page below does not
 * jump when the answer arrives.
 */
export function PayoutsBalance({ balance }: { balance: BalanceData | undefined }) {
  const { t } = usePayoutsMessages();
  const cards: [string, number | undefined][] = [
    [t('balance.earned'), balance?.earnedPaise],
    [t('balance.paid'), balance?.paidPaise],
    [t('balance.tds'), balance?.tdsPaise],
    [t('balance.owed'), balance?.owedPaise],
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
        <div className="balance-card balance-card--requestable">
          <dt>{t('balance.requestable')}</dt>
          <dd aria-describedby={balance ? 'requestable-note' : undefined}>{balance === undefined ? '–' : formatRupees(balance.requestablePaise)}</dd>
        </div>
      </dl>
      {balance && <RequestableNote balance={balance} />}
      {balance && balance.onItsWayPaise > 0 && balance.notRequestable !== 'on-its-way' && (
        <p>{t('balance.onItsWay', { amount: formatRupees(balance.onItsWayPaise) })}</p>
      )}
      {balance && balance.owedPaise < 0 && <p className="muted">{t('balance.negative')}</p>}
    </section>
  );
}
