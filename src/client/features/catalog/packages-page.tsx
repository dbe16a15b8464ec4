import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatRupees } from '../../../shared/money';
import { rememberReferral } from '../../lib/referral';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCheckout } from '../orders/use-checkout';
import { BuyNow } from './buy-now';
import { useCatalogMessages } from './catalog-messages';
import { PackageImage } from './package-image';
import { PackageFacts, PlaceholderCards } from './package-facts';
import { useOwnedPackageIds } from './use-owned-packages';
import { usePendingOrders } from '../orders/use-pending-orders';

/** Cards are one column on a phone, two or three side by side from a tablet up. */
const CARD_IMAGE_SIZES = '(min-width: 1100px) 340px, (min-width: 600px) 50vw, 100vw';

export default function PackagesPage() {
  const { t } = useCatalogMessages();
  useDocumentTitle(t('packages.title'));
  const trpc = useTRPC();
  const packages = useQuery(trpc.catalog.list.queryOptions());
  const owned = useOwnedPackageIds();
  const waiting = new Set(usePendingOrders().map((order) => order.package.id));
  const checkout = useCheckout();
  const [searchParams] = useSearchParams();
  const ref = searchParams.get('ref');

  // Arriving by a sponsor's link: greet the visitor with the sponsor's name.
  const sponsor = useQuery(trpc.auth.sponsorByCode.queryOptions({ code: ref ?? '' }, { enabled: Boolean(ref && ref.length <= 36), staleTime: Infinity }));

  // A referral link (/packages?ref=CODE) is remembered on this browser until register or purchase.
  useEffect(() => {
    rememberReferral(ref);
  }, [ref]);

  return (
    <div className="page">
      {checkout.dialog}
      {sponsor.data && (
        <div className="invited" role="status">
          <p className="invited__title">{t('packages.invited', { name: sponsor.data.name })}</p>
          <p>{t('packages.invitedText', { name: sponsor.data.name })}</p>
        </div>
      )}
      <h1>{t('packages.title')}</h1>
      {packages.isPending ? (
        <PlaceholderCards />
      ) : packages.isError ? (
        <div role="alert" className="catalog-message">
          <p>{t('packages.failed')}</p>
          <button type="button" className="button" onClick={() => void packages.refetch()}>
            {t('packages.retry')}
          </button>
        </div>
      ) : packages.data.length === 0 ? (
        <p className="empty-state">{t('packages.empty')}</p>
      ) : (
        <ul className="card-grid package-grid">
          {packages.data.map((pkg, index) => (
            <li key={pkg.id} className="card package-card">
              <PackageImage pkg={pkg} sizes={CARD_IMAGE_SIZES} eager={index === 0} />
              <h2 className="card__title">
                <Link to={`/course/${pkg.id}`} className="package-card__link">
                  {pkg.name}
                </Link>
              </h2>
              <p className="card__price">{formatRupees(pkg.pricePaise)}</p>
              <PackageFacts lectureCount={pkg.lectureCount} />
              <p className="package-card__description">{pkg.description}</p>
              <div className="package-card__actions">
                {owned.has(pkg.id) ? (
                  <Link to={`/course-content/${pkg.id}`} className="button button--primary">
                    {t('package.startLearning')}
                  </Link>
                ) : waiting.has(pkg.id) ? (
                  <Link to="/myCourses#my-orders" className="badge badge--pending">
                    {t('packages.pending')}
                  </Link>
                ) : (
                  <BuyNow pkg={pkg} onBuy={checkout.buy} />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
