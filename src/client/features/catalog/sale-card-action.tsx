import { Link } from 'react-router';
import type { CheckoutPackage } from '../../lib/checkout-package';
import { usePendingOrders } from '../orders/use-pending-orders';
import { BuyNow } from './buy-now';
import { useCatalogMessages } from './catalog-messages';
import { useOwnedPackageIds } from './use-owned-packages';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { ButtonLink } from '../../components/button-link';

/** What a package on sale offers the viewer: Start Learning when owned, the payment being checked, or Buy Now. */
export function useSaleCardAction(onBuy: (pkg: CheckoutPackage) => void) {
  const { t } = useCatalogMessages();
  const owned = useOwnedPackageIds();
  const waiting = new Set(usePendingOrders().map((order) => order.package.id));
  return (pkg: CheckoutPackage) =>
    owned.has(pkg.id) ? (
      <ButtonLink to={pathTo(pagePaths.player, { courseId: pkg.id })} look="primary">
        {t('package.startLearning')}
      </ButtonLink>
    ) : waiting.has(pkg.id) ? (
      <Link to={`${pagePaths.myCourses}#my-orders`} className="badge badge--pending">
        {t('packages.pending')}
      </Link>
    ) : (
      <BuyNow pkg={pkg} onBuy={onBuy} />
    );
}
