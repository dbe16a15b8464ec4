import { createHash } from 'node:crypto';
/**
 * Discount codes: an admin's coupons (a festival sale) and each affiliate's own code (said on a
 * call, written in a WhatsApp status), one namespace, matched without regard to case. The checks
 * run inside the order's transaction (transactions here take the write lock at BEGIN), so the last
 * use of a code cannot be taken twice. A use is an order pending or approved and not reversed:
 * a rejection or a reversal gives it back.
 */
import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { discountCodePackages, discountCodes, ledger, orderReversals, orders, packages, users, type DiscountCodeRow, type UserRow } from '../../db/schema.js';
import { priceAfterDiscount, type Discount, type PriceAfterDiscount } from '../../../shared/discounts.js';
import type { DiscountCodeKind } from '../../../shared/domain.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { discountErrors } from './discounts.errors.js';
import { affiliateFlags } from './affiliate-flags.js';
import { canSponsor, findActiveUser, findActiveUserByReferralCode } from '../auth/accounts.service.js';
import { hasBought } from '../catalog/catalog.service.js';
import { catalogErrors } from '../catalog/catalog.errors.js';
import { firstNameOf } from '../affiliate/earnings-history.service.js';

type Deps = { db: Db; config: Config; now: () => number; rateLimits: RateLimits };

/** Trying codes is guessing: counted per account and per address, tighter per account. */
export const codeGuessLimits = {
  perAccount: { points: 30, durationSeconds: 60 * 60 },
  perAddress: { points: 120, durationSeconds: 60 * 60 },
};

/** Counts one try of a code (a quote, or an order with a code); past the limits, 429 with when to retry. */
export async function countCodeTry(deps: Deps, input: { userId: number; ip: string }): Promise<void> {
  await deps.rateLimits.get('code:account', codeGuessLimits.perAccount).hit(String(input.userId));
  await deps.rateLimits.get('code:ip', codeGuessLimits.perAddress).hit(input.ip);
}

/** Orders that hold a use of the code: pending or approved, not reversed (of one learner, when given). */
function usesOf(db: Queryable, codeId: number, userId?: number): number {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .where(
      and(
        eq(orders.discountCodeId, codeId),
        inArray(orders.status, ['pending', 'approved']),
        userId === undefined ? undefined : eq(orders.userId, userId),
        notExists(db.select({ one: sql`1` }).from(orderReversals).where(eq(orderReversals.orderId, orders.id))),
      ),
    )
    .get()!.n;
}

function codeRow(db: Queryable, code: string): DiscountCodeRow | undefined {
  return db.select().from(discountCodes).where(eq(discountCodes.code, code.trim().toUpperCase())).get();
}

/** The discount a code gives: its own, or for an affiliate's code without one, the site's. */
function discountOf(config: Config, row: DiscountCodeRow): Discount {
  if (row.percentBp !== null) return { percentBp: row.percentBp };
  if (row.amountPaise !== null) return { amountPaise: row.amountPaise };
  return { percentBp: config.affiliateCodeDiscountBp };
}

export type AppliedDiscount = PriceAfterDiscount & { codeId: number; code: string; kind: DiscountCodeKind; affiliateId: number | null };

/**
 * What a code does for this buyer and package now, or why it does not (unknown, paused, not yet
 * or no longer valid, one's own, not for this package, used up, already used by this buyer).
 */
function discountFor(
  db: Queryable,
  config: Config,
  input: { code: string; buyerId: number; pkg: { id: number; pricePaise: number }; now: number },
): AppliedDiscount {
  const row = codeRow(db, input.code);
  const affiliate = row?.kind === 'affiliate' && row.affiliateId !== null ? db.select().from(users).where(eq(users.id, row.affiliateId)).get() : undefined;
  if (!row || (row.kind === 'affiliate' && (!affiliate || affiliate.deletedAt !== null))) throw discountErrors.CODE_UNKNOWN();
  if (!row.active) throw discountErrors.CODE_PAUSED();
  if (row.validFrom !== null && input.now < row.validFrom) throw discountErrors.CODE_NOT_STARTED();
  if (row.validUntil !== null && input.now > row.validUntil) throw discountErrors.CODE_ENDED();
  if (row.kind === 'affiliate' && row.affiliateId === input.buyerId) throw discountErrors.CODE_OWN();
  if (!row.allPackages) {
    const listed = db
      .select({ one: sql`1` })
      .from(discountCodePackages)
      .where(and(eq(discountCodePackages.codeId, row.id), eq(discountCodePackages.packageId, input.pkg.id)))
      .get();
    if (!listed) throw discountErrors.CODE_NOT_FOR_PACKAGE();
  }
  if (row.maxUses !== null && usesOf(db, row.id) >= row.maxUses) throw discountErrors.CODE_USED_UP();
  if (usesOf(db, row.id, input.buyerId) >= row.perLearnerLimit) throw discountErrors.CODE_ALREADY_USED();
  return {
    codeId: row.id,
    code: row.code,
    kind: row.kind,
    affiliateId: row.affiliateId,
    ...priceAfterDiscount(input.pkg.pricePaise, discountOf(config, row), { freeAllowed: row.freeAllowed }),
  };
}

