import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { markSignedIn } from './signed-in-before';

/** The signed-in user (null for a visitor); `loading` until the first answer. */
export function useSession() {
  const trpc = useTRPC();
  const query = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  // Someone signed in here once: their next Buy offers the login first (useCheckout).
  if (query.data) markSignedIn();
  return { user: query.data ?? null, loading: query.isPending };
}

export type SessionUser = NonNullable<ReturnType<typeof useSession>['user']>;

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === 'admin' || user?.role === 'superadmin';
}
