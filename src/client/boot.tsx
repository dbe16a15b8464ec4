/**
 * The app's start, loaded by main.tsx once a drawn page has painted: it hydrates the page the server
 * drew (or renders one), with the answers the server drew it with.
 */
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchLandingPage } from './app/prefetch';
import { loadLandingPage } from './app/router';
import { loadCheckoutDialog } from './features/orders/checkout-dialog-loader';
import { initI18n } from './lib/i18n';
import { rememberDiscountCode, rememberReferral } from './lib/referral';
import { pageLoaded } from './lib/page-moments';
import { createClients } from './lib/trpc';
import { registerServiceWorker } from './register-service-worker';

const root = document.getElementById('root')!;
// The server drew this page with the app's own components (http/server-pages.ts): hydrate it.
const drawn = root.hasChildNodes();
initI18n(drawn);
registerServiceWorker();
// A referral link (`?ref=CODE`, usually to /packages) is remembered whatever page it opens.
rememberReferral(new URLSearchParams(window.location.search).get('ref'));
rememberDiscountCode(new URLSearchParams(window.location.search).get('code'));

const clients = createClients();
// The answers the server drew the page with: hydration finds them and asks for nothing again.
const queryData = document.getElementById('query-data')?.textContent;
if (queryData) hydrate(clients.queryClient, answeredNow(JSON.parse(queryData) as DehydratedState));
prefetchLandingPage(window.location.pathname, clients.queryClient, clients.trpcClient);

/**
 * The server's answers are current when it sends the page (it drops the pages it keeps when the
 * catalogue changes), so they count as fresh from now, not from when the page was first drawn.
 */
function answeredNow(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return { ...state, queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) };
}

// The Devanagari faces once the page has loaded (main.tsx waited for a drawn page's paint; why: fonts.css).
void pageLoaded()
  .then(() => import('./app/fonts.css'))
  .catch(() => undefined);

// The page's code is loaded first, so that it renders (or hydrates) at once, without a spinner
// (a learner's own page, their dashboard, when the server drew it for them).
// Not an await at the top: that page's code imports this chunk, which must finish first.
// A checkout popup drawn open (a learner's `?buy=1`): its code too, so it hydrates with the page.
const drawnPopup = drawn && root.querySelector('dialog[open]') ? loadCheckoutDialog() : null;
void Promise.all([loadLandingPage(window.location.pathname, drawn), drawnPopup]).then(() => {
  const app = (
    <StrictMode>
      <App clients={clients} />
    </StrictMode>
  );
  // In a transition: React hydrates in slices of a few milliseconds, so a slow phone answers
  // between them (Lighthouse's blocking time). A tap on the page meanwhile waits for the whole app
  // (main.tsx holds it until app.tsx says it has hydrated).
  if (drawn) startTransition(() => void hydrateRoot(root, app));
  else startTransition(() => createRoot(root).render(app));
});
