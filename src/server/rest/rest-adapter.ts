import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Language } from '../../shared/domain.js';
import { describeError, isServerFault } from '../lib/errors.js';
import { jsonOf } from '../lib/read-cache.js';
import { requestLanguage } from '../lib/request-info.js';
import type { Config } from '../config.js';
import type { AppDeps, CreateContext } from '../trpc/context.js';
import { answerHot, hotReadOfProcedure, proceduresOf, THROUGH_PROCEDURE } from '../trpc/hot-reads.js';
import { appRouter, createCaller, type Caller } from '../root-router.js';
import { requireAdmin, requireUser, type HotRead } from '../trpc/trpc.js';

/**
 * One call of REST.md: where it answers, how its input is read from the request, which
 * procedure it calls (through the tRPC caller, so validation and role checks are the very same
 * code as for the app), and how the answer is shaped for existing clients.
 */
export type RestRow = {
  method: HTTPMethods;
  path: string;
  input?: (request: FastifyRequest) => unknown | Promise<unknown>;
  /** `input` is typed `never` so that any procedure accepts it: the procedure's schema checks it. */
  call: (caller: Caller, input: never) => Promise<unknown>;
  /**
   * Shapes the procedure's result for existing clients; it may depend on the result, the
   * site's public address (absolute picture URLs) and the request's language (the `message` texts).
   */
  answer: (result: never, site: RestSite, lang: Language) => unknown;
  /**
   * The procedure's input names this row's clients know by their legacy names (`packageId` is
   * `courseId` for them): a refusal's `fields` are answered in the legacy names.
   */
  legacyNames?: Readonly<Record<string, string>>;
  /** Success status; 200 unless the row says otherwise. */
  status?: number;
  /**
   * For rows that take an upload: who may send it, checked before the body is read, so that a
   * visitor cannot make the server read megabytes only to be refused (the procedure checks again).
   */
  uploadBy?: 'user' | 'admin';
};

/** What an answer may know of the site besides the result. */
export type RestSite = Pick<Config, 'publicUrl'>;

export function restRow<T>(
  method: HTTPMethods,
  path: string,
  spec: {
    input?: (request: FastifyRequest) => unknown | Promise<unknown>;
    call: (caller: Caller, input: never) => Promise<T>;
    answer: (result: T, site: RestSite, lang: Language) => unknown;
    status?: number;
    uploadBy?: 'user' | 'admin';
    legacyNames?: Readonly<Record<string, string>>;
  },
): RestRow {
  return { method, path, ...spec } as RestRow;
}

/** The request body as an object; a missing body reads as `{}` so the procedure reports what is missing. */
export function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function params(request: FastifyRequest): Record<string, string> {
  return (request.params ?? {}) as Record<string, string>;
}

export function query(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

/**
 * A legacy client's input in the procedure's words: each legacy key (`courseId`) renamed to the
 * procedure's (`packageId`); a key of the procedure's own name that the client sent is dropped, so
 * the call reads exactly what the legacy key says.
 */
export function fromLegacyNames(input: Record<string, unknown>, legacyNames: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  for (const name of Object.keys(legacyNames)) delete out[name];
  for (const [name, legacy] of Object.entries(legacyNames)) {
    if (legacy in input) {
      delete out[legacy];
      out[name] = input[legacy];
    }
  }
  return out;
}

function toLegacyFields(fields: Record<string, string>, legacyNames: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, text]) => [legacyNames[name] ?? name, text]));
}

/**
 * Answers an error in REST.md's convention: `{ success: false, message, code }` with the matching
 * status (or `status`, for an HTTP status that has no tRPC code, such as Fastify's 406); `fields`
 * in the row's legacy names.
 */
export function sendRestError(
  reply: FastifyReply,
  error: unknown,
  lang: Language,
  options: { status?: number; legacyNames?: Readonly<Record<string, string>> } = {},
): FastifyReply {
  const { status, legacyNames } = options;
  const described = describeError(error, lang);
  if (described.fields && legacyNames) described.fields = toLegacyFields(described.fields, legacyNames);
  if (isServerFault(error)) reply.log.error({ err: error }, 'request failed');
  if (described.retryAfterSeconds !== undefined) reply.header('retry-after', String(described.retryAfterSeconds));
  return reply.code(status ?? described.status).send({
    // An error's details (the devices to choose from at the device limit) first: the usual keys win.
    ...described.details,
    success: false,
    message: described.message,
    code: described.code,
    ...(described.fields && { fields: described.fields }),
  });
}

/**
 * The procedure a row calls, when the row hands its input to exactly one procedure and answers
 * what that procedure answers (found by calling the row once with a recorder instead of a caller):
 * then a hot read (trpc/hot-reads.ts) may answer the row. Null for any other row.
 */
export function procedureOfRow(row: RestRow): string | null {
  const input = row.input ? Symbol('input') : undefined;
  const calls: { path: string; input: unknown; answer: Promise<unknown> }[] = [];
  const recorder = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, key) => recorder([...path, String(key)]),
      apply: (_target, _this, args: unknown[]) => {
        const answer = Promise.resolve();
        calls.push({ path: path.join('.'), input: args[0], answer });
        return answer;
      },
    });
  let returned: unknown;
  try {
    returned = row.call(recorder([]) as Caller, input as never);
  } catch {
    return null;
  }
  const [call] = calls;
  return calls.length === 1 && call!.input === input && returned === call!.answer ? call!.path : null;
}

async function hotAnswerOf(row: RestRow, hot: HotRead, deps: AppDeps, request: FastifyRequest): Promise<unknown> {
  try {
    return answerHot(deps, request, hot, row.input ? await row.input(request) : undefined);
  } catch {
    return THROUGH_PROCEDURE;
  }
}

export function registerRestRows(app: FastifyInstance, rows: readonly RestRow[], deps: AppDeps, createContext: CreateContext): void {
  const site: RestSite = deps.config;
  for (const row of rows) {
    // One shape per row, app and language, so answers kept as JSON text stay right per app and language.
    const shapes: Record<Language, (result: never) => unknown> = {
      en: (result) => row.answer(result, site, 'en'),
      mr: (result) => row.answer(result, site, 'mr'),
    };
    const procedure = row.method === 'GET' ? procedureOfRow(row) : null;
    const hot = procedure ? hotReadOfProcedure(proceduresOf(appRouter)[procedure]) : null;
    app.route({
      method: row.method,
      url: row.path,
      handler: async (request, reply) => {
        if (hot) {
          const answer = await hotAnswerOf(row, hot, deps, request);
          if (answer !== THROUGH_PROCEDURE) {
            return reply
              .code(row.status ?? 200)
              .type('application/json; charset=utf-8')
              .send(jsonOf(answer as never, shapes[requestLanguage(request)]));
          }
        }
        const ctx = createContext({ req: request, res: reply });
        try {
          if (row.uploadBy === 'user') requireUser(ctx);
          if (row.uploadBy === 'admin') requireAdmin(ctx);
          const input = row.input ? await row.input(request) : undefined;
          const result = await row.call(createCaller(ctx), input as never);
          return reply
            .code(row.status ?? 200)
            .type('application/json; charset=utf-8')
            .send(jsonOf(result as never, shapes[ctx.req.lang]));
        } catch (error) {
          return sendRestError(reply, error, ctx.req.lang, { legacyNames: row.legacyNames });
        }
      },
    });
  }
}
