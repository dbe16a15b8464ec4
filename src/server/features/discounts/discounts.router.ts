import { z } from 'zod';
import { checkoutCodeText, discountCodeText } from '../../../shared/discounts.js';
import { chosenPackageId } from '../../../shared/checkout-input.js';
import { DAY_MS, istDateStart } from '../../../shared/ist.js';
import { blankToUndefined, calendarDate, entityId, optionalText, percentage, rupees, wholeNumber } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { findActiveUser } from '../auth/accounts.service.js';
import {
  affiliateCode,
  chooseAffiliateCode,
  codeReports,
  countCodeTry,
  createCoupon,
  quoteCode,
  deleteCoupon,
  setAffiliateDiscount,
  affiliateFlags,
  updateCoupon,
} from './discounts.service.js';
import { toAffiliateCodeView, toCodeView, toQuoteView } from './discounts.views.js';

/** A day of India: a code is valid from its first moment to its last. */
const dayStart = istDateStart;
const dayEnd = (date: string) => istDateStart(date) + DAY_MS - 1;

const percent = z.preprocess(
  blankToUndefined,
  percentage(1, { invalid: 'PERCENT_INVALID' })
    .transform((value) => Math.round(value * 100))
    .optional(),
);
const limit = (max: number) => wholeNumber(1, max, 'LIMIT_INVALID');

const couponInput = z.object({
  code: discountCodeText,
  /** A percentage off (1 to 100), or an amount of rupees off: one of the two. */
  percent,
  amount: z.preprocess(blankToUndefined, rupees({ required: 'AMOUNT_INVALID', invalid: 'AMOUNT_INVALID' }).optional()),
  /** The packages it is for; none given: every package. */
  packageIds: z.array(entityId).max(500).nullable().default(null),
  validFrom: z.preprocess(blankToUndefined, calendarDate.optional()),
  validUntil: z.preprocess(blankToUndefined, calendarDate.optional()),
  maxUses: z.preprocess(blankToUndefined, limit(10_000_000).optional()),
  perLearnerLimit: z.preprocess(blankToUndefined, limit(100).default(1)),
  freeAllowed: z.boolean().default(false),
  note: optionalText(300),
});

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const discountsInputs = {
  quote: z.object({ packageId: chosenPackageId, code: checkoutCodeText }),
  createCoupon: couponInput,
  updateCoupon: z.object({
    id: entityId,
    active: z.boolean().optional(),
    validFrom: z.preprocess(blankToUndefined, calendarDate.nullable().optional()),
    validUntil: z.preprocess(blankToUndefined, calendarDate.nullable().optional()),
    maxUses: z.preprocess(blankToUndefined, limit(10_000_000).nullable().optional()),
    perLearnerLimit: z.preprocess(blankToUndefined, limit(100).optional()),
    note: optionalText(300),
  }),
  deleteCoupon: z.object({ id: entityId }),
  setAffiliateDiscount: z.object({ codeId: entityId, percent: percent.nullable() }),
  chooseCode: z.object({ code: discountCodeText }),
};

export const discountsRouter = router({
  /**
   * The checkout's one code box: whether the code is a coupon, an affiliate's code or a friend's
   * referral ID, and the price to pay with it, or why it cannot be used. Every try counts
   * against the guessing limits (per account and per address).
   */
  quote: protectedProcedure.input(discountsInputs.quote).query(async ({ ctx, input }) => {
    await countCodeTry(ctx, { userId: ctx.user.id, ip: ctx.req.ip });
    return toQuoteView(quoteCode(ctx, ctx.user.id, input));
  }),

  /** Every code (coupons and affiliates' codes) with its uses, revenue after discount, discount given and commission. */
  codes: adminProcedure.query(({ ctx }) => codeReports(ctx.db).map(toCodeView)),

  createCoupon: adminProcedure.input(discountsInputs.createCoupon).mutation(({ ctx, input }) => {
    const row = createCoupon(ctx, ctx.user.id, {
      code: input.code,
      percentBp: input.percent,
      amountPaise: input.amount,
      packageIds: input.packageIds,
      validFrom: input.validFrom ? dayStart(input.validFrom) : undefined,
      validUntil: input.validUntil ? dayEnd(input.validUntil) : undefined,
      maxUses: input.maxUses,
      perLearnerLimit: input.perLearnerLimit,
      freeAllowed: input.freeAllowed,
      note: input.note || undefined,
    });
    return toCodeView(codeReports(ctx.db, { codeId: row.id })[0]!);
  }),

  /** Pause or resume a code, change its dates, limits or note. */
  updateCoupon: adminProcedure.input(discountsInputs.updateCoupon).mutation(({ ctx, input }) => {
    const row = updateCoupon(ctx, {
      id: input.id,
      ...(input.active !== undefined && { active: input.active }),
      ...(input.validFrom !== undefined && { validFrom: input.validFrom === null ? null : dayStart(input.validFrom) }),
      ...(input.validUntil !== undefined && { validUntil: input.validUntil === null ? null : dayEnd(input.validUntil) }),
      ...(input.maxUses !== undefined && { maxUses: input.maxUses }),
      ...(input.perLearnerLimit !== undefined && { perLearnerLimit: input.perLearnerLimit }),
      ...(input.note !== undefined && { note: input.note || null }),
    });
    return toCodeView(codeReports(ctx.db, { codeId: row.id })[0]!);
  }),

  /** Deletes a coupon nobody used (a used one is paused instead). */
  deleteCoupon: adminProcedure.input(discountsInputs.deleteCoupon).mutation(({ ctx, input }) => {
    deleteCoupon(ctx, input.id);
    return { deleted: true };
  }),

  /** One affiliate's code discount (a percentage), or the site's again (none). */
  setAffiliateDiscount: adminProcedure.input(discountsInputs.setAffiliateDiscount).mutation(({ ctx, input }) => {
    const row = setAffiliateDiscount(ctx, { codeId: input.codeId, percentBp: input.percent ?? null });
    return toCodeView(codeReports(ctx.db, { codeId: row.id })[0]!);
  }),

  /** Affiliates to look at: buyers who may be their own second accounts, or who share a browser or a payer's UPI id (affiliate-flags.ts). */
  sharedPlacements: adminProcedure.meta({ audit: true }).query(({ ctx }) =>
    affiliateFlags(ctx.db).map((flag) => ({
      affiliateId: String(flag.affiliateId),
      name: flag.name,
      ownAccounts: flag.ownAccounts.map((buyer) => ({ buyerId: String(buyer.buyerId), name: buyer.name, signs: buyer.signs })),
      sharedDevices: flag.sharedDevices,
      sharedPayers: flag.sharedPayers,
      sharedNetworks: flag.sharedNetworks,
    })),
  ),

  /** The signed-in affiliate's own code (or a suggestion) and what it did. */
  myCode: protectedProcedure.query(({ ctx }) => toAffiliateCodeView(affiliateCode(ctx.db, ctx.config, findActiveUser(ctx.db, ctx.user.id)!))),

  /** The affiliate picks their code, once. */
  chooseCode: protectedProcedure.input(discountsInputs.chooseCode).mutation(({ ctx, input }) => {
    chooseAffiliateCode(ctx, ctx.user.id, input.code);
    return toAffiliateCodeView(affiliateCode(ctx.db, ctx.config, findActiveUser(ctx.db, ctx.user.id)!));
  }),
});
