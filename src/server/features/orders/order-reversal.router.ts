import { z } from 'zod';
import { requiredText, utr } from '../../../shared/schemas.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { reverseOrder } from './order-reversal.service.js';
import { toReversalView } from './order-reversal.views.js';

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const orderReversalInputs = {
  reverseOrder: z.object({ utr, reason: requiredText(500, 'REASON_REQUIRED') }),
};

/**
 * An order's reversal, which the admin starts from the payouts screen: served as
 * `payouts.reverseOrder` (root-router.ts merges it into the payouts router), so that payouts,
 * which orders use for TDS, does not import orders.
 */
export const orderReversalRouter = router({
  /** Takes back an approved order by its UTR: the package, and the commission by a correction line. */
  reverseOrder: adminProcedure.input(orderReversalInputs.reverseOrder).mutation(({ ctx, input }) => {
    const reversal = reverseOrder(ctx, ctx.user.id, input);
    return toReversalView(reversal);
  }),
});
