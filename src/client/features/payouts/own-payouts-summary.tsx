import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { PayoutsBalance } from './payouts-balance';
import { usePayoutsMessages } from './payouts-messages';
import './payouts.css';
import { pagePaths } from '../../../shared/page-paths';

/** The signed-in affiliate's balance cards on their dashboard, with the way to payouts and statements. */
export function OwnPayoutsSummary() {
  const { t } = usePayoutsMessages();
  const trpc = useTRPC();
  const mine = useQuery(trpc.payouts.mine.queryOptions());
  return (
    <>
      {/* Drawn while the balance arrives, so the page below does not move; left out if it fails. */}
      {!mine.isError && <PayoutsBalance balance={mine.data?.balance} />}
      <p>
        <Link to={pagePaths.payouts}>{t('balance.link')}</Link>
      </p>
    </>
  );
}