/** A friend's referral ID typed in the code box: no discount, and its owner may become the buyer's sponsor. */
type ReferralCode = PriceAfterDiscount & { codeId: null; code: string; kind: 'referral'; affiliateId: number };

/** Whatever the checkout's one code box holds, resolved: a discount code's discount, or a referral ID. */
export type ResolvedCode = AppliedDiscount | ReferralCode;

/**
 * What a code typed at checkout is, for this buyer and package now: a coupon or an affiliate's
 * code (one namespace, `discountFor`'s checks), else a person's referral ID (the buyer's own is
 * refused), else unknown. A discount code wins when a referral ID happens to read the same.
 */
export function resolveCode(
  db: Queryable,
  config: Config,
  input: { code: string; buyerId: number; pkg: { id: number; pricePaise: number }; now: number },
): ResolvedCode {
  if (codeRow(db, input.code)) return discountFor(db, config, input);
  const person = findActiveUserByReferralCode(db, input.code);
  if (!person) throw discountErrors.CODE_UNKNOWN();
  if (person.id === input.buyerId) throw discountErrors.CODE_OWN();
  const list = input.pkg.pricePaise;
  return { codeId: null, code: person.referralCode, kind: 'referral', affiliateId: person.id, listPaise: list, discountPaise: 0, pricePaise: list };
}

/**
 * What a code does for this buyer and package before anything is shown to pay: the price before
 * and after, what the code was, and who becomes the sponsor with it (nobody when the buyer already
 * has one). A friend's referral ID that would make a loop (someone the buyer brought in) is refused.
 */
export function quoteCode(deps: Pick<Deps, 'db' | 'config' | 'now'>, buyerId: number, input: { packageId: number; code: string }) {
  const pkg = deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.id, input.packageId), isNull(packages.archivedAt)))
    .get();
  if (!pkg) throw catalogErrors.PACKAGE_NOT_FOUND();
  if (hasBought(deps.db, buyerId, pkg.id)) throw discountErrors.CODE_PACKAGE_OWNED();
  const resolved = resolveCode(deps.db, deps.config, { code: input.code, buyerId, pkg, now: deps.now() });
  const buyer = findActiveUser(deps.db, buyerId);
  const hasSponsor = buyer?.sponsorId != null && findActiveUser(deps.db, buyer.sponsorId) !== undefined;
  if (resolved.kind === 'referral' && !hasSponsor && !canSponsor(deps.db, resolved.affiliateId, buyerId)) throw discountErrors.CODE_LOOP();
  const affiliate = resolved.affiliateId !== null && !hasSponsor ? findActiveUser(deps.db, resolved.affiliateId) : undefined;
  return { pkg, resolved, sponsorName: affiliate ? firstNameOf(affiliate.name) : null };
}

// Admins: coupons

export type CouponInput = {
  code: string;
  percentBp?: number | undefined;
  amountPaise?: number | undefined;
  /** Null: every package. */
  packageIds: number[] | null;
  validFrom?: number | undefined;
  validUntil?: number | undefined;
  maxUses?: number | undefined;
  perLearnerLimit: number;
  freeAllowed: boolean;
  note?: string | undefined;
};

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: discount_codes\.(code|affiliate_id)/.test(error.message);
}

