import { z } from 'zod';
import { emailAddress, rupeeAmount } from '../../../shared/schemas.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { toPaidView } from '../affiliate/affiliate.views.js';
import { payEarnings } from './direct-payouts.service.js';

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const directPayoutsInputs = {
  pay: z.object({ email: emailAddress, amount: rupeeAmount }),
};

/**
 * An admin's payout by email, served as `affiliate.pay` (the REST row and the admin's users screen
 * call it so; root-router.ts merges it into the affiliate router), so that affiliate, whose ledger
 * payouts use, does not import payouts.
 */
export const directPayoutsRouter = router({
  /** Records a payout to a user and emails them ("send earnings email"). */
  pay: adminProcedure.input(directPayoutsInputs.pay).mutation(({ ctx, input }) => {
    const payout = payEarnings(ctx, ctx.user.id, { email: input.email, amountPaise: input.amount });
    return { payout: toPaidView(payout) };
  }),
});
