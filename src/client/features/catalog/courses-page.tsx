import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTRPC } from '../../lib/trpc';
import { formatRupees } from '../../../shared/money';
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
        <p role="alert">{t('packages.failed')}</p>
      ) : packages.data.length === 0 ? (
        <p className="empty-state">{t('courses.empty')}</p>
      ) : (
        <ul className="compact-list">
          {packages.data.map((item) => (
            <li key={item.id}>
              <span>{item.name}</span> <span>{formatRupees(item.pricePaise)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
