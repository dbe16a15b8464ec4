import { signedInBefore } from '../features/auth/signed-in-before';
import { loadCheckoutDialog } from '../features/orders/use-checkout';
import { loadRegisterPage } from './router';

/**
 * What the tap after a Buy needs is fetched before it: sign-up's and the checkout's code once the
 * page is idle (sign-up's only on a browser nobody was signed in on), and the one a Buy leads to as soon as a finger or the mouse presses it
 * (`pointerdown`, some 100 ms before the click). A Buy is any element marked `data-buy`.
 * A failed fetch is left to the tap itself, which tries again and shows its error.
 */
export function prefetchNextStep(): () => void {
  const fetchQuietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  const onPointerDown = (event: PointerEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-buy]')) return;
    // A visitor nobody was signed in as goes to sign-up first (useCheckout); anyone else to the checkout.
    fetchQuietly(signedInBefore() ? loadCheckoutDialog : loadRegisterPage);
  };
  document.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
  const whenIdle = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 10_000 }) : window.setTimeout(run, 2000);
  const idle = whenIdle(() => {
    // Sign-up only for a browser nobody was signed in on: anyone else logs in inside the checkout.
    if (!signedInBefore()) fetchQuietly(loadRegisterPage);
    fetchQuietly(loadCheckoutDialog);
  });
  return () => {
    document.removeEventListener('pointerdown', onPointerDown, { capture: true });
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else clearTimeout(idle);
  };
}
