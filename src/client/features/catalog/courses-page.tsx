import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatRupees } from '../../../shared/money';
import { PageSpinner } from '../../components/page-spinner';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCatalogMessages } from './catalog-messages';

export default function CoursesPage() {
  const { t } = useCatalogMessages();
  useDocumentTitle(t('courses.title'));
  const trpc = useTRPC();
  const packages = useQuery(trpc.catalog.list.queryOptions());

  return (
    <div className="page">
      <h1>{t('courses.title')}</h1>
      {packages.isPending ? (
        <PageSpinner />
      ) : packages.isError ? (
        <div role="alert" className="catalog-message">
          <p>{t('packages.failed')}</p>
          <button type="button" className="button" onClick={() => void packages.refetch()}>
            {t('packages.retry')}
          </button>
        </div>
      ) : packages.data.length === 0 ? (
        <p className="empty-state">{t('courses.empty')}</p>
      ) : (
        <ul className="compact-list">
          {packages.data.map((pkg) => (
            <li key={pkg.id}>
              <span>
                <Link to={`/course/${pkg.id}`}>{pkg.name}</Link>
                <span className="compact-list__meta">{t('packages.lectureCount', { count: pkg.lectureCount })}</span>
              </span>
              <span className="compact-list__price">{formatRupees(pkg.pricePaise)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
