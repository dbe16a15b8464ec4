import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/root-router';
import { currentLanguage } from './i18n';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** What each procedure takes, as the client sends it: `RouterInputs['orders']['purchase']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;

/** What each procedure answers, as the client receives it: `RouterOutputs['orders']['quote']`. The client writes no server shape by hand. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Same limit as the server's TRPC_MAX_BATCH. */
const MAX_BATCH = 10;

export function createClients() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
    },
  });
  const trpcClient = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxItems: MAX_BATCH,
        headers: () => ({ 'x-lang': currentLanguage() }),
      }),
    ],
  });
  return { queryClient, trpcClient };
}

export function isClientError(error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** The server's message for a failed call (already in the chosen language), or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof TRPCClientError && error.data && error.message ? error.message : fallback;
}

/** Per-field messages of a refused input (`fields` of the error's data), by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fields?: Record<string, string> } | undefined)?.fields;
  return fields && typeof fields === 'object' ? fields : {};
}

/** The stable code of a failed call, such as UNAUTHORIZED or UTR_TAKEN. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}
