import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { matchPath } from 'react-router';
import type { AppRouter } from '../../server/root-router';
import { pagePaths } from '../../shared/page-paths';
import { sponsorCodeOf } from '../lib/sponsor-code';

/**
 * The public reads a page drawn on the server shows, asked for before it is drawn: the server
 * draws the page with their answers and hands them to the browser (entry-server.tsx), whose
 * hydration then asks for nothing again. The same query options as the pages' own, so the keys match.
 */
export async function prefetchPageQueries(url: URL, trpc: TRPCOptionsProxy<AppRouter>, queryClient: QueryClient): Promise<void> {
  const { pathname, searchParams } = url;
  const reads: Promise<void>[] = [];
  if (pathname === pagePaths.home || matchPath(pagePaths.packages, pathname)) {
    reads.push(queryClient.prefetchQuery(trpc.catalog.list.queryOptions()));
  }
  // Sign-up reached by a Buy (`?buy=ID`, features/auth/buying-summary.tsx): the package and the sponsor in view.
  const signUp = matchPath(pagePaths.register, pathname);
  const code = matchPath(pagePaths.packages, pathname) || signUp ? sponsorCodeOf(searchParams.get('ref')) : null;
  if (code) reads.push(queryClient.prefetchQuery(trpc.auth.sponsorByCode.queryOptions({ code })));
  const pkg = matchPath(pagePaths.packagePage, pathname)?.params.id ?? (signUp ? searchParams.get('buy') || undefined : undefined);
  if (pkg) reads.push(queryClient.prefetchQuery(trpc.catalog.byId.queryOptions({ id: pkg })));
  const certificate = matchPath(pagePaths.certificate, pathname)?.params.number;
  if (certificate) reads.push(queryClient.prefetchQuery(trpc.certificates.verify.queryOptions({ number: certificate })));
  await Promise.all(reads);
}
