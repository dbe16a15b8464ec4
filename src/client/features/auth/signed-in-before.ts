/**
 * Whether someone has been signed in on this browser before. A visitor who never was is most
 * likely new: their Buy opens on sign-up, not on a login box with sign-up as a small link.
 */
const KEY = 'signedInBefore';
let marked = false;

export function markSignedIn(): void {
  if (marked) return;
  marked = true;
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Not remembered: the next Buy opens on sign-up, which links to the login.
  }
}

export function signedInBefore(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
