import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter } from 'react-router';
import { createClients, TRPCProvider } from '../lib/trpc';
import { prefetchLandingPage } from './prefetch';
import { AppRoutes } from './router';

export function App() {
  const [{ queryClient, trpcClient }] = useState(() => {
    const clients = createClients();
    prefetchLandingPage(window.location.pathname, clients.queryClient, clients.trpcClient);
    return clients;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        {/* react-hot-toast's defaults are the spec's: success 2 s, error 4 s, at most 20 at a time. */}
        <Toaster position="top-center" containerStyle={{ top: 64 }} />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
