import { z } from 'zod';
import { entityId, requiredText } from '../../../shared/schemas.js';
import { parsePeriod, parseQuarter } from '../../../shared/financial-year.js';
import { bankReference, payoutDetailsInput } from '../../../shared/payout-details.js';
import { currentPassword } from '../../lib/password-confirm.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { batchView, exportBatch, makeBatch, markLineFailed, markLinePaid, payoutsOverview, recentBatches } from './batches.service.js';
import { cancelPayoutRequest, clearCommissionHold, payoutsHome, requestPayout, savePayoutDetailsWithPassword } from './payouts.service.js';
import { statementCsv, statementOf, tdsRegister, tdsRegisterCsv } from './earning-statements.service.js';

const period = z
  .string({ error: 'PERIOD_INVALID' })
  .max(20, 'PERIOD_INVALID')
  .transform((label, ctx) => {
    const parsed = parsePeriod(label.trim());
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'PERIOD_INVALID' });
      return z.NEVER;
    }
    return parsed;
  });

const quarter = z
  .string({ error: 'PERIOD_INVALID' })
  .max(20, 'PERIOD_INVALID')
  .transform((label, ctx) => {
    const parsed = parseQuarter(label.trim());
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'PERIOD_INVALID' });
      return z.NEVER;
    }
    return parsed;
  });

const reason = requiredText(500, 'REASON_REQUIRED');

/** Epoch milliseconds or an ISO time; never after now (checked in the procedure). */
const cutoff = z
  .union(
    [
      z.number().int().min(0).max(8.64e15),
      z
        .string()
        .max(40)
        .pipe(z.iso.datetime({ offset: true }))
        .transform((text) => Date.parse(text)),
    ],
    {
      error: 'CUTOFF_INVALID',
    },
  )
  .optional();

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const payoutsInputs = {
  saveDetails: payoutDetailsInput.and(z.object({ currentPassword })),
  cancelRequest: z.object({ requestId: entityId }),
  statement: z.object({ period }),
  statementCsv: z.object({ period }),
  clearHold: z.object({ userId: entityId }),
  makeBatch: z.object({ userIds: z.array(entityId).min(1, 'REQUIRED').max(1000), cutoff }),
  batch: z.object({ batchId: entityId }),
  exportBatch: z.object({ batchId: entityId }),
  markPaid: z.object({ lineId: entityId, utr: bankReference }),
  markFailed: z.object({ lineId: entityId, reason }),
  tdsRegister: z.object({ quarter }),
};

export const payoutsRouter = router({
  /** The signed-in affiliate's balance cards, masked payout details, open request and payouts. */
  mine: protectedProcedure.query(({ ctx }) => payoutsHome(ctx.db, ctx.config, ctx.user.id, ctx.now())),

  /** Where the affiliate is paid: needs the password again; a change holds payouts for PAYOUT_DETAILS_HOLD_DAYS. */
  saveDetails: protectedProcedure
    .input(payoutsInputs.saveDetails)
    .mutation(({ ctx, input: { currentPassword: password, ...details } }) => savePayoutDetailsWithPassword(ctx, ctx.user.id, details, password)),

  request: protectedProcedure.mutation(({ ctx }) => requestPayout(ctx, ctx.user.id)),

  cancelRequest: protectedProcedure.input(payoutsInputs.cancelRequest).mutation(({ ctx, input }) => cancelPayoutRequest(ctx, ctx.user.id, input.requestId)),

  /** The signed-in affiliate's statement for an IST month ("2026-11") or a financial year ("FY2026-27"). */
  statement: protectedProcedure.input(payoutsInputs.statement).query(({ ctx, input }) => statementOf(ctx.db, ctx.user.id, input.period)),

  statementCsv: protectedProcedure.input(payoutsInputs.statementCsv).query(({ ctx, input }) => {
    const user = findActiveUser(ctx.db, ctx.user.id)!;
    return statementCsv(statementOf(ctx.db, ctx.user.id, input.period), user.name, ctx.req.lang);
  }),

  // Admins

  /** Everyone owed, with their email and where they are paid (masked): audited. */
  overview: adminProcedure.meta({ audit: true }).query(({ ctx }) => payoutsOverview(ctx.db, ctx)),

  /** Releases the commissions the fraud screen held for a flagged affiliate, credited until now (audited as every admin mutation). */
  clearHold: adminProcedure.input(payoutsInputs.clearHold).mutation(({ ctx, input }) => clearCommissionHold(ctx, input.userId)),

  makeBatch: adminProcedure
    .input(payoutsInputs.makeBatch)
    .mutation(({ ctx, input }) => makeBatch(ctx, ctx.user.id, { userIds: input.userIds, cutoff: input.cutoff })),

  /** The latest batches with their lines (details masked); audited: every affiliate's name and where they are paid. */
  batches: adminProcedure.meta({ audit: true }).query(({ ctx }) => recentBatches(ctx.db)),

  batch: adminProcedure
    .meta({ audit: true })
    .input(payoutsInputs.batch)
    .query(({ ctx, input }) => batchView(ctx.db, input.batchId)),

  /** The bank's bulk-payout file of the batch; the first download marks the batch exported. */
  exportBatch: adminProcedure.input(payoutsInputs.exportBatch).mutation(({ ctx, input }) => exportBatch(ctx, input.batchId)),

  markPaid: adminProcedure.input(payoutsInputs.markPaid).mutation(({ ctx, input }) => markLinePaid(ctx, ctx.user.id, input)),

  markFailed: adminProcedure.input(payoutsInputs.markFailed).mutation(({ ctx, input }) => markLineFailed(ctx, ctx.user.id, input)),

  /** The TDS deductions of a financial quarter ("FY2026-27 Q3") by date of credit, and each month's deposit, as CSV for the accountant. */
  tdsRegister: adminProcedure
    .meta({ audit: true })
    .input(payoutsInputs.tdsRegister)
    .query(({ ctx, input }) => {
      const register = tdsRegister(ctx.db, input.quarter);
      return { ...tdsRegisterCsv(input.quarter, register), count: register.rows.length, deposits: register.deposits };
    }),
});
