import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatRupees } from '../../../shared/money';
import { useSession } from '../auth/use-session';
import { useAffiliateMessages } from './affiliate-messages';
import './leaderboard-page.css';

const periods = ['week', 'month', 'all'] as const;
type Period = (typeof periods)[number];

export default function LeaderboardPage() {
  const { t } = useAffiliateMessages();
  useDocumentTitle(t('leaderboard.title'));
  const { user } = useSession();
  const trpc = useTRPC();
  const [period, setPeriod] = useState<Period>('all');
  const board = useQuery({ ...trpc.affiliate.leaderboard.queryOptions({ period }), placeholderData: keepPreviousData });

  return (
    <div className="page leaderboard">
      <h1>{t('leaderboard.title')}</h1>
      <div className="tabs" role="tablist">
        {periods.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={period === name} className="tabs__tab" onClick={() => setPeriod(name)}>
            {t(`leaderboard.${name}`)}
          </button>
        ))}
      </div>

      <QueryState query={board} error={t('leaderboard.failed')}>
        {(data) => (
          <>
            <p className="leaderboard__me" role="status">
              {data.me ? t('leaderboard.yourRank', { rank: data.me.rank, amount: formatRupees(data.me.totalPaise) }) : t('leaderboard.notRanked')}
            </p>
            {data.entries.length === 0 ? (
              <p className="empty-state">{t('leaderboard.empty')}</p>
            ) : (
              <ol className="boxed-list">
                {data.entries.map((entry) => (
                  <li key={entry.userId} className={entry.userId === user?.id ? 'leaderboard__row leaderboard__row--me' : 'leaderboard__row'}>
                    <span className="leaderboard__rank">{entry.rank}</span>
                    <img
                      className="avatar leaderboard__picture"
                      src={entry.profileImage ?? '/images/avatar.svg'}
                      alt={entry.profileImage ? t('leaderboard.pictureAlt', { name: entry.name }) : ''}
                      width="40"
                      height="40"
                      loading="lazy"
                    />
                    <span className="leaderboard__name">
                      {entry.name}
                      {entry.userId === user?.id && <span className="muted"> ({t('leaderboard.you')})</span>}
                    </span>
                    <span className="leaderboard__total">{formatRupees(entry.totalPaise)}</span>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
