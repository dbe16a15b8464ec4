import { z } from 'zod';
import { emailAddress } from '../../../shared/schemas.js';
import { protectedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { findActiveUser, login } from './accounts.service.js';
import { toMeView } from './auth.views.js';
import { revokeSession } from './sessions.service.js';

export const authRouter = router({
  /** The signed-in user, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => {
    const session = ctx.sessionUser();
    const user = session ? findActiveUser(ctx.db, session.id) : undefined;
    return user ? toMeView(user) : null;
  }),

  login: publicProcedure
    .input(z.object({ email: emailAddress, password: z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED').max(200, 'TEXT_TOO_LONG') }))
    .mutation(async ({ ctx, input }) => {
      const session = await login(ctx, { ...input, ip: ctx.req.ip, lang: ctx.req.lang });
      ctx.req.setSessionCookie(session.token, session.expiresAt);
      return { token: session.token, user: toMeView(session.user) };
    }),

  logout: protectedProcedure.mutation(({ ctx }) => {
    revokeSession(ctx.db, ctx.user.sessionId);
    ctx.req.clearSessionCookie();
    return { ok: true as const };
  }),
});
