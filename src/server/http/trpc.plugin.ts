import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { isServerFault } from '../lib/errors.js';
import type { CreateContext } from '../trpc/context.js';
import { appRouter, type AppRouter } from '../root-router.js';

/** The client batches at most this many calls; a longer batch is refused before any runs. */
export const TRPC_MAX_BATCH = 10;

/** tRPC for the app under /trpc, through tRPC's own Fastify adapter: every call, read or write, takes the same road. */
export function registerTrpc(app: FastifyInstance, createContext: CreateContext): void {
  app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      maxBatchSize: TRPC_MAX_BATCH,
      onError: ({ error, path }: { error: TRPCError; path?: string | undefined }) => {
        if (isServerFault(error)) app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
