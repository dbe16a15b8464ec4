import { z } from 'zod';
import { emailAddress, entityId, searchAndPage } from '../../../shared/schemas.js';
import { adminProcedure, router, superadminProcedure } from '../../trpc/trpc.js';
import { adminStats } from './stats.service.js';
import { deleteUserByEmail, listUsers, setRole } from './users.service.js';
import { toAdminUserView } from './admin.views.js';

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const adminInputs = {
  users: searchAndPage,
  setRole: z.object({ userId: entityId, role: z.enum(['user', 'admin'], { error: 'ROLE_INVALID' }) }),
  deleteUser: z.object({ email: emailAddress }),
};

export const adminRouter = router({
  /** The admin dashboard's numbers. */
  stats: adminProcedure.query(({ ctx }) => adminStats(ctx.db, ctx.now())),

  /** Every account's name, email and phone: audited. */
  users: adminProcedure
    .meta({ audit: true })
    .input(adminInputs.users)
    .query(({ ctx, input }) => {
      // Without a page, the whole list (lib/list-window.ts).
      const result = listUsers(ctx.db, { search: input?.search, page: input?.page });
      return { users: result.users.map(toAdminUserView), total: result.total, pageSize: result.pageSize };
    }),

  setRole: superadminProcedure.input(adminInputs.setRole).mutation(({ ctx, input }) => ({ user: toAdminUserView(setRole(ctx.db, ctx.user.id, input)) })),

  deleteUser: superadminProcedure.input(adminInputs.deleteUser).mutation(({ ctx, input }) => {
    deleteUserByEmail(ctx.db, ctx.user.id, input.email, ctx.now());
    return { ok: true as const };
  }),
});
