import { z } from 'zod';
import { entityId, requiredText } from '../../../shared/schemas.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { learnerAccess, restoreAccess, revokeAccess } from './access.service.js';

const reason = requiredText(500);

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const accessInputs = {
  ofUser: z.object({ userId: entityId }),
  revoke: z.object({ userId: entityId, packageId: entityId, reason }),
  restore: z.object({ userId: entityId, packageId: entityId }),
};

/** Taking back (and giving back) a learner's access to one package: admins only. */
export const accessRouter = router({
  /** A learner's packages, each with whether its access is taken back, why, when and by whom. */
  ofUser: adminProcedure
    .meta({ audit: true })
    .input(accessInputs.ofUser)
    .query(({ ctx, input }) => learnerAccess(ctx.db, input.userId)),

  revoke: adminProcedure.input(accessInputs.revoke).mutation(({ ctx, input }) => {
    revokeAccess(ctx, { adminId: ctx.user.id, ...input });
    return learnerAccess(ctx.db, input.userId);
  }),

  restore: adminProcedure.input(accessInputs.restore).mutation(({ ctx, input }) => {
    restoreAccess(ctx, { adminId: ctx.user.id, ...input });
    return learnerAccess(ctx.db, input.userId);
  }),
});