export function createCoupon(deps: Deps, adminId: number, input: CouponInput): DiscountCodeRow {
  if ((input.percentBp === undefined) === (input.amountPaise === undefined)) throw discountErrors.DISCOUNT_INVALID();
  if (input.validFrom !== undefined && input.validUntil !== undefined && input.validFrom >= input.validUntil) throw discountErrors.DATES_INVALID();
  if (input.packageIds !== null && input.packageIds.length === 0) throw discountErrors.PACKAGES_REQUIRED();
  try {
    return deps.db.transaction((tx) => {
      const row = tx
        .insert(discountCodes)
        .values({
          code: input.code,
          kind: 'coupon',
          percentBp: input.percentBp ?? null,
          amountPaise: input.amountPaise ?? null,
          allPackages: input.packageIds === null,
          validFrom: input.validFrom ?? null,
          validUntil: input.validUntil ?? null,
          maxUses: input.maxUses ?? null,
          perLearnerLimit: input.perLearnerLimit,
          freeAllowed: input.freeAllowed,
          note: input.note ?? null,
          createdBy: adminId,
          createdAt: deps.now(),
        })
        .returning()
        .get();
      for (const packageId of new Set(input.packageIds ?? [])) tx.insert(discountCodePackages).values({ codeId: row.id, packageId }).run();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw discountErrors.CODE_TAKEN();
    throw error;
  }
}

/** What an admin may change once a coupon exists: paused or active, its dates, its limits, its note. */
export function updateCoupon(
  deps: Deps,
  input: {
    id: number;
    active?: boolean;
    validFrom?: number | null;
    validUntil?: number | null;
    maxUses?: number | null;
    perLearnerLimit?: number;
    note?: string | null;
  },
): DiscountCodeRow {
  const row = deps.db.select().from(discountCodes).where(eq(discountCodes.id, input.id)).get();
  if (!row) throw discountErrors.CODE_NOT_FOUND();
  const validFrom = input.validFrom === undefined ? row.validFrom : input.validFrom;
  const validUntil = input.validUntil === undefined ? row.validUntil : input.validUntil;
  if (validFrom !== null && validUntil !== null && validFrom >= validUntil) throw discountErrors.DATES_INVALID();
  const { id, ...changes } = input;
  return deps.db.update(discountCodes).set(changes).where(eq(discountCodes.id, id)).returning().get()!;
}

/** A coupon nobody ever used may be deleted; one that was used is kept (its orders name it): pause it instead. */
export function deleteCoupon(deps: Deps, id: number): void {
  deps.db.transaction((tx) => {
    const row = tx.select().from(discountCodes).where(eq(discountCodes.id, id)).get();
    if (row?.kind !== 'coupon') throw discountErrors.CODE_NOT_FOUND();
    const used = tx.select({ id: orders.id }).from(orders).where(eq(orders.discountCodeId, id)).get();
    if (used) throw discountErrors.CODE_IN_USE();
    tx.delete(discountCodePackages).where(eq(discountCodePackages.codeId, id)).run();
    tx.delete(discountCodes).where(eq(discountCodes.id, id)).run();
  });
}

export type CodeReport = DiscountCodeRow & {
  packageIds: number[];
  affiliateName: string | null;
  uses: number;
  revenuePaise: number;
  discountGivenPaise: number;
  commissionPaise: number;
};

/**
 * Every code with what it did: uses (live), revenue after the discount and the discount given (of
 * approved orders not reversed), and the commission it earned net of reversals.
 */
export function codeReports(db: Queryable, options: { kind?: DiscountCodeKind; codeId?: number } = {}): CodeReport[] {
  const rows = db
    .select({ code: discountCodes, affiliateName: users.name })
    .from(discountCodes)
    .leftJoin(users, eq(users.id, discountCodes.affiliateId))
    .where(and(options.kind ? eq(discountCodes.kind, options.kind) : undefined, options.codeId ? eq(discountCodes.id, options.codeId) : undefined))
    .orderBy(asc(discountCodes.kind), asc(discountCodes.code))
    .all();
  return rows.map(({ code, affiliateName }) => {
    const paid = db
      .select({
        revenue: sql<number>`coalesce(sum(${orders.amountPaise}), 0)`,
        discount: sql<number>`coalesce(sum(${orders.discountPaise}), 0)`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.discountCodeId, code.id),
          eq(orders.status, 'approved'),
          notExists(db.select({ one: sql`1` }).from(orderReversals).where(eq(orderReversals.orderId, orders.id))),
        ),
      )
      .get()!;
    const commission = db
      .select({ sum: sql<number>`coalesce(sum(${ledger.amountPaise}), 0)` })
      .from(ledger)
      .innerJoin(orders, eq(orders.id, ledger.orderId))
      .where(and(eq(orders.discountCodeId, code.id), inArray(ledger.kind, ['commission', 'correction'])))
      .get()!.sum;
    const packageIds = code.allPackages
      ? []
      : db
          .select({ id: discountCodePackages.packageId })
          .from(discountCodePackages)
          .where(eq(discountCodePackages.codeId, code.id))
          .all()
          .map((row) => row.id);
    return {
      ...code,
      packageIds,
      affiliateName,
      uses: usesOf(db, code.id),
      revenuePaise: paid.revenue,
      discountGivenPaise: paid.discount,
      commissionPaise: commission,
    };
  });
}

/** An admin sets one affiliate's code discount (a percentage), or gives them the site's again (null). */
export function setAffiliateDiscount(deps: Deps, input: { codeId: number; percentBp: number | null }): DiscountCodeRow {
  const row = deps.db
    .update(discountCodes)
    .set({ percentBp: input.percentBp })
    .where(and(eq(discountCodes.id, input.codeId), eq(discountCodes.kind, 'affiliate')))
    .returning()
    .get();
  if (!row) throw discountErrors.NOT_AN_AFFILIATE_CODE();
  return row;
}

// Affiliates: their own code

function affiliateCodeOf(db: Queryable, userId: number): DiscountCodeRow | undefined {
  return db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.kind, 'affiliate'), eq(discountCodes.affiliateId, userId)))
    .get();
}

