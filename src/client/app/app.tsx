import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { forgetAtLogout } from '../features/auth/use-logout';
import { clearDraft } from '../features/orders/checkout-draft';
import { createClients, TRPCProvider } from '../lib/trpc';
import { DeferredToasts } from './deferred-toasts';
import { prefetchLandingPage } from './prefetch';
import { prefetchNextStep } from './prefetch-next-step';
import { AppRoutes } from './router';

// Logging out forgets the checkout's draft too (a feature of its own, which auth does not import).
forgetAtLogout(clearDraft);

export function App() {
  const [{ queryClient, trpcClient }] = useState(() => {
    const clients = createClients();
    prefetchLandingPage(window.location.pathname, clients.queryClient, clients.trpcClient);
    return clients;
  });
  useEffect(prefetchNextStep, []);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
          <DeferredToasts />
        </BrowserRouter>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
