/**
 * The app's server entry, built by `vite build --ssr` (dist/server) and loaded by the server
 * (http/server-pages.ts): a page drawn by the same components as in the browser, which then
 * hydrates it (main.tsx).
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { AppRouter } from '../server/root-router';
import type { DrawPage } from '../shared/page-render';
import { AppPages } from './app/app';
import { prefetchLearnerPageQueries } from './app/learner-page-queries';
import { prefetchPageQueries } from './app/page-queries';
import { drawnPageSource, loadLandingPage } from './app/router';
import { DrawnLanguageProvider } from './lib/i18n';
import { setServerSiteConfig } from './lib/site-config';

export const drawPage: DrawPage = async ({ url, lang, site, readsFor, learner = false }) => {
  const address = new URL(url, 'http://page.invalid');
  const source = drawnPageSource(address.pathname, learner);
  if (!source) return null;
  setServerSiteConfig(site);
  // Nothing is asked again while drawing (no effects run on the server); what is not here draws as loading.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const trpc = readsFor(queryClient) as TRPCOptionsProxy<AppRouter>;
  const [, , , allowed] = await Promise.all([
    loadLandingPage(address.pathname, learner),
    prefetchPageQueries(address, trpc, queryClient),
    // The learner's own page (their checkout opened on it, their player, their dashboard): who they are, as useSession asks it.
    learner ? queryClient.prefetchQuery(trpc.auth.me.queryOptions()) : null,
    // And what the page shows them, as its procedures let them see it; a page they may not see is not drawn for them.
    learner ? prefetchLearnerPageQueries(address, trpc, queryClient) : true,
    // Whether the privacy notice or their age is to be asked (the consent gate, on every signed-in page).
    learner ? queryClient.prefetchQuery(trpc.privacy.status.queryOptions()) : null,
  ]);
  if (!allowed) return null;
  // The provider needs a client; on the server nothing calls it (queries were answered above).
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] });
  const stream = await renderToReadableStream(
    <StrictMode>
      <DrawnLanguageProvider value={lang}>
        <StaticRouter location={url}>
          <AppPages queryClient={queryClient} trpcClient={trpcClient} />
        </StaticRouter>
      </DrawnLanguageProvider>
    </StrictMode>,
    // Never a boundary sent apart to be swapped in by an inline script (the CSP allows none): a long
    // page (the privacy notice in Marathi) would otherwise reach the browser unfinished.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // The whole page, not streamed: it is kept and sent compressed (http/server-pages.ts), and a
  // preview's crawler reads it whole.
  await stream.allReady;
  const html = await new Response(stream).text();
  return { html, queryData: JSON.stringify(dehydrate(queryClient)), source };
};
