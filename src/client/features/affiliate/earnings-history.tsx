import { useQuery } from '@tanstack/react-query';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { useTRPC } from '../../lib/trpc';
import { useAffiliateMessages } from './affiliate-messages';
import { QueryState } from '../../components/query-state';

/** The signed-in affiliate's commissions, newest first: who bought what (first name), and when. */
export function EarningsHistory() {
  const { t, lang } = useAffiliateMessages();
  const trpc = useTRPC();
  const history = useQuery(trpc.affiliate.earningsHistory.queryOptions());
  return (
    <QueryState query={history} loading={null} error={null}>
      {(lines) => (
        <section aria-labelledby="earnings-history-title">
          <h2 id="earnings-history-title">{t('history.title')}</h2>
          {lines.length === 0 ? (
            <p className="muted">{t('history.empty')}</p>
          ) : (
            <ul className="history-list">
              {lines.map((line) => (
                <li key={line.id}>
                  <span>
                    {line.buyerFirstName && line.packageName ? t('history.line', { buyer: line.buyerFirstName, pkg: line.packageName }) : t('history.other')}{' '}
                    <span className="muted">{t('history.on', { date: formatIstDateTime(line.at, lang) })}</span>
                  </span>
                  <strong>{formatRupees(line.amountPaise)}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </QueryState>
  );
}
