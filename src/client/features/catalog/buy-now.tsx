import type { MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { CheckoutPackage } from '../../lib/checkout-package';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { useCatalogMessages } from './catalog-messages';

type Props = { pkg: CheckoutPackage; onBuy: (pkg: CheckoutPackage) => void; className?: string };

/** A click the page itself may answer: the main button, no key held (those open the link elsewhere). */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Buy Now: a link to the package's page with the purchase open (`?buy=1`, a sponsor's `ref` kept),
 * so that it works on the page the server drew before the app's code has run; once it has, the
 * page opens the checkout itself (`useCheckout`), which asks a visitor to sign up or log in first.
 */
export function BuyNow({ pkg, onBuy, className = 'button button--primary' }: Props) {
  const { t } = useCatalogMessages();
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const href = `${pathTo(pagePaths.packagePage, { id: pkg.id })}?${new URLSearchParams({ ...(ref && { ref }), buy: '1' })}`;
  return (
    <a
      href={href}
      className={className}
      data-buy=""
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        onBuy({ id: pkg.id, name: pkg.name, pricePaise: pkg.pricePaise });
      }}
    >
      {t('packages.buyNow')}
    </a>
  );
}
