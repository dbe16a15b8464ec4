import { z } from 'zod';
import { requiredText, utr } from '../../../shared/schemas.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { reverseOrder } from './order-reversal.service.js';
import { toReversalView } from './order-reversal.views.js';

/**
 * An order's reversal, which the admin starts from the payouts screen: served as
 * `payouts.reverseOrder` (root-router.ts merges it into the payouts router), so that payouts,
 * which orders use for TDS, does not import orders.
 */
export const orderReversalRouter = router({
  /** Takes back an approved order by its UTR: the package, and the commission by a correction line. */
  reverseOrder: adminProcedure.input(z.object({ utr, reason: requiredText(500, 'REASON_REQUIRED') })).mutation(({ ctx, input }) => {
    const reversal = reverseOrder(ctx, ctx.user.id, input);
    return toReversalView(reversal);
  }),
});
