import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/money';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCatalogMessages } from './catalog-messages';
import { pagePaths, pathTo } from '../../../shared/page-paths';

export default function CoursesPage() {
  const { t, count } = useCatalogMessages();
  useDocumentTitle(t('courses.title'));
  const trpc = useTRPC();
  const packages = useQuery(trpc.catalog.list.queryOptions());

  return (
    <div className="page">
      <h1>{t('courses.title')}</h1>
      <QueryState
        query={packages}
        error={t('packages.failed')}
        retry={t('packages.retry')}
        isEmpty={(list) => list.length === 0}
        empty={<p className="empty-state">{t('courses.empty')}</p>}
      >
        {(list) => (
          <ul className="compact-list">
            {list.map((pkg) => (
              <li key={pkg.id}>
                <span>
                  <Link to={pathTo(pagePaths.packagePage, { id: pkg.id })}>{pkg.name}</Link>
                  <span className="compact-list__meta">{count('packages.lectureCount', pkg.lectureCount)}</span>
                </span>
                <span className="compact-list__price">{formatRupees(pkg.pricePaise)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
