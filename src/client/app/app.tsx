import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { useEffect, useRef } from 'react';
import { BrowserRouter } from 'react-router';
import type { AppRouter } from '../../server/root-router';
import { forgetAtLogout } from '../features/auth/use-logout';
import { useSession } from '../features/auth/use-session';
import { clearDraft } from '../features/orders/checkout-draft';
import { applyRememberedLanguage } from '../lib/i18n';
import { TRPCProvider, useTRPC } from '../lib/trpc';
import { DeferredToasts } from './deferred-toasts';
import { prefetchNextStep } from './prefetch-next-step';
import { AppRoutes } from './router';

// Logging out forgets the checkout's draft too (a feature of its own, which auth does not import).
forgetAtLogout(clearDraft);

export type Clients = { queryClient: QueryClient; trpcClient: TRPCClient<AppRouter> };

/**
 * The server draws pages as a visitor sees them; once the session says who is here, the reads
 * that depend on the viewer (a package's `canWatch`) are asked again. A page the server drew for
 * the signed-in learner (their checkout, their player) came with their session and reads already
 * asked as them: those stay, until another session (or none) takes over.
 */
function ViewerReads() {
  const { user } = useSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const userId = user?.id;
  const drawnFor = useRef(queryClient.getQueryData(trpc.auth.me.queryKey())?.id ?? null);
  useEffect(() => {
    if (userId && userId === drawnFor.current) return;
    drawnFor.current = null;
    if (userId) void queryClient.invalidateQueries(trpc.catalog.byId.pathFilter());
  }, [userId, queryClient, trpc]);
  return null;
}

/** Every page with the app's clients, under a router: the browser's (App) or the server's (entry-server.tsx). */
export function AppPages({ queryClient, trpcClient }: Clients) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <AppRoutes />
        <DeferredToasts />
        <ViewerReads />
      </TRPCProvider>
    </QueryClientProvider>
  );
}

export function App({ clients }: { clients: Clients }) {
  useEffect(prefetchNextStep, []);
  useEffect(applyRememberedLanguage, []);
  // Hydrated (or drawn here): main.tsx marks the page as answering once what hydrates after this has too.
  useEffect(() => {
    window.dispatchEvent(new Event('app-hydrated'));
  }, []);
  return (
    <BrowserRouter>
      <AppPages {...clients} />
    </BrowserRouter>
  );
}
