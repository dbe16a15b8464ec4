import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { isServerFault } from '../lib/errors.js';
import type { AppDeps, CreateContext } from '../trpc/context.js';
import { createQueryPath } from '../trpc/query-path.js';
import { appRouter, type AppRouter } from '../root-router.js';

/** The client batches at most this many calls; a longer batch is refused before any runs. */
export const TRPC_MAX_BATCH = 10;

/**
 * tRPC for the app under /trpc, in a scope of its own: reads take the light road of
 * trpc/query-path.ts (unless `lightQueries` is false), the rest tRPC's Fastify adapter. The REST
 * and page routes do not pass through this scope's hook.
 */
export function registerTrpc(app: FastifyInstance, deps: AppDeps, createContext: CreateContext, options: { lightQueries: boolean }): void {
  const onTrpcError = ({ error, path: procedurePath }: { error: TRPCError; path?: string | undefined }) => {
    if (isServerFault(error)) app.log.error({ err: error.cause ?? error, path: procedurePath }, 'procedure failed');
  };
  const answerQueries = createQueryPath({ router: appRouter, deps, createContext, maxBatchSize: TRPC_MAX_BATCH, onError: onTrpcError });
  app.register((trpcScope, _options, registered) => {
    if (options.lightQueries) {
      trpcScope.addHook('onRequest', (request, reply, done) => {
        const answered = request.method === 'GET' && answerQueries(request, reply);
        if (answered === false) done();
        else if (answered !== true) answered.then(() => undefined, done);
      });
    }
    trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext,
        maxBatchSize: TRPC_MAX_BATCH,
        onError: onTrpcError,
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
    registered();
  });
}
