import { callTRPCProcedure, getTRPCErrorFromUnknown, type AnyTRPCRouter, type TRPCError } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonOf } from '../lib/read-cache.js';
import type { CreateContext } from '../trpc/context.js';
import { formatCallError } from '../trpc/trpc.js';

/**
 * The road of the app's reads over /trpc (decision 210), a hook in front of tRPC's Fastify
 * adapter. The adapter turns every request into a WHATWG Request, resolves it, builds a WHATWG
 * Response and pours its body out as a stream: on the compiled server that costs a read 3 to 5
 * times the CPU of the same procedure called through REST. A GET of calls whose every path tRPC's
 * adapter has already answered 200 with JSON (each a query, then: a GET of a mutation gets 405) is
 * answered here instead, through tRPC's public API only: each call runs through
 * `callTRPCProcedure` (the procedure's whole middleware chain and input validation, as over the
 * adapter), a failure takes the shape of the router's own error formatter (`formatCallError`), the
 * status is tRPC's `getHTTPStatusCode`, the envelopes are tRPC's. Everything else (the first call
 * to each path, a POST, a streaming client, input that is not JSON, a batch too long) goes on to
 * the adapter untouched. A parity test holds both roads to the same answers (trpc-reads.test.ts).
 */

type Calls = { paths: string[]; inputs: unknown[]; batch: boolean };

type Answer = { envelope: TRPCResponse; json: string; error?: TRPCError };

type PathRequest = FastifyRequest<{ Params: { path: string } }>;

/** tRPC's envelope of a successful call (one function, so an answer the read cache handed out keeps its text). */
const resultEnvelope = (data: unknown) => ({ result: { data } });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The calls of a GET as tRPC's JSON handler reads them, or null when only tRPC's adapter should answer it. */
function readCalls(request: PathRequest, maxBatchSize: number): Calls | null {
  const headers = request.headers;
  if (headers['content-type'] !== undefined || headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return null;
  const query = request.query as Record<string, unknown>;
  if (query.connectionParams !== undefined) return null;
  const batch = query.batch === '1';
  let path: string;
  try {
    path = decodeURIComponent(request.params.path);
  } catch {
    return null;
  }
  const paths = batch ? path.split(',') : [path];
  if (paths.length > maxBatchSize) return null;
  const text = query.input;
  if (text !== undefined && typeof text !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    return null;
  }
  if (!batch) return { paths, inputs: [parsed], batch };
  if (parsed !== undefined && !isObject(parsed)) return null;
  return { paths, inputs: paths.map((_, index) => (parsed as Record<string, unknown> | undefined)?.[index]), batch };
}

export type ReadRoadOptions = {
  router: AnyTRPCRouter;
  createContext: CreateContext;
  maxBatchSize: number;
  onError: (opts: { error: TRPCError; path: string }) => void;
  /** Told of the paths of each GET the road answered itself (tests only: which road answered). */
  answered?: ((paths: readonly string[]) => void) | undefined;
};

/**
 * Puts the road for reads in front of the routes `scope` (and its children) will hold, tRPC's
 * adapter's: a `preHandler` answers a GET it can and ends it, or lets it go on to the adapter; an
 * `onResponse` learns, from the adapter's 200 JSON answers to GETs, which paths are queries.
 */
export function registerReadRoad(scope: FastifyInstance, options: ReadRoadOptions): void {
  // Paths tRPC's adapter answered 200 with JSON over GET: queries, every one.
  const queries = new Set<string>();
  // The paths of a GET left to the adapter, to learn from its answer.
  const toLearn = new WeakMap<FastifyRequest, string[]>();

  async function answer(request: PathRequest, reply: FastifyReply, calls: Calls): Promise<void> {
    const ctx = options.createContext({ req: request, res: reply });
    const answers = await Promise.all(
      calls.paths.map(async (path, batchIndex): Promise<Answer> => {
        try {
          const data: unknown = await callTRPCProcedure({
            router: options.router,
            path,
            getRawInput: async () => calls.inputs[batchIndex],
            ctx,
            type: 'query',
            signal: undefined,
            batchIndex,
          });
          return { envelope: { result: { data } }, json: jsonOf(data, resultEnvelope) };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          const envelope = { error: formatCallError(error, ctx, path) };
          return { envelope, json: JSON.stringify(envelope), error };
        }
      }),
    );
    answers.forEach((answer, index) => {
      if (answer.error) options.onError({ error: answer.error, path: calls.paths[index]! });
    });
    options.answered?.(calls.paths);
    const envelopes = answers.map((answer) => answer.envelope);
    reply
      .code(getHTTPStatusCode(calls.batch ? envelopes : envelopes[0]!))
      .header('vary', 'trpc-accept, accept')
      .type('application/json')
      // A Buffer, as tRPC's own answer: Fastify would add `; charset=utf-8` to a string's JSON type.
      .send(Buffer.from(calls.batch ? `[${answers.map((answer) => answer.json).join(',')}]` : answers[0]!.json));
  }

  // A preHandler, not an onRequest: a GET has no body to skip, and every hook of every stage the
  // adapter's handler would come after (the security plugin's, and any added later) has run.
  // Written with `done` rather than async: every /trpc call passes through it.
  scope.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const calls = readCalls(request as PathRequest, options.maxBatchSize);
    if (!calls) return done();
    if (!calls.paths.every((path) => queries.has(path))) {
      toLearn.set(request, calls.paths);
      return done();
    }
    // The reply is sent here, so `done` is not called: the adapter's handler does not run.
    answer(request as PathRequest, reply, calls).catch((error: unknown) => done(error as Error));
  });

  scope.addHook('onResponse', (request, reply, done) => {
    const paths = toLearn.get(request);
    if (paths && reply.statusCode === 200 && reply.getHeader('content-type') === 'application/json') {
      for (const path of paths) queries.add(path);
    }
    done();
  });
}
