import { z } from 'zod';
import { entityId } from '../../../shared/schemas.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { failedDeliveries, retryFailed } from './outbox.service.js';

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const notificationsInputs = {
  failed: z.object({ page: z.number({ error: 'PAGE_INVALID' }).int('PAGE_INVALID').min(1, 'PAGE_INVALID').max(100_000, 'PAGE_INVALID') }).optional(),
  retry: z.object({ ids: z.array(entityId).min(1).max(200) }),
};

export const notificationsRouter = router({
  /** Messages given up on after their last try (an erased person's are not listed), latest first, a page at a time. */
  failed: adminProcedure.input(notificationsInputs.failed).query(({ ctx, input }) => {
    const found = failedDeliveries(ctx.db, input?.page ?? 1);
    return {
      deliveries: found.rows.map((row) => ({ ...row, id: String(row.id), userId: row.userId === null ? null : String(row.userId) })),
      total: found.total,
      pageSize: found.pageSize,
    };
  }),

  /** Tries failed messages again from their first try, at once. Answers how many were put back. */
  retry: adminProcedure.input(notificationsInputs.retry).mutation(({ ctx, input }) => {
    const retried = retryFailed(ctx.db, input.ids, ctx.now());
    ctx.notifier.kick();
    return { retried };
  }),
});
