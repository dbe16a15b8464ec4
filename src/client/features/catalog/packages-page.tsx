import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTRPC } from '../../lib/trpc';
import { formatRupees } from '../../../shared/money';
import { useCatalogMessages } from './catalog-messages';

export default function PackagesPage() {
  const { t } = useCatalogMessages();
  useDocumentTitle(t('packages.title'));
  const trpc = useTRPC();
  const packages = useQuery(trpc.catalog.list.queryOptions());

  return (
    <div className="page">
      <h1>{t('packages.title')}</h1>
      {packages.isPending ? (
        <PageSpinner />
      ) : packages.isError ? (
        <p role="alert">{t('packages.failed')}</p>
      ) : packages.data.length === 0 ? (
        <p className="empty-state">{t('packages.empty')}</p>
      ) : (
        <ul className="card-grid">
          {packages.data.map((item) => (
            <li key={item.id} className="card">
              <h2 className="card__title">{item.name}</h2>
              <p className="card__price">{formatRupees(item.pricePaise)}</p>
              <p>{item.description}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
