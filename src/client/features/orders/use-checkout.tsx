import { lazy, Suspense, useState } from 'react';
import { loadDraft } from './checkout-draft';

export type CheckoutPackage = { id: string; name: string; pricePaise: number };

// The popup (login form, QR, payment form) loads only when someone taps Buy Now.
const CheckoutDialog = lazy(() => import('./checkout-dialog'));

/** For a page with Buy Now buttons: `buy(pkg)` opens the popup; a saved draft reopens it on return. */
export function useCheckout() {
  const [pkg, setPkg] = useState<CheckoutPackage | null>(() => {
    const draft = loadDraft();
    return draft ? { id: draft.packageId, name: draft.packageName, pricePaise: draft.pricePaise } : null;
  });
  const dialog = pkg ? (
    <Suspense fallback={null}>
      <CheckoutDialog key={pkg.id} pkg={pkg} onClose={() => setPkg(null)} />
    </Suspense>
  ) : null;
  return { buy: (next: CheckoutPackage) => setPkg(next), dialog };
}
