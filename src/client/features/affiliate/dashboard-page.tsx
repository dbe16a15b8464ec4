import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ReferralShare } from '../../components/referral-share';
import { AffiliateCodeCard } from '../discounts/affiliate-code-card';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { useSession } from '../auth/use-session';
import { usePayoutsMessages } from '../payouts/payouts-messages';
import { pagePaths } from '../../../shared/page-paths';
import { useAffiliateMessages } from './affiliate-messages';
import { useCountUp } from './use-count-up';
import { EarningsHistory } from './earnings-history';
import './dashboard-page.css';
import { QueryState } from '../../components/query-state';

function EarningsCard({ label, paise }: { label: string; paise: number }) {
  const counted = useCountUp(paise);
  // Whole rupees while counting, the exact amount at the end; written as money is everywhere (₹870).
  const shown = counted === paise ? paise : Math.floor(counted / 100) * 100;
  return (
    <li className="earnings-card">
      <span className="earnings-card__label">{label}</span>
      <span className="earnings-card__amount" aria-hidden="true">
        {formatRupees(shown)}
      </span>
      <span className="visually-hidden">{formatRupees(paise)}</span>
    </li>
  );
}

/** /:id/dashboard: a user's own (an admin may open anyone's). */
export default function DashboardPage() {
  const { t, lang } = useAffiliateMessages();
  const payouts = usePayoutsMessages();
  useDocumentTitle(t('dashboard.title'));
  const { id = '' } = useParams();
  const { user: viewer } = useSession();
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.affiliate.dashboard.queryOptions({ userId: id }, { enabled: /^\d+$/.test(id) }));

  return (
    <QueryState query={dashboard} error={(error) => errorMessage(error, t('dashboard.failed'))}>
      {({ user, highestTier, earnings, paidOutPaise, owedPaise, payouts: paid }) => {
        const own = viewer?.id === user.id;
        return (
          <div className="page dashboard">
            <div className="dashboard__head">
              <img
                className="avatar avatar--large"
                src={user.profileImage ?? '/images/avatar.svg'}
                alt={t('dashboard.pictureAlt', { name: user.name })}
                width="96"
                height="96"
              />
              <div>
                <h1>{t('dashboard.welcome', { name: user.name })}</h1>
                <p className="dashboard__tier">
                  {t('dashboard.tier')}: <strong>{highestTier ? t(`tiers.${highestTier}`) : t('dashboard.noTier')}</strong>
                </p>
              </div>
            </div>

            {/* The affiliate's own: the link to share first, then one figure, what is still to come to them. */}
            {own && <ReferralShare code={user.referralCode} />}
            {own && (
              <section className="headline-balance" aria-labelledby="headline-balance">
                <h2 id="headline-balance" className="headline-balance__label">
                  {t('dashboard.toReceive')}
                </h2>
                <p className="headline-balance__amount">{formatRupees(owedPaise)}</p>
                <p className="headline-balance__more">
                  {t('dashboard.paidSoFar', { amount: formatRupees(paidOutPaise) })} <Link to={pagePaths.payouts}>{payouts.t('balance.link')}</Link>
                </p>
              </section>
            )}

            <h2 className="dashboard__earnings-title">{t('dashboard.earningsLabel')}</h2>
            <ul className="earnings-cards">
              <EarningsCard label={t('dashboard.today')} paise={earnings.today} />
              <EarningsCard label={t('dashboard.week')} paise={earnings.week} />
              <EarningsCard label={t('dashboard.month')} paise={earnings.month} />
              <EarningsCard label={t('dashboard.total')} paise={earnings.total} />
            </ul>

            {/* An admin looking at someone's dashboard: what was paid and what is owed. */}
            {!own && (
              <dl className="details dashboard__money">
                <dt>{t('dashboard.paidOut')}</dt>
                <dd>{formatRupees(paidOutPaise)}</dd>
                <dt>{t('dashboard.owed')}</dt>
                <dd>{formatRupees(owedPaise)}</dd>
              </dl>
            )}

            {own && <AffiliateCodeCard />}
            {own && <EarningsHistory />}

            <section aria-labelledby="payouts-title">
              <h2 id="payouts-title">{t('dashboard.payouts')}</h2>
              {paid.length === 0 ? (
                <p className="muted">{t('dashboard.noPayouts')}</p>
              ) : (
                <ul className="compact-list">
                  {paid.map((payout) => (
                    <li key={payout.id}>
                      <span>{t('dashboard.paidOn', { date: formatIstDateTime(payout.createdAt, lang) })}</span>
                      <strong>{formatRupees(payout.amountPaise)}</strong>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        );
      }}
    </QueryState>
  );
}
