import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCatalogMessages } from './catalog-messages';
import { MyOrders } from '../orders/my-orders';
import { PendingOrderNote } from '../orders/pending-order';
import { usePendingOrders } from '../orders/use-pending-orders';
import { PackageImage } from './package-image';

const CARD_IMAGE_SIZES = '(min-width: 1100px) 340px, (min-width: 600px) 50vw, 100vw';

/** /myCourses: the packages the learner owns, each with Start Learning. */
export default function MyCoursesPage() {
  const { t } = useCatalogMessages();
  useDocumentTitle(t('myCourses.title'));
  const trpc = useTRPC();
  const mine = useQuery(trpc.catalog.mine.queryOptions());
  const waiting = usePendingOrders();

  return (
    <div className="page">
      <h1>{t('myCourses.title')}</h1>
      {mine.isPending ? (
        <PageSpinner />
      ) : mine.isError ? (
        <div role="alert" className="catalog-message">
          <p>{t('myCourses.failed')}</p>
          <button type="button" className="button" onClick={() => void mine.refetch()}>
            {t('packages.retry')}
          </button>
        </div>
      ) : mine.data.length === 0 && waiting.length > 0 ? null : mine.data.length === 0 ? (
        <div className="empty-state">
          <p>{t('myCourses.empty')}</p>
          <Link to="/packages" className="button button--primary">
            {t('myCourses.browse')}
          </Link>
        </div>
      ) : (
        <ul className="card-grid package-grid">
          {mine.data.map((pkg, index) => (
            <li key={pkg.id} className="card package-card">
              <PackageImage pkg={pkg} sizes={CARD_IMAGE_SIZES} eager={index === 0} />
              <h2 className="card__title">{pkg.name}</h2>
              <p className="package-card__description">{pkg.description}</p>
              <div className="package-card__actions">
                <Link to={`/course-content/${pkg.id}`} className="button button--primary" aria-label={`${t('myCourses.startLearning')}: ${pkg.name}`}>
                  {t('myCourses.startLearning')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <ul className="pending-list">
          {waiting.map((order) => (
            <li key={order.id} className="card pending-card">
              <h2 className="card__title">{order.package.name}</h2>
              <PendingOrderNote utr={order.utr} />
            </li>
          ))}
        </ul>
      )}
      <MyOrders />
    </div>
  );
}
