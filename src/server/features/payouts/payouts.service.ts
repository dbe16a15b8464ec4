import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { ledger, payoutBatches, payoutDetails, payoutLines, payoutRequests, users, type PayoutDetailsRow, type UserRow } from '../../db/schema.js';
import { DAY_MS } from '../../../shared/ist.js';
import { maskPan, maskTail, maskUpiId, type PayoutDetailsValue } from '../../../shared/payout-details.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { isFlaggedAffiliate } from '../discounts/discounts.service.js';
import { affiliateErrors, payoutTooLarge } from '../affiliate/affiliate.errors.js';
import { bookPayout } from '../affiliate/ledger.service.js';
import { belowMinimum, detailsHeld, payoutErrors } from './payouts.errors.js';
import { tdsOfUser } from './tds.service.js';
import { snapshotOf } from './payout-snapshots.js';
import { toPayoutLineView, toRequestView, type PayoutLineView, type RequestView } from './payouts.views.js';
import { accountErrors } from '../../lib/account.errors.js';
import { confirmPassword } from '../../lib/password-confirm.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import type { DomainEvents } from '../../lib/domain-events.js';

export type Deps = { db: Db; config: Config; events: DomainEvents; now: () => number };

export type MaskedDetails = {
  method: 'upi' | 'bank';
  upiId: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  pan: string | null;
  panName: string | null;
  updatedAt: number;
};

/** What an affiliate sees of their own details: UPI name part, account number and PAN masked to their last 4. */
export function maskDetails(row: PayoutDetailsRow): MaskedDetails {
  return {
    method: row.method,
    upiId: row.upiId ? maskUpiId(row.upiId) : null,
    accountHolder: row.accountHolder,
    accountNumber: row.accountNumber ? maskTail(row.accountNumber) : null,
    ifsc: row.ifsc,
    pan: row.pan ? maskPan(row.pan) : null,
    panName: row.panName,
    updatedAt: row.updatedAt,
  };
}

export function detailsOf(db: Queryable, userId: number): PayoutDetailsRow | undefined {
  return db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId)).get();
}

/**
 * Saves the affiliate's payout details (replacing earlier ones) and publishes
 * `payout-details-changed`, whose handler emails them that the details changed, so that a stolen
 * session cannot quietly redirect their money. Replacing details (not the first save) holds
 * payouts to them for PAYOUT_DETAILS_HOLD_DAYS. Requests already made keep the details they were
 * made with.
 */
export function savePayoutDetails(deps: Deps, userId: number, input: PayoutDetailsValue): MaskedDetails {
  const now = deps.now();
  const user = findActiveUser(deps.db, userId);
  if (!user) throw accountErrors.USER_NOT_FOUND();
  const row = deps.db.transaction((tx) => {
    const saved = tx
      .insert(payoutDetails)
      .values({ userId, ...input, updatedAt: now, changedAt: null })
      .onConflictDoUpdate({ target: payoutDetails.userId, set: { ...input, updatedAt: now, changedAt: now } })
      .returning()
      .get();
    // The affiliate is told (by email only): the event's handlers (src/server/events/payouts.ts).
    deps.events.publish(tx, { type: 'payout-details-changed', details: saved, at: now });
    return saved;
  });
  return maskDetails(row);
}

/** Where one is paid changes only with the password typed again (`confirmPassword`): a session alone cannot redirect the money. */
export async function savePayoutDetailsWithPassword(
  deps: Deps & { rateLimits: RateLimits },
  userId: number,
  input: PayoutDetailsValue,
  password: string,
): Promise<MaskedDetails> {
  const user = findActiveUser(deps.db, userId);
  if (!user) throw accountErrors.USER_NOT_FOUND();
  await confirmPassword(deps, user, password);
  return savePayoutDetails(deps, userId, input);
}

/** Until when payouts to these details wait after they replaced earlier ones (null: not held). */
export function detailsHeldUntil(config: Config, details: Pick<PayoutDetailsRow, 'changedAt'> | undefined, now: number): number | null {
  if (!details?.changedAt || config.payoutDetailsHoldDays === 0) return null;
  const until = details.changedAt + config.payoutDetailsHoldDays * DAY_MS;
  return until > now ? until : null;
}

