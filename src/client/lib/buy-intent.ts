import { DAY_MS } from '../../shared/ist';
import { clearStored, readStoredJson, writeStored } from './storage';
import type { CheckoutPackage } from './checkout-package';
import { checkoutForSignUpBuy } from '../../shared/page-paths';

/**
 * The package a visitor tapped Buy Now on before they had an account or were logged in. Logging
 * in or verifying a new account brings them back to that package with the checkout open, so the
 * way from a shared link to paying has no dead end. Kept for this tab only (like the pending
 * registration), for at most a day.
 */
type BuyIntent = CheckoutPackage & { savedAt: number };

const KEY = 'buyIntent';
/** Not kept when storage is blocked: after logging in the learner taps Buy Now again. */
export function saveBuyIntent(pkg: CheckoutPackage): void {
  writeStored('session', KEY, { id: pkg.id, name: pkg.name, pricePaise: pkg.pricePaise, savedAt: Date.now() });
}

export function loadBuyIntent(): CheckoutPackage | null {
  const intent = readStoredJson<BuyIntent>('session', KEY);
  if (!intent || typeof intent.id !== 'string' || typeof intent.pricePaise !== 'number') return null;
  if (Date.now() - intent.savedAt > DAY_MS) return null;
  return { id: intent.id, name: String(intent.name), pricePaise: intent.pricePaise };
}

export function clearBuyIntent(): void {
  clearStored('session', KEY);
}

/** Where the page that just signed someone in sends them, for the guards that notice the session first. */
let chosenPath: string | null = null;

/** A page of this site named by the address's `?next=` (the menu's Login link carries it), never another site's. */
function nextInAddress(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(?![/\\])/.test(next) ? next : null;
}

/**
 * Where a visitor who just logged in or verified goes: the package they were buying (kept by this
 * tab, else named by sign-up's address, `?buy=ID`: a Buy that reached sign-up before the session
 * was known), else the page they were on when they went to log in (`?next=` in `search`), else `fallback`. A component
 * rendering gives its router location's search: React renders a navigation as a transition, so
 * the browser's address may already be the next page's while the login page still renders.
 */
export function pathAfterSignIn(fallback = '/', search = window.location.search): string {
  const intent = loadBuyIntent();
  if (intent) return `/course/${encodeURIComponent(intent.id)}`;
  return checkoutForSignUpBuy(search) ?? chosenPath ?? nextInAddress(search) ?? fallback;
}

/** The page that signs someone in names where they go next (the verify page: the packages). */
export function choosePathAfterSignIn(path: string): void {
  chosenPath = path;
}
