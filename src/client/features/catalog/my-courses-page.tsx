import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCatalogMessages } from './catalog-messages';
import { MyOrders } from '../orders/my-orders';
import { PendingOrderNote } from '../orders/pending-order';
import { usePendingOrders } from '../orders/use-pending-orders';
import { useWatchedOrders } from '../orders/use-watched-orders';
import { PackageCard } from './package-card';
import { PackageProgress } from '../progress/package-progress';
import { useProgressMessages } from '../progress/progress-messages';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { ButtonLink } from '../../components/button-link';

/** /myCourses: the packages the learner owns, each with Start Learning. */
export default function MyCoursesPage() {
  const { t } = useCatalogMessages();
  useDocumentTitle(t('myCourses.title'));
  const trpc = useTRPC();
  const mine = useQuery(trpc.catalog.mine.queryOptions());
  const words = useProgressMessages();
  const progress = useQuery(trpc.progress.mine.queryOptions());
  const certificates = useQuery(trpc.certificates.mine.queryOptions());
  const waiting = usePendingOrders();
  // Approved while the page is open: said here, and the package appears with Start Learning.
  const { approved } = useWatchedOrders();

  return (
    <div className="page">
      <h1>{t('myCourses.title')}</h1>
      <div role="status">
        {approved.map((order) => (
          <p key={order.id} className="approved-note">
            {t('myCourses.approved', { name: order.name })}{' '}
            <Link to={pathTo(pagePaths.player, { courseId: order.packageId })}>{t('myCourses.startLearning')}</Link>
          </p>
        ))}
      </div>
      <QueryState
        query={mine}
        error={t('myCourses.failed')}
        retry={t('packages.retry')}
        isEmpty={(list) => list.length === 0}
        empty={
          // Nothing owned yet but a payment being checked: the pending cards below say it all.
          waiting.length > 0 ? null : (
            <div className="empty-state">
              <p>{t('myCourses.empty')}</p>
              <ButtonLink to={pagePaths.packages} look="primary">
                {t('myCourses.browse')}
              </ButtonLink>
            </div>
          )
        }
      >
        {(list) => (
          <ul className="card-grid package-grid">
            {list.map((pkg, index) => (
              <PackageCard key={pkg.id} pkg={pkg} eager={index === 0} description>
                {progress.data?.find((row) => row.packageId === pkg.id) && (
                  <PackageProgress name={pkg.name} {...progress.data.find((row) => row.packageId === pkg.id)!} />
                )}
                {certificates.data?.some((certificate) => certificate.packageId === pkg.id) && (
                  <ButtonLink to={pathTo(pagePaths.courseCertificate, { courseId: pkg.id })}>{words.t('seeCertificate')}</ButtonLink>
                )}
                <ButtonLink to={pathTo(pagePaths.player, { courseId: pkg.id })} look="primary" aria-label={`${t('myCourses.startLearning')}: ${pkg.name}`}>
                  {t('myCourses.startLearning')}
                </ButtonLink>
              </PackageCard>
            ))}
          </ul>
        )}
      </QueryState>
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
