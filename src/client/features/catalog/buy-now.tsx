import type { MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { CheckoutPackage } from '../../lib/checkout-package';
import { pagePaths } from '../../../shared/page-paths';
import { useCatalogMessages } from './catalog-messages';

type Props = { pkg: CheckoutPackage; onBuy: (pkg: CheckoutPackage) => void; className?: string };

/** A click the page itself may answer: the main button, no key held (those open the link elsewhere). */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Buy Now: a link to sign-up with the package in view (`/register?buy=ID`, a sponsor's `ref` kept),
 * so that it works on the page the server drew before the app's code has run: the server drew the
 * page for a visitor, and a visitor goes there (the server draws it at once, typeable before
 * hydration); a signed-in learner who taps it that early is sent on to the package's checkout
 * (`/course/:id?buy=1`, http/server-pages.ts). Once the app has run, the page opens the checkout
 * itself (`useCheckout`), which asks a visitor to sign up or log in first.
 */
export function BuyNow({ pkg, onBuy, className = 'button button--primary' }: Props) {
  const { t } = useCatalogMessages();
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const href = `${pagePaths.register}?${new URLSearchParams({ buy: String(pkg.id), ...(ref && { ref }) })}`;
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
