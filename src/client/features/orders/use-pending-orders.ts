import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { isAdmin, useSession } from '../auth/use-session';

/** The signed-in learner's orders still being checked (none for a visitor). */
export function usePendingOrders() {
  const trpc = useTRPC();
  const { user } = useSession();
  const orders = useQuery(trpc.orders.mine.queryOptions(undefined, { enabled: Boolean(user) }));
  return user ? (orders.data ?? []).filter((order) => order.status === 'pending') : [];
}

/** The signed-in learner's orders of which part arrived, the rest asked for (none for a visitor). */
export function useOrdersOwingDifference() {
  const trpc = useTRPC();
  const { user } = useSession();
  const orders = useQuery(trpc.orders.mine.queryOptions(undefined, { enabled: Boolean(user) }));
  return user ? (orders.data ?? []).filter((order) => order.differenceDue !== null) : [];
}

/** How often the admin's count of orders waiting for a decision is asked again. */
export const PENDING_POLL_MS = 20_000;

/** For an admin: how many orders wait for a decision, kept current (every 20 s and on focus); 0 for anyone else. */
export function useOrdersToCheck(): number {
  const trpc = useTRPC();
  const { user } = useSession();
  const admin = isAdmin(user);
  const count = useQuery({
    ...trpc.orders.pendingCount.queryOptions(undefined, { enabled: admin }),
    refetchInterval: PENDING_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  return admin ? (count.data?.count ?? 0) : 0;
}
