import type { FastifyReply, FastifyRequest } from 'fastify';
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, type AnyTRPCRouter, type TRPCError } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import { jsonOf } from '../lib/read-cache.js';
import type { AppDeps, CreateContext } from './context.js';
import { answerHot, hotReadOfProcedure, proceduresOf, THROUGH_PROCEDURE } from './hot-reads.js';
import type { HotRead } from './trpc.js';

/**
 * A lighter road for the app's reads. tRPC's Fastify adapter turns every request into a Fetch
 * Request and back, which costs more than most of our queries. A GET of query procedures (single
 * or batched, as httpBatchLink sends them) is answered here instead: the same procedures through
 * tRPC's own `callTRPCProcedure` (so input validation, middlewares and role checks are unchanged),
 * the same error formatter and the same status rules, in the same JSON envelopes. Anything else
 * (mutations, unknown paths, malformed input) goes on to the adapter, which answers as usual.
 */

/** tRPC's envelope of a successful call (a named function, so cached answers keep their text). */
const resultEnvelope = (data: unknown) => ({ result: { data } });

/** The calls of the request, or null when the adapter should answer it. */
function readCalls(
  request: FastifyRequest,
  isQuery: (path: string) => boolean,
  maxBatch: number,
): { paths: string[]; inputs: unknown[]; batch: boolean } | null {
  const url = request.url;
  const queryStart = url.indexOf('?');
  const pathPart = decodeURIComponent(url.slice('/trpc/'.length, queryStart === -1 ? undefined : queryStart));
  const paths = pathPart.split(',');
  if (!paths.every(isQuery)) return null;
  const query = request.query as Record<string, string | undefined>;
  const batch = query.batch === '1' || query.batch === 'true';
  if (!batch && paths.length > 1) return null;
  if (paths.length > maxBatch) return null;
  let parsed: unknown;
  try {
    parsed = query.input === undefined ? undefined : JSON.parse(query.input);
  } catch {
    return null;
  }
  if (!batch) return { paths, inputs: [parsed], batch };
  if (parsed !== undefined && (typeof parsed !== 'object' || parsed === null)) return null;
  const byIndex = (parsed ?? {}) as Record<string, unknown>;
  return { paths, inputs: paths.map((_, index) => byIndex[index]), batch };
}

export type QueryPathOptions = {
  router: AnyTRPCRouter;
  deps: AppDeps;
  createContext: CreateContext;
  maxBatchSize: number;
  onError: (opts: { error: TRPCError; path: string }) => void;
};

/**
 * The light road for a router's reads: a function that answers the request when it is a GET of
 * queries (at once when hot reads answer every call), and returns false to let the adapter handle it.
 */
export function createQueryPath(options: QueryPathOptions): (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean> {
  const procedures = proceduresOf(options.router);
  const queries = new Set(Object.keys(procedures).filter((path) => procedures[path]!._def.type === 'query'));
  const hotReads = new Map<string, HotRead>();
  for (const path of queries) {
    const hot = hotReadOfProcedure(procedures[path]);
    if (hot) hotReads.set(path, hot);
  }
  const isQuery = (path: string) => queries.has(path);
  return (request, reply) => {
    const calls = readCalls(request, isQuery, options.maxBatchSize);
    if (!calls) return false;
    // Hot reads first, without a promise each: when every call of the request is answered so, that is all.
    const hotAnswers = calls.paths.map((path, batchIndex) => {
      const hot = hotReads.get(path);
      return hot ? answerHot(options.deps, request, hot, calls.inputs[batchIndex]) : THROUGH_PROCEDURE;
    });
    if (!hotAnswers.includes(THROUGH_PROCEDURE)) {
      const texts = hotAnswers.map((answer) => jsonOf(answer, resultEnvelope));
      reply
        .code(200)
        .type('application/json')
        .send(calls.batch ? `[${texts.join(',')}]` : texts[0]!);
      return true;
    }
    return answerThroughProcedures(request, reply, options, calls, hotAnswers);
  };
}

async function answerThroughProcedures(
  request: FastifyRequest,
  reply: FastifyReply,
  options: QueryPathOptions,
  calls: { paths: string[]; inputs: unknown[]; batch: boolean },
  hotAnswers: unknown[],
): Promise<true> {
  let made: ReturnType<CreateContext> | undefined;
  const context = () => (made ??= options.createContext({ req: request, res: reply }));
  const answers = await Promise.all(
    calls.paths.map(async (path, batchIndex): Promise<{ envelope: TRPCResponse; json: string }> => {
      const input = calls.inputs[batchIndex];
      const hotAnswer = hotAnswers[batchIndex];
      if (hotAnswer !== THROUGH_PROCEDURE) return { envelope: { result: { data: hotAnswer } }, json: jsonOf(hotAnswer, resultEnvelope) };
      const ctx = context();
      try {
        const data: unknown = await callTRPCProcedure({
          router: options.router,
          path,
          getRawInput: async () => input,
          ctx,
          type: 'query',
          signal: undefined,
          batchIndex,
        });
        return { envelope: { result: { data } }, json: jsonOf(data, resultEnvelope) };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        options.onError({ error, path });
        const envelope = { error: getTRPCErrorShape({ config: options.router._def._config, error, type: 'query', path, input, ctx }) };
        return { envelope, json: JSON.stringify(envelope) };
      }
    }),
  );
  const envelopes = answers.map((answer) => answer.envelope);
  const status = getHTTPStatusCode(calls.batch ? envelopes : envelopes[0]!);
  const json = calls.batch ? `[${answers.map((answer) => answer.json).join(',')}]` : answers[0]!.json;
  reply.code(status).type('application/json').send(json);
  return true;
}
