import type { CheckoutPackage } from '../../lib/checkout-package';
import { useCatalogMessages } from './catalog-messages';

type Props = { pkg: CheckoutPackage; onBuy: (pkg: CheckoutPackage) => void; className?: string };

/** Buy Now: opens the checkout of the page (`useCheckout`), which asks a visitor to log in first. */
export function BuyNow({ pkg, onBuy, className = 'button button--primary' }: Props) {
  const { t } = useCatalogMessages();
  return (
    <button type="button" className={className} data-buy="" onClick={() => onBuy({ id: pkg.id, name: pkg.name, pricePaise: pkg.pricePaise })}>
      {t('packages.buyNow')}
    </button>
  );
}
