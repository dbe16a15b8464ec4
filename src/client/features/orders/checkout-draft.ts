import { DAY_MS } from '../../../shared/ist';
import { clearStored, readStoredJson, writeStored } from '../../lib/storage';

/**
 * What the buyer typed in the payment popup, kept on this browser so that leaving for the UPI
 * app (and even a reload) brings them back to the same popup, ready for the UTR. The /success
 * page also reads it, as the spec's app did. A draft belongs to the account that typed it: on a
 * shared phone another account never sees or submits it, and logging out forgets it.
 */
export type CheckoutDraft = {
  /** The account that typed it. */
  userId: string;
  packageId: string;
  packageName: string;
  pricePaise: number;
  name: string;
  email: string;
  /** The code applied in the code step ('' for none), and whether that step was done (a code applied, or none chosen). */
  code: string;
  codeDone: boolean;
  utr: string;
  savedAt: number;
};

const KEY = 'checkout';
/** A draft older than this is forgotten rather than reopened. */
const MAX_AGE_MS = DAY_MS;

/** Not kept when storage is blocked; the popup still works for this visit. */
export function saveDraft(draft: Omit<CheckoutDraft, 'savedAt'>): void {
  writeStored('local', KEY, { ...draft, savedAt: Date.now() });
}

/** The draft of this account, if it has one; another account's draft is forgotten. */
export function loadDraft(userId: string): CheckoutDraft | null {
  const draft = readStoredJson<CheckoutDraft>('local', KEY);
  if (!draft) return null;
  if (draft.userId !== userId) {
    clearDraft();
    return null;
  }
  if (typeof draft.packageId !== 'string' || Date.now() - draft.savedAt > MAX_AGE_MS) return null;
  return draft;
}

export function clearDraft(): void {
  clearStored('local', KEY);
}
