import { initTRPC, TRPCError } from '@trpc/server';
import { isAdminRole } from '../../shared/domain.js';
import { describeError } from '../lib/errors.js';
import type { Context } from './context.js';

/** The shape of every tRPC error: a message in the request's language and a stable code. Never a stack. */
export type AppErrorData = {
  code: string;
  httpStatus: number;
  path?: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
};

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error, ctx, path }) {
    const described = describeError(error, ctx?.req.lang ?? 'en');
    const data: AppErrorData = {
      code: described.code,
      httpStatus: described.status,
      ...(path !== undefined && { path }),
      ...(described.fields && { fields: described.fields }),
      ...(described.retryAfterSeconds !== undefined && { retryAfterSeconds: described.retryAfterSeconds }),
    };
    return { code: shape.code, message: described.message, data };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  const user = ctx.sessionUser();
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED' });
  return next({ ctx: { user } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!isAdminRole(ctx.user.role)) throw new TRPCError({ code: 'FORBIDDEN' });
  return next();
});

export const superadminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'superadmin') throw new TRPCError({ code: 'FORBIDDEN' });
  return next();
});
