import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '../auth/use-session';
import { clearBuyIntent, loadBuyIntent } from './buy-intent';
import { loadDraft } from './checkout-draft';
import type { CheckoutPackage } from './checkout-package';

// The popup (login form, QR, payment form) loads only when someone taps Buy Now.
const CheckoutDialog = lazy(() => import('./checkout-dialog'));

/** For a page with Buy Now buttons: `buy(pkg)` opens the popup; a saved draft reopens it on return. */
export function useCheckout() {
  const { user } = useSession();
  const [pkg, setPkg] = useState<CheckoutPackage | null>(null);
  // The signed-in account's own draft reopens the popup, once, as soon as the session is known.
  const resumed = useRef(false);
  useEffect(() => {
    if (!user || resumed.current) return;
    resumed.current = true;
    // Back from logging in or verifying a new account: the package they tapped Buy Now on.
    const intent = loadBuyIntent();
    if (intent) {
      clearBuyIntent();
      setPkg((open) => open ?? intent);
      return;
    }
    const draft = loadDraft(user.id);
    if (draft) setPkg((open) => open ?? { id: draft.packageId, name: draft.packageName, pricePaise: draft.pricePaise });
  }, [user]);
  const dialog = pkg ? (
    <Suspense fallback={null}>
      <CheckoutDialog key={pkg.id} pkg={pkg} onClose={() => setPkg(null)} />
    </Suspense>
  ) : null;
  return { buy: (next: CheckoutPackage) => setPkg(next), dialog };
}
