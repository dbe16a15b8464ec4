import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useSession } from '../auth/use-session';

/** The signed-in learner's orders still being checked (none for a visitor). */
export function usePendingOrders() {
  const trpc = useTRPC();
  const { user } = useSession();
  const orders = useQuery(trpc.orders.mine.queryOptions(undefined, { enabled: Boolean(user) }));
  return user ? (orders.data ?? []).filter((order) => order.status === 'pending') : [];
}
