import { readStored, writeStored } from '../../lib/storage';

/**
 * Whether someone has been signed in on this browser before. A visitor who never was is most
 * likely new: their Buy opens on sign-up, not on a login box with sign-up as a small link.
 * (When storage is blocked nothing is remembered: the next Buy opens on sign-up, which links to the login.)
 */
const KEY = 'signedInBefore';
let marked = false;

export function markSignedIn(): void {
  if (marked) return;
  marked = true;
  writeStored('local', KEY, '1');
}

export function signedInBefore(): boolean {
  return readStored('local', KEY) === '1';
}
