import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/root-router';
import { pagePaths } from '../../shared/page-paths';

/**
 * On a first visit to the catalogue or the home page (where referral links land), when the server
 * did not draw the page with them, ask for the packages while React starts instead of once the page
 * has rendered; on the player, ask for its lectures at once: on a slow phone connection that
 * saves one or two round trips. What the server drew the page with is not asked for again.
 */
export function prefetchLandingPage(pathname: string, queryClient: QueryClient, trpcClient: TRPCClient<AppRouter>): void {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  // The player: its lectures and package asked for beside the session, not after it (one round trip less).
  const player = /^\/course-content\/(\d{1,15})\/?$/.exec(pathname)?.[1];
  if (player) {
    const lectures = trpc.lectures.forPackage.queryOptions({ packageId: player }, { staleTime: 0 });
    // Drawn by the server for its buyer, the page came with them (boot.tsx hydrated its answers).
    if (queryClient.getQueryData(lectures.queryKey) === undefined) void queryClient.prefetchQuery(lectures);
    void queryClient.prefetchQuery(trpc.catalog.byId.queryOptions({ id: player }));
    void queryClient.prefetchQuery(trpc.progress.ofPackage.queryOptions({ packageId: player }));
    return;
  }
  if (pathname !== pagePaths.home && pathname !== pagePaths.packages && pathname !== pagePaths.courses) return;
  // Already here when the server drew the page (main.tsx hydrates its answers): then nothing is asked.
  void queryClient.prefetchQuery(trpc.catalog.list.queryOptions());
}
