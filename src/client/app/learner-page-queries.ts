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
 */
export async function prefetchLearnerPageQueries(url: URL, trpc: TRPCOptionsProxy<AppRouter>, queryClient: QueryClient): Promise<boolean> {
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