export type Balance = {
  /** All commissions and corrections. */
  earnedPaise: number;
  /** Sent to the affiliate's account: payouts minus the TDS they withheld (before TDS was booked at credit). */
  paidPaise: number;
  /** TDS withheld: at credit (less what reversals gave back), and by earlier payouts. */
  tdsPaise: number;
  /** Earned minus TDS minus payouts. Below zero after a reversal of commission already paid. */
  owedPaise: number;
  /** In a batch, not yet paid. */
  onItsWayPaise: number;
  /** Commission younger than COMMISSION_HOLD_DAYS, or waiting for an admin after the fraud screen flagged the user: owed, but not yet to be asked for. */
  heldPaise: number;
  /** The held commission waits for an admin to clear it (the fraud screen flags the user), not only for time. */
  heldForReview: boolean;
  /** When the oldest commission held by time can be asked for (null when none is held by time alone). */
  heldUntil: number | null;
  /** What the affiliate's open request asked for (it waits for a batch); 0 without one. */
  inRequestPaise: number;
  /** Owed minus what is on its way and what is held: what a request would ask for. Below zero after a reversal. */
  availablePaise: number;
  /** What a request could ask for now: the available amount, when no request is open, nothing is on its way and it is at least the minimum. */
  requestablePaise: number;
  minimumPaise: number;
  /** Why nothing can be requested now (null when something can): a request is open, a payout is on its way, or what is available is below the minimum. */
  notRequestable: 'request-open' | 'on-its-way' | 'below-minimum' | null;
};

/**
 * The moment before which a user's commission lines may be paid out: their COMMISSION_HOLD_DAYS
 * are over and, while the fraud screen flags the user, an admin cleared them after the line.
 */
export function holdCutoff(db: Queryable, config: Config, userId: number, now: number): number {
  const afterDays = now - config.commissionHoldDays * DAY_MS;
  if (!isFlaggedAffiliate(db, userId)) return afterDays;
  const cleared = db.select({ at: users.commissionHoldClearedAt }).from(users).where(eq(users.id, userId)).get()?.at ?? null;
  return Math.min(afterDays, cleared ?? 0);
}

/** Commission credited after the user's hold cutoff, not yet to be asked for, and when the first of it is released by time (null: none is, or an admin must clear it). */
function heldCommission(db: Queryable, config: Config, userId: number, now: number): { held: number; forReview: boolean; nextReleaseAt: number | null } {
  const cutoff = holdCutoff(db, config, userId, now);
  const forReview = cutoff < now - config.commissionHoldDays * DAY_MS;
  const row = db
    .select({ sum: sql<number>`coalesce(sum(${ledger.amountPaise}), 0)`, first: sql<number | null>`min(${ledger.createdAt})` })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, 'commission'), sql`${ledger.createdAt} > ${cutoff}`))
    .get()!;
  return { held: row.sum, forReview, nextReleaseAt: forReview || row.first === null ? null : row.first + config.commissionHoldDays * DAY_MS };
}

/** The balance cards, all from the ledger (the kept totals are its sums), the pending lines and the open request. */
export function balanceOf(db: Queryable, config: Config, user: Pick<UserRow, 'id' | 'earnedPaise' | 'paidPaise'>, now = Date.now()): Balance {
  const tds = tdsOfUser(db, user.id);
  const onItsWay = pendingGross(db, user.id);
  const owed = user.earnedPaise - user.paidPaise;
  const hold = heldCommission(db, config, user.id, now);
  const held = Math.max(0, Math.min(hold.held, owed - onItsWay));
  const available = owed - onItsWay - held;
  const request = db
    .select({ status: payoutRequests.status, amountPaise: payoutRequests.amountPaise })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.userId, user.id), inArray(payoutRequests.status, ['open', 'batched'])))
    .get();
  const notRequestable = request
    ? 'request-open'
    : onItsWay > 0
      ? 'on-its-way'
      : available < config.payoutMinimumPaise || available <= 0
        ? 'below-minimum'
        : null;
  return {
    earnedPaise: user.earnedPaise,
    paidPaise: user.paidPaise - tds,
    tdsPaise: tds,
    owedPaise: owed,
    onItsWayPaise: onItsWay,
    heldPaise: held,
    heldForReview: held > 0 && hold.forReview,
    heldUntil: held > 0 ? hold.nextReleaseAt : null,
    inRequestPaise: request?.status === 'open' ? request.amountPaise : 0,
    availablePaise: available,
    requestablePaise: notRequestable === null ? available : 0,
    minimumPaise: config.payoutMinimumPaise,
    notRequestable,
  };
}

