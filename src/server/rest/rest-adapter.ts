import type { inferRouterOutputs } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Language } from '../../shared/domain.js';
import { describeError, isServerFault } from '../lib/errors.js';
import { jsonOf } from '../lib/read-cache.js';
import type { Config } from '../config.js';
import type { AppDeps, CreateContext } from '../trpc/context.js';
import { appRouter, type AppRouter } from '../root-router.js';
import { createCallerFactory, requireAdmin, requireUser } from '../trpc/trpc.js';

/** What each procedure answers, by feature and name (tRPC's public inference). */
type Outputs = inferRouterOutputs<AppRouter>;
/** A procedure of the app's router by its path (`auth.profile`), as tRPC names it. */
export type ProcedurePath = { [F in keyof Outputs & string]: `${F}.${keyof Outputs[F] & string}` }[keyof Outputs & string];
type OutputOf<P> = P extends `${infer F extends keyof Outputs & string}.${infer N}` ? (N extends keyof Outputs[F] ? Outputs[F][N] : never) : never;

/**
 * One call of REST.md: where it answers, how its input is read from the request, which
 * procedure it calls (through tRPC, so validation, middlewares and role checks are the very same
 * code as for the app), and how the answer is shaped for existing clients.
 */
export type RestRow = {
  method: HTTPMethods;
  path: string;
  /** The one procedure the row hands its input to, and whose result it answers. */
  procedure: ProcedurePath;
  /** The procedure's input as read from the request; the procedure's schema checks it. */
  input?: (request: FastifyRequest) => unknown | Promise<unknown>;
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

export function restRow<P extends ProcedurePath>(
  method: HTTPMethods,
  path: string,
  spec: {
    procedure: P;
    input?: (request: FastifyRequest) => unknown | Promise<unknown>;
    answer: (result: OutputOf<P>, site: RestSite, lang: Language) => unknown;
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

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;
type CallOf = (input: unknown) => Promise<unknown>;

/** The caller's function for a procedure path (`auth.profile`); `ProcedurePath` is typed against AppRouter, so a wrong path does not compile. */
function procedureOf(caller: Caller, path: ProcedurePath): CallOf {
  const [feature, name] = path.split('.') as [string, string];
  return (caller as unknown as Record<string, Record<string, CallOf>>)[feature]![name]!;
}

export function registerRestRows(app: FastifyInstance, rows: readonly RestRow[], deps: AppDeps, createContext: CreateContext): void {
  const site: RestSite = deps.config;
  for (const row of rows) {
    // One shape per row, app and language, so answers kept as JSON text stay right per app and language.
    const shapes: Record<Language, (result: never) => unknown> = {
      en: (result) => row.answer(result, site, 'en'),
      mr: (result) => row.answer(result, site, 'mr'),
    };
    app.route({
      method: row.method,
      url: row.path,
      handler: async (request, reply) => {
        const ctx = createContext({ req: request, res: reply });
        try {
          if (row.uploadBy === 'user') requireUser(ctx);
          if (row.uploadBy === 'admin') requireAdmin(ctx);
          const input = row.input ? await row.input(request) : undefined;
          const result = await procedureOf(createCaller(ctx), row.procedure)(input);
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
