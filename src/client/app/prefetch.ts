import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/trpc/router';

/**
 * On a first visit to the catalogue (where referral links land), ask for the packages while React
 * starts, instead of once the page has rendered: on a slow phone connection that saves a round trip.
 */
export function prefetchLandingPage(pathname: string, queryClient: QueryClient, trpcClient: TRPCClient<AppRouter>): void {
  if (pathname !== '/packages' && pathname !== '/courses') return;
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  void queryClient.prefetchQuery(trpc.catalog.list.queryOptions());
}
