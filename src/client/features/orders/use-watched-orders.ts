import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '../../lib/trpc';

/** How often My Packages asks again while a payment is being checked. */
export const CHECKING_REFRESH_MS = 30_000;

/**
 * The learner's orders on My Packages, kept current: asked again whenever the page is shown again
 * (back from the UPI app or the email) and every 30 s while a payment is being checked. Answers the
 * orders approved while the page was open, so the page can say so; the packages follow at once.
 */
export function useWatchedOrders() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const orders = useQuery(
    trpc.orders.mine.queryOptions(undefined, {
      refetchOnWindowFocus: 'always',
      refetchInterval: (query) => (query.state.data?.some((order) => order.status === 'pending') ? CHECKING_REFRESH_MS : false),
    }),
  );
  const [approved, setApproved] = useState<{ id: string; packageId: string; name: string }[]>([]);
  const checking = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!orders.data) return;
    const before = checking.current;
    checking.current = new Set(orders.data.filter((order) => order.status === 'pending').map((order) => order.id));
    const justApproved = before ? orders.data.filter((order) => before.has(order.id) && order.status === 'approved') : [];
    if (justApproved.length === 0) return;
    setApproved((shown) => [...shown, ...justApproved.map((order) => ({ id: order.id, packageId: order.package.id, name: order.package.name }))]);
    void queryClient.invalidateQueries({ queryKey: trpc.catalog.mine.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.receipts.mine.queryKey() });
  }, [orders.data, queryClient, trpc]);
  return { approved };
}
