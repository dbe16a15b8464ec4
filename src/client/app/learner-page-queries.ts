import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { matchPath } from 'react-router';
import type { AppRouter } from '../../server/root-router';
import { pagePaths } from '../../shared/page-paths';

/**
 * The reads of a page the server draws for a signed-in learner (entry-server.tsx, `learner`),
 * asked through the learner's own context, so the procedures' own rules decide what they may see.
 * The same query options as the page's own, so the keys match and hydration finds the answers.
 *
 * The player (`/course-content/:courseId`): its lecture list first (lectures.forPackage, which
 * lets in a buyer whose access stands, or an admin), then, only when that answered, the package's
 * name, the learner's ticks, its quizzes and certificate standing, all the player shows.
 * False when the learner may not see the page (the lecture list refused: not bought, access taken
 * back, no such package): the server then sends the visitor's page, as it would without a session,
 * and nothing read here is drawn or handed over.
 *
 * The dashboard (`/:id/dashboard`): see prefetchDashboard.
 */
export async function prefetchLearnerPageQueries(url: URL, trpc: TRPCOptionsProxy<AppRouter>, queryClient: QueryClient): Promise<boolean> {
  const dashboardOf = matchPath(pagePaths.dashboard, url.pathname)?.params.id;
  if (dashboardOf !== undefined) return prefetchDashboard(dashboardOf, trpc, queryClient);
  const courseId = matchPath(pagePaths.player, url.pathname)?.params.courseId;
  if (courseId === undefined) return true;
  const lectures = trpc.lectures.forPackage.queryOptions({ packageId: courseId }, { staleTime: 0 });
  await queryClient.prefetchQuery(lectures);
  if (queryClient.getQueryState(lectures.queryKey)?.status !== 'success') return false;
  await Promise.all([
    queryClient.prefetchQuery(trpc.catalog.byId.queryOptions({ id: courseId })),
    queryClient.prefetchQuery(trpc.progress.ofPackage.queryOptions({ packageId: courseId })),
    queryClient.prefetchQuery(trpc.quizzes.ofPackage.queryOptions({ packageId: courseId })),
    queryClient.prefetchQuery(trpc.certificates.status.queryOptions({ packageId: courseId })),
  ]);
  return true;
}

/**
 * A dashboard (`/:id/dashboard`, features/affiliate/dashboard-page.tsx): its cards first
 * (affiliate.dashboard, which lets in its owner, or an admin), then, only when that answered and
 * the dashboard is the learner's own, what the page shows its owner beside them: their discount
 * code (AffiliateCodeCard) and their commissions (EarningsHistory). An admin's view of someone
 * else's shows neither, so neither is read. False when the learner may not see it (another
 * learner's, no such user, a bad id): the visitor's page is sent.
 */
async function prefetchDashboard(id: string, trpc: TRPCOptionsProxy<AppRouter>, queryClient: QueryClient): Promise<boolean> {
  const dashboard = trpc.affiliate.dashboard.queryOptions({ userId: id });
  const [, viewer] = await Promise.all([
    queryClient.prefetchQuery(dashboard),
    // Who is asking, as useSession asks it (entry-server.tsx asks it too; the same read, once).
    queryClient.fetchQuery(trpc.auth.me.queryOptions()).catch(() => null),
  ]);
  const cards = queryClient.getQueryData(dashboard.queryKey);
  if (queryClient.getQueryState(dashboard.queryKey)?.status !== 'success' || !cards) return false;
  if (viewer?.id !== cards.user.id) return true;
  await Promise.all([
    queryClient.prefetchQuery(trpc.discounts.myCode.queryOptions()),
    queryClient.prefetchQuery(trpc.affiliate.earningsHistory.queryOptions()),
  ]);
  return true;
}