/**
 * A code to offer an affiliate who has none: the Latin letters of their first name (or LEARN) and
 * digits, not taken. The digits come from the account's id, so the same suggestion is shown on every
 * visit (and by every server answering the same read) until it is taken.
 */
function suggestedCode(db: Queryable, user: Pick<UserRow, 'id' | 'name'>): string {
  const letters = (user.name.split(/\s+/)[0] ?? '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 8);
  const stem = letters.length >= 3 ? letters : 'LEARN';
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const digits = attempt < 25 ? 2 : 4;
    const draw = createHash('sha256').update(`${user.id}:${attempt}`).digest().readUInt32BE(0);
    const candidate = `${stem}${String(draw % 10 ** digits).padStart(digits, '0')}`;
    if (!codeRow(db, candidate)) return candidate;
  }
  return `${stem}${user.id}`;
}

export type AffiliateCode = {
  code: string | null;
  suggested: string | null;
  discount: Discount;
  uses: number;
  revenuePaise: number;
  /** What the affiliate earned on orders with their code (net of reversals); a buyer who already had another sponsor earns that sponsor. */
  earnedPaise: number;
};

/** The affiliate's own code and what it did, or a suggestion when they have none. */
export function affiliateCode(db: Queryable, config: Config, user: UserRow): AffiliateCode {
  const row = affiliateCodeOf(db, user.id);
  if (!row)
    return {
      code: null,
      suggested: suggestedCode(db, user),
      discount: { percentBp: config.affiliateCodeDiscountBp },
      uses: 0,
      revenuePaise: 0,
      earnedPaise: 0,
    };
  const report = codeReports(db, { codeId: row.id })[0]!;
  const earned = db
    .select({ sum: sql<number>`coalesce(sum(${ledger.amountPaise}), 0)` })
    .from(ledger)
    .innerJoin(orders, eq(orders.id, ledger.orderId))
    .where(and(eq(orders.discountCodeId, row.id), eq(ledger.userId, user.id), inArray(ledger.kind, ['commission', 'correction'])))
    .get()!.sum;
  return { code: row.code, suggested: null, discount: discountOf(config, row), uses: report.uses, revenuePaise: report.revenuePaise, earnedPaise: earned };
}

/** An affiliate picks their code, once; it must be free among every code, coupons included. */
export function chooseAffiliateCode(deps: Deps, userId: number, code: string): DiscountCodeRow {
  if (affiliateCodeOf(deps.db, userId)) throw discountErrors.CODE_ALREADY_CHOSEN();
  try {
    return deps.db
      .insert(discountCodes)
      .values({ code, kind: 'affiliate', affiliateId: userId, perLearnerLimit: 1, createdBy: userId, createdAt: deps.now() })
      .returning()
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw affiliateCodeOf(deps.db, userId) ? discountErrors.CODE_ALREADY_CHOSEN() : discountErrors.CODE_TAKEN();
    }
    throw error;
  }
}

export { affiliateFlags } from './affiliate-flags.js';

/** The fraud screen flags this affiliate (see affiliate-flags.ts): their commissions wait for an admin. */
export function isFlaggedAffiliate(db: Queryable, affiliateId: number): boolean {
  return affiliateFlags(db, affiliateId).length > 0;
}
