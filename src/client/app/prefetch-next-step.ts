import { signedInBefore } from '../features/auth/signed-in-before';
import { loadCheckoutDialog } from '../features/orders/checkout-dialog-loader';
import { loadRegisterPage } from './router';

/**
 * How long after the page's `load` the next step's code waits before it is fetched (then on the
 * first idle moment). Not at once: fetched and compiled on the first idle moment, its 22–36 KB fell
 * inside the window a phone (and Lighthouse) measures the page's loading in, and its compiling was
 * one more long task there. Soon enough still for a Buy tapped after reading a while: on a slow phone
 * (400 kbps, 4× slower CPU) `load` comes some 3–4 s after the paint, and the code is at hand well
 * before a tap 8 s after it (bench/first-tap.ts, the late tap).
 */
const NEXT_STEP_DELAY_MS = 2000;

/**
 * What the tap after a Buy needs is fetched before it: sign-up's and the checkout's code a while after
 * the page has loaded, or as soon as the visitor starts using the page (scrolls, presses a key or
 * touches it), whichever is first (sign-up's only on a browser nobody was signed in on); and the one
 * a Buy leads to as soon as a finger or the mouse presses it (`pointerdown`, some 100 ms before the
 * click). A Buy is any element marked `data-buy`.
 * A failed fetch is left to the tap itself, which tries again and shows its error.
 */
export function prefetchNextStep(): () => void {
  const fetchQuietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  let timer: number | undefined;
  let idle: number | undefined;
  const firstUse = ['scroll', 'keydown', 'pointerdown'] as const;
  const stopWaiting = () => {
    window.removeEventListener('load', waitAfterLoad);
    for (const type of firstUse) window.removeEventListener(type, fetchAhead, { capture: true });
    clearTimeout(timer);
    if (idle !== undefined) {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    }
  };
  function fetchAhead() {
    stopWaiting();
    // Sign-up only for a browser nobody was signed in on: anyone else logs in inside the checkout.
    if (!signedInBefore()) fetchQuietly(loadRegisterPage);
    fetchQuietly(loadCheckoutDialog);
  }
  function waitAfterLoad() {
    timer = window.setTimeout(() => {
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(fetchAhead, { timeout: 10_000 }) : window.setTimeout(fetchAhead, 0);
    }, NEXT_STEP_DELAY_MS);
  }
  const onPointerDown = (event: PointerEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-buy]')) return;
    // A visitor nobody was signed in as goes to sign-up first (useCheckout); anyone else to the checkout.
    fetchQuietly(signedInBefore() ? loadCheckoutDialog : loadRegisterPage);
  };
  document.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
  for (const type of firstUse) window.addEventListener(type, fetchAhead, { capture: true, passive: true, once: true });
  if (document.readyState === 'complete') waitAfterLoad();
  else window.addEventListener('load', waitAfterLoad, { once: true });
  return () => {
    document.removeEventListener('pointerdown', onPointerDown, { capture: true });
    stopWaiting();
  };
}