export function pendingGross(db: Queryable, userId: number): number {
  return db
    .select({ sum: sql<number>`coalesce(sum(${payoutLines.grossPaise}), 0)` })
    .from(payoutLines)
    .where(and(eq(payoutLines.userId, userId), eq(payoutLines.status, 'pending')))
    .get()!.sum;
}

export type PayoutsHome = {
  balance: Balance;
  details: MaskedDetails | null;
  openRequest: RequestView | null;
  canRequest: boolean;
  /** Until when a request waits because the details were just changed (PAYOUT_DETAILS_HOLD_DAYS); null when not held. */
  detailsHeldUntil: number | null;
  /** How many days payouts wait after the details change (PAYOUT_DETAILS_HOLD_DAYS; 0: they do not). */
  detailsHoldDays: number;
  tdsEnabled: boolean;
  /** How many days a payout usually takes from the request to the money arriving (PAYOUT_USUAL_DAYS). */
  usualDays: number;
  lines: PayoutLineView[];
  requests: RequestView[];
};

/** The affiliate's payouts page: balance, masked details, the open request, their payouts. */
export function payoutsHome(db: Db, config: Config, userId: number, now = Date.now()): PayoutsHome {
  const user = findActiveUser(db, userId);
  if (!user) throw accountErrors.USER_NOT_FOUND();
  const balance = balanceOf(db, config, user, now);
  const details = detailsOf(db, userId);
  const heldUntil = detailsHeldUntil(config, details, now);
  const requests = db.select().from(payoutRequests).where(eq(payoutRequests.userId, userId)).orderBy(sql`${payoutRequests.id} desc`).limit(50).all();
  const open = requests.find((row) => row.status === 'open' || row.status === 'batched') ?? null;
  const lines = db.select().from(payoutLines).where(eq(payoutLines.userId, userId)).orderBy(sql`${payoutLines.id} desc`).limit(100).all();
  return {
    balance,
    details: details ? maskDetails(details) : null,
    openRequest: open ? toRequestView(open) : null,
    canRequest: !!details && balance.requestablePaise > 0 && heldUntil === null,
    detailsHeldUntil: heldUntil,
    detailsHoldDays: config.payoutDetailsHoldDays,
    tdsEnabled: config.tds.enabled,
    usualDays: config.payoutUsualDays,
    lines: lines.map(toPayoutLineView),
    requests: requests.map(toRequestView),
  };
}

/** Asks to be paid what is owed: needs payout details not held after a change, at least the minimum, no other open request. */
export function requestPayout(deps: Deps, userId: number): RequestView {
  const now = deps.now();
  const row = deps.db.transaction((tx) => {
    const user = findActiveUser(tx, userId);
    if (!user) throw accountErrors.USER_NOT_FOUND();
    const details = detailsOf(tx, userId);
    if (!details) throw payoutErrors.NO_PAYOUT_DETAILS();
    const heldUntil = detailsHeldUntil(deps.config, details, now);
    if (heldUntil !== null) throw detailsHeld(heldUntil);
    const open = tx
      .select({ id: payoutRequests.id })
      .from(payoutRequests)
      .where(and(eq(payoutRequests.userId, userId), inArray(payoutRequests.status, ['open', 'batched'])))
      .get();
    if (open) throw payoutErrors.REQUEST_ALREADY_OPEN();
    if (pendingGross(tx, userId) > 0) throw payoutErrors.PAYOUT_ON_ITS_WAY();
    const balance = balanceOf(tx, deps.config, user, now);
    if (balance.requestablePaise <= 0) throw belowMinimum(deps.config.payoutMinimumPaise, Math.max(0, balance.availablePaise));
    return tx
      .insert(payoutRequests)
      .values({ userId, status: 'open', amountPaise: balance.requestablePaise, details: JSON.stringify(snapshotOf(details)), createdAt: now })
      .returning()
      .get();
  });
  return toRequestView(row);
}

