import { z } from 'zod';
import { entityId } from '../../../shared/schemas.js';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { requireOwnerOrAdmin } from '../../lib/owner-or-admin.js';
import { affiliateErrors } from './affiliate.errors.js';
import { affiliatesOf } from './affiliates.service.js';
import { dashboardOf } from './dashboard.service.js';
import { earningsHistory, purchasesOfReferred } from './earnings-history.service.js';
import { leaderboardPeriods, leaderboardView } from './leaderboard.service.js';
import { toAffiliateView, toCommissionLineView } from './affiliate.views.js';

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const affiliateInputs = {
  dashboard: z.object({ userId: entityId }),
  leaderboard: z.object({ period: z.enum(leaderboardPeriods).default('all') }).optional(),
};

export const affiliateRouter = router({
  /** A user's earnings cards, tier and payouts: their own, or anyone's for an admin. */
  dashboard: protectedProcedure.input(affiliateInputs.dashboard).query(({ ctx, input }) => {
    requireOwnerOrAdmin(ctx.user, input.userId, affiliateErrors.NOT_YOUR_DASHBOARD);
    return dashboardOf(ctx.db, input.userId, ctx.now());
  }),

  leaderboard: protectedProcedure
    .input(affiliateInputs.leaderboard)
    .query(({ ctx, input }) => leaderboardView(ctx.db, input?.period ?? 'all', ctx.user.id, ctx.now())),

  /** The people the signed-in user sponsors, each with what they bought or are paying for (pending). */
  affiliates: protectedProcedure.query(({ ctx }) => {
    const purchases = purchasesOfReferred(ctx.db, ctx.user.id);
    return affiliatesOf(ctx.db, ctx.user.id).map((person) => toAffiliateView(person, purchases.get(person.id) ?? []));
  }),

  /** The signed-in user's own commissions, newest first: buyer's first name, package, amount, date. */
  earningsHistory: protectedProcedure.query(({ ctx }) => earningsHistory(ctx.db, ctx.user.id).map(toCommissionLineView)),
});
