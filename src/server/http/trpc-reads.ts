import { callTRPCProcedure, getTRPCErrorFromUnknown, type AnyTRPCRouter, type TRPCError } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonOf } from '../lib/read-cache.js';
import type { CreateContext } from '../trpc/context.js';
import { formatCallError } from '../trpc/trpc.js';

/**
 * The road of the app's reads over /trpc (decision 210). tRPC's adapter turns every request into
 * a WHATWG Request, resolves it, builds a WHATWG Response and pours its body out as a stream: on
 * the compiled server that costs a read 3 to 4 times the CPU of the same procedure called through
 * REST. A GET of queries (as httpBatchLink sends them) is answered here instead, through tRPC's
 * public API only: each call runs through `callTRPCProcedure` (the procedure's whole middleware
 * chain and input validation, as over the adapter), a failure takes the shape of the router's own
 * error formatter (`formatCallError`), the status is tRPC's `getHTTPStatusCode`, the envelopes are
 * tRPC's. Anything else (a POST, a streaming client, a body, input that is not JSON, a batch too
 * long) goes to tRPC's own road untouched, and so does a GET of a path that is not a query, found
 * before its procedure ran. A parity test holds both roads to the same answers (trpc-reads.test.ts).
 */

type Calls = { paths: string[]; inputs: unknown[]; batch: boolean };

type Answer = { envelope: TRPCResponse; json: string; error?: TRPCError };

/** tRPC's envelope of a successful call (one function, so an answer the read cache handed out keeps its text). */
const resultEnvelope = (data: unknown) => ({ result: { data } });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The calls of a GET as tRPC's JSON handler reads them, or null when tRPC's own road should answer. */
function readCalls(request: FastifyRequest<{ Params: { path: string } }>, maxBatchSize: number): Calls | null {
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
};

/**
 * The road for reads: a function that answers a GET of queries and resolves true, or resolves
 * false, having run no procedure, for tRPC's own road to answer. `learn` is told of a GET that
 * tRPC's road answered 200 with JSON (each of its paths a query, then).
 */
export function createReadRoad(options: ReadRoadOptions) {
  // Paths known to be queries: only then do several calls of one batch run here (a path that is
  // not a query is found out before its procedure runs, but its batch's other calls may have run).
  const queries = new Set<string>();
  const notQuery = (path: string) => `No "query"-procedure on path "${path}"`;

  async function answer(request: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply): Promise<boolean> {
    const calls = readCalls(request, options.maxBatchSize);
    if (!calls || (calls.paths.length > 1 && !calls.paths.every((path) => queries.has(path)))) return false;
    const ctx = options.createContext({ req: request, res: reply });
    let elsewhere = false;
    const answers = await Promise.all(
      calls.paths.map(async (path, batchIndex): Promise<Answer> => {
        const input = calls.inputs[batchIndex];
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
          queries.add(path);
          return { envelope: { result: { data } }, json: jsonOf(data, resultEnvelope) };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          if (error.code === 'NOT_FOUND' && error.cause === undefined && error.message === notQuery(path)) elsewhere = true;
          else queries.add(path);
          const envelope = { error: formatCallError(error, ctx, path) };
          return { envelope, json: JSON.stringify(envelope), error };
        }
      }),
    );
    // A path that is no query (a mutation, or no procedure at all): tRPC's road tells which. Only a lone call gets here.
    if (elsewhere) return false;
    answers.forEach((answer, index) => {
      if (answer.error) options.onError({ error: answer.error, path: calls.paths[index]! });
    });
    const envelopes = answers.map((answer) => answer.envelope);
    reply
      .code(getHTTPStatusCode(calls.batch ? envelopes : envelopes[0]!))
      .header('vary', 'trpc-accept, accept')
      .type('application/json')
      .send(calls.batch ? `[${answers.map((answer) => answer.json).join(',')}]` : answers[0]!.json);
    return true;
  }

  /** tRPC's road answered this GET with one JSON text and 200: each of its calls is a query. */
  function learn(request: FastifyRequest<{ Params: { path: string } }>) {
    for (const path of readCalls(request, options.maxBatchSize)?.paths ?? []) queries.add(path);
  }

  return { answer, learn };
}
