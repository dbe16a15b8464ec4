import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while React hydrates the page it drew, true after: what only the browser
 * knows (its storage, `navigator.share`) is shown from then on, so hydration finds what the server
 * drew and warns of no mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
