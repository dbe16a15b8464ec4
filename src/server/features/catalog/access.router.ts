import { z } from 'zod';
import { entityId, requiredText } from '../../../shared/schemas.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { learnerAccess, restoreAccess, revokeAccess } from './access.service.js';

const reason = requiredText(500);

/** Taking back (and giving back) a learner's access to one package: admins only. */
export const accessRouter = router({
  /** A learner's packages, each with whether its access is taken back, why, when and by whom. */
  ofUser: adminProcedure
    .meta({ audit: true })
    .input(z.object({ userId: entityId }))
    .query(({ ctx, input }) => learnerAccess(ctx.db, input.userId)),

  revoke: adminProcedure.input(z.object({ userId: entityId, packageId: entityId, reason })).mutation(({ ctx, input }) => {
    revokeAccess(ctx, { adminId: ctx.user.id, ...input });
    return learnerAccess(ctx.db, input.userId);
  }),

  restore: adminProcedure.input(z.object({ userId: entityId, packageId: entityId })).mutation(({ ctx, input }) => {
    restoreAccess(ctx, { adminId: ctx.user.id, ...input });
    return learnerAccess(ctx.db, input.userId);
  }),
});
