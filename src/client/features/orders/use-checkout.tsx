import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { signedInBefore } from '../auth/signed-in-before';
import { useSession } from '../auth/use-session';
import { clearBuyIntent, loadBuyIntent, saveBuyIntent } from '../../lib/buy-intent';
import { loadCheckoutDialog, loadedCheckoutDialog } from './checkout-dialog-loader';
import { loadDraft } from './checkout-draft';
import type { CheckoutPackage } from '../../lib/checkout-package';
import { pagePaths } from '../../../shared/page-paths';

// Once loaded, handed over at once (a thenable that answers as it is asked, so lazy() does not
// suspend): the popup the server drew open (main.tsx loads its code first) hydrates with the page,
// and an update reaching it while hydrating never makes React draw it again (losing what was typed).
type DialogModule = typeof import('./checkout-dialog');
const CheckoutDialog = lazy(() => {
  const ready = loadedCheckoutDialog();
  if (!ready) return loadCheckoutDialog();
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, answering as it is asked, so that lazy() does not suspend
  return { then: (resolve: (module: DialogModule) => void) => resolve(ready) } as Promise<DialogModule>;
});

/**
 * For a page with Buy Now buttons: `buy(pkg)` opens the popup (`opened`: open from the start); a saved draft reopens it on return.
 * A visitor who was never signed in on this browser is most likely new: Buy opens sign-up, which
 * keeps the package, its price and the sponsor in view and comes back here with the popup open.
 */
export function useCheckout(opened: CheckoutPackage | null = null) {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  // `opened`: the popup open from the first render (a learner's `?buy=1`, drawn open by the server).
  const [pkg, setPkg] = useState<CheckoutPackage | null>(opened);

  // Sent on to sign-up from here: the package waits for the page sign-up leads to (guards.tsx), not
  // for this one, which stays drawn while sign-up's code arrives and may hear of a session meanwhile.
  const sentToSignUp = useRef(false);
  // A Buy before the session is known waits for it.
  const [waiting, setWaiting] = useState<CheckoutPackage | null>(null);
  const buy = useCallback(
    (next: CheckoutPackage) => {
      // Nobody was ever signed in on this browser: sign-up, without waiting to hear there is no session
      // (should there be one after all, sign-up sends a signed-in learner on to this package's checkout).
      if (!user && !signedInBefore()) {
        saveBuyIntent(next);
        sentToSignUp.current = true;
        // The package in sign-up's address, as the server draws it for a Buy followed before hydration.
        void navigate(`${pagePaths.register}?${new URLSearchParams({ buy: next.id })}`);
      } else if (loading) setWaiting(next);
      else setPkg(next);
    },
    [loading, user, navigate],
  );
  useEffect(() => {
    if (loading || !waiting) return;
    setWaiting(null);
    buy(waiting);
  }, [loading, waiting, buy]);

  // The signed-in account's own draft reopens the popup, once, as soon as the session is known.
  const resumed = useRef(false);
  useEffect(() => {
    if (!user || resumed.current || sentToSignUp.current) return;
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
  return { buy, dialog };
}
