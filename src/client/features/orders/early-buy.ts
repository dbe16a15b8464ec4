import { clearStored, readStoredJson } from '../../lib/storage';
import type { CheckoutPackage } from '../../lib/checkout-package';

/**
 * A Buy tapped on the page the server drew, before the app ran: boot.ts keeps the package (from the
 * link's `data-buy`) with the page it was tapped on, and the app opens that purchase once it runs.
 */
type EarlyBuy = CheckoutPackage & { path: string; at: number };

const KEY = 'earlyBuy';
/** A tap older than this is not acted on (the learner went elsewhere, or came back much later). */
const MAX_AGE_MS = 10 * 60 * 1000;

/** The package a Buy was tapped on before the app ran, on this page; taken once. */
export function takeEarlyBuy(pathname: string): CheckoutPackage | null {
  const kept = readStoredJson<Partial<EarlyBuy>>('session', KEY);
  if (!kept) return null;
  clearStored('session', KEY);
  const fresh = typeof kept.at === 'number' && Date.now() - kept.at < MAX_AGE_MS;
  if (!fresh || kept.path !== pathname || typeof kept.id !== 'string' || typeof kept.pricePaise !== 'number') return null;
  return { id: kept.id, name: String(kept.name ?? ''), pricePaise: kept.pricePaise };
}