/**
 * Cancels the affiliate's own request while it is not paid: while it waits for a batch, or while
 * its batch's bank file has not been downloaded yet (its line is then withdrawn: marked failed,
 * nothing booked). Once the bank file exists the bank may pay it, so it can no longer be cancelled.
 */
export function cancelPayoutRequest(deps: Deps, userId: number, requestId: number): RequestView {
  const now = deps.now();
  const row = deps.db.transaction((tx) => {
    const existing = tx.select().from(payoutRequests).where(eq(payoutRequests.id, requestId)).get();
    if (!existing || existing.userId !== userId) throw payoutErrors.REQUEST_NOT_FOUND();
    if (existing.status === 'batched') {
      const withdrawn = tx
        .update(payoutLines)
        .set({ status: 'failed', failReason: CANCELLED_BY_AFFILIATE, decidedBy: userId, decidedAt: now })
        .where(
          and(
            eq(payoutLines.requestId, requestId),
            eq(payoutLines.status, 'pending'),
            sql`${payoutLines.batchId} in (select ${payoutBatches.id} from ${payoutBatches} where ${payoutBatches.exportedAt} is null)`,
          ),
        )
        .returning({ id: payoutLines.id })
        .get();
      if (!withdrawn) throw payoutErrors.REQUEST_NOT_CANCELLABLE();
    }
    const cancelled = tx
      .update(payoutRequests)
      .set({ status: 'cancelled', closedAt: now })
      .where(and(eq(payoutRequests.id, requestId), inArray(payoutRequests.status, ['open', 'batched'])))
      .returning()
      .get();
    if (!cancelled) throw payoutErrors.REQUEST_NOT_CANCELLABLE();
    return cancelled;
  });
  return toRequestView(row);
}

/** The reason a withdrawn line carries. */
export const CANCELLED_BY_AFFILIATE = 'Cancelled by the affiliate before the bank file was made';

/**
 * A payout recorded as already made (the legacy "send earnings email", POST /api/admin/sendMail):
 * a paid line of that amount (TDS was withheld when the commission was credited) and its ledger
 * line, in one transaction. It cannot exceed what is owed minus what is already on its way in a batch.
 */
export function recordDirectPayout(deps: Deps, adminId: number, input: { userId: number; amountPaise: number }) {
  const now = deps.now();
  const line = deps.db.transaction((tx) => {
    const user = findActiveUser(tx, input.userId);
    if (!user) throw accountErrors.USER_NOT_FOUND();
    const available = user.earnedPaise - user.paidPaise - pendingGross(tx, user.id);
    if (available <= 0) throw affiliateErrors.NOTHING_OWED();
    if (input.amountPaise > available) throw payoutTooLarge(user.name, available);
    const details = detailsOf(tx, user.id);
    const row = tx
      .insert(payoutLines)
      .values({
        userId: user.id,
        status: 'paid',
        grossPaise: input.amountPaise,
        // TDS was booked when the commission was credited: the payout pays what is left.
        tdsPaise: 0,
        netPaise: input.amountPaise,
        fixedAt: now,
        details: details ? JSON.stringify(snapshotOf(details)) : null,
        pan: details?.pan ?? null,
        panName: details?.panName ?? null,
        decidedBy: adminId,
        decidedAt: now,
        createdAt: now,
      })
      .returning()
      .get();
    const ledgerRow = bookPayout(tx, { userId: user.id, amountPaise: row.grossPaise, createdBy: adminId, now, payoutLineId: row.id });
    // The affiliate's message (gross, TDS, net): the event's handlers (src/server/events/payouts.ts).
    deps.events.publish(tx, { type: 'payout-paid', line: row, at: now });
    return { row, ledgerRow };
  });
  return line;
}

/** An admin clears a flagged affiliate's held commissions: those credited until now can be asked for (when their days are over). */
export function clearCommissionHold(deps: Pick<Deps, 'db' | 'now'>, userId: number): { clearedAt: number } {
  const user = findActiveUser(deps.db, userId);
  if (!user) throw accountErrors.USER_NOT_FOUND();
  const clearedAt = deps.now();
  deps.db.update(users).set({ commissionHoldClearedAt: clearedAt }).where(eq(users.id, userId)).run();
  return { clearedAt };
}
