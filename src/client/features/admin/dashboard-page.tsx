import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/money';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../auth/use-session';
import { useAdminMessages } from './admin-messages';
import { pagePaths } from '../../../shared/page-paths';

/** /admin/dashboard: the site's numbers. */
export default function AdminDashboardPage() {
  const { t } = useAdminMessages();
  useDocumentTitle(t('dashboard.title'));
  const { user } = useSession();
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions(undefined, { staleTime: 0 }));
  const cards = stats.data
    ? [
        { label: t('dashboard.pendingOrders'), value: stats.data.pendingOrders.toLocaleString('en-IN'), to: pagePaths.adminPendingOrders },
        { label: t('dashboard.revenueToday'), value: formatRupees(stats.data.revenueTodayPaise) },
        { label: t('dashboard.revenueMonth'), value: formatRupees(stats.data.revenueMonthPaise) },
        { label: t('dashboard.commissions'), value: formatRupees(stats.data.commissionsPaise) },
        { label: t('dashboard.owed'), value: formatRupees(stats.data.owedPaise), to: pagePaths.adminPayouts },
        { label: t('dashboard.packages'), value: stats.data.packages.toLocaleString('en-IN') },
        { label: t('dashboard.lectures'), value: stats.data.lectures.toLocaleString('en-IN') },
        { label: t('dashboard.users'), value: stats.data.users.toLocaleString('en-IN'), to: pagePaths.adminUsers },
      ]
    : [];

  return (
    <div className="page">
      <h1>{t('dashboard.title')}</h1>
      {user && <p>{t('dashboard.welcome', { name: user.name })}</p>}
      <h2 className="visually-hidden">{t('dashboard.stats')}</h2>
      <QueryState query={stats} error={t('dashboard.failed')}>
        {() => (
          <dl className="admin-stats">
            {cards.map((card) => (
              <div key={card.label} className="admin-stats__card">
                <dt>{card.to ? <Link to={card.to}>{card.label}</Link> : card.label}</dt>
                <dd>{card.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryState>
    </div>
  );
}
