import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { isAdminRole, type Language } from '../../shared/domain.js';
import { describeError } from '../lib/errors.js';
import type { Context, SessionUser } from './context.js';

/** The shape of every tRPC error: a message in the request's language and a stable code. Never a stack. */
export type AppErrorData = {
  code: string;
  httpStatus: number;
  path?: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  details?: Record<string, unknown>;
};

/**
 * tRPC's error shape in the request's language: what the error formatter answers for a procedure,
 * and what the server answers on /trpc paths before any procedure runs (http/error-reply.ts).
 */
export function trpcErrorShape(error: TRPCError, lang: Language, path?: string, status?: number) {
  const described = describeError(error, lang);
  const data: AppErrorData = {
    code: described.code,
    httpStatus: status ?? described.status,
    ...(path !== undefined && { path }),
    ...(described.fields && { fields: described.fields }),
    ...(described.retryAfterSeconds !== undefined && { retryAfterSeconds: described.retryAfterSeconds }),
    ...(described.details && { details: described.details }),
  };
  return { code: TRPC_ERROR_CODES_BY_KEY[error.code], message: described.message, data };
}

export type ProcedureMeta = {
  /** An admin read that shows personal data: logged in the audit log. */
  audit?: boolean;
};

/**
 * The error shape of a failed call: tRPC's error formatter, and what the HTTP shell's road for
 * reads (http/trpc-reads.ts) answers, so both give the same bytes. It reads nothing of tRPC's own shape.
 */
export function formatCallError(error: TRPCError, ctx: Context | undefined, path: string | undefined) {
  return trpcErrorShape(error, ctx?.req.lang ?? 'en', path);
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    isDev: false,
    errorFormatter({ error, ctx, path }) {
      return formatCallError(error, ctx, path);
    },
  });

export const router = t.router;

/** One router of two features' procedures under one name (root-router.ts): the path a client calls stays, the folders stay apart. */
export const mergeRouters = t.mergeRouters;

/** Callers of a router's procedures on the server (the REST rows): the whole chain of middlewares, as over HTTP. */
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

/** The signed-in user, or UNAUTHORIZED. */
export function requireUser(ctx: Context): SessionUser {
  const user = ctx.sessionUser();
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED' });
  return user;
}

/** The signed-in admin (or superadmin); UNAUTHORIZED for a visitor, FORBIDDEN for anyone else. */
export function requireAdmin(ctx: Context): SessionUser {
  const user = requireUser(ctx);
  if (!isAdminRole(user.role)) throw new TRPCError({ code: 'FORBIDDEN' });
  return user;
}

/**
 * Narrows the context to a signed-in user: `ctx.user` from here on, UNAUTHORIZED for a visitor;
 * an account the age gate holds (a minor waiting for a parent's consent, or never asked its age)
 * is refused what it may not do yet (the context's guard: features/privacy/age-gate.ts).
 */
const signedIn = t.middleware(({ ctx, path, next }) => {
  const user = requireUser(ctx);
  const refusal = ctx.guards.refusalFor(user, path);
  if (refusal) throw refusal;
  return next({ ctx: { user } });
});

/** Narrows the context to a signed-in admin (or superadmin): `ctx.user`; UNAUTHORIZED or FORBIDDEN otherwise. */
const signedInAdmin = t.middleware(({ ctx, next }) => next({ ctx: { user: requireAdmin(ctx) } }));

export const protectedProcedure = t.procedure.use(signedIn);

/** How the audit log files a procedure's successful call: `action` (a mutation) or `read` (a query marked `audit`). */
export type AuditFiling = 'action' | 'read';

const auditedPaths = new Map<string, AuditFiling>();

/**
 * Every procedure the audit middleware has run for and files, by path (its action code). Filled
 * on each call before the procedure's input is parsed, so a call with an input the procedure
 * refuses counts too: audit-wording.test.ts calls every procedure once as the superadmin and holds
 * these codes to the locale files' sentences. A list of tRPC's own, read through its public
 * middleware options: no field of the router's.
 */
export const auditedProcedures: ReadonlyMap<string, AuditFiling> = auditedPaths;

/**
 * Every admin action that succeeded goes into the audit log (features/audit, through the
 * context's writer): each mutation, and the reads marked `audit` (those that show people's
 * personal data in bulk or in full). A middleware, so a procedure added later is logged without
 * anyone remembering to.
 */
const audited = t.middleware(async ({ ctx, next, path, type, meta, getRawInput }) => {
  const filing: AuditFiling | null = type === 'mutation' ? 'action' : meta?.audit ? 'read' : null;
  if (filing) auditedPaths.set(path, filing);
  const result = await next();
  if (result.ok && filing) {
    // Every procedure that uses this middleware narrowed the context to its user first.
    const actor = (ctx as Context & { user?: SessionUser }).user;
    const entry = { actorId: actor?.id ?? null, action: path, input: await getRawInput(), at: ctx.now() };
    if (filing === 'action') ctx.guards.audit.mutation(entry);
    else ctx.guards.audit.read(entry);
  }
  return result;
});

export const adminProcedure = t.procedure.use(signedInAdmin).use(audited);

export const superadminProcedure = protectedProcedure
  .use(({ ctx, next }) => {
    if (ctx.user.role !== 'superadmin') throw new TRPCError({ code: 'FORBIDDEN' });
    return next();
  })
  .use(audited);
