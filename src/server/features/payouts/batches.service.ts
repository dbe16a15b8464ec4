import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { ledger, payoutBatches, payoutDetails, payoutLines, payoutRequests, users } from '../../db/schema.js';
import { bookPayout } from '../affiliate/ledger.service.js';
import { toCsv, type Cell } from '../../lib/csv.js';
import { paiseAsText } from '../../../shared/money.js';
import { moreThanOwed, payoutErrors } from './payouts.errors.js';
import { parseSnapshot, snapshotOf, type DetailsSnapshot } from './payout-snapshots.js';
import { detailsHeldUntil, holdCutoff, type Deps } from './payouts.service.js';
import {
  toAdminLineView,
  toBatchResult,
  toBatchView,
  toInFlightRow,
  toOwedRow,
  type AdminLineView,
  type BatchResult,
  type BatchView,
  type InFlightRow,
  type OwedRow,
  type SkippedPerson,
} from './payouts.views.js';

export type PayoutsOverview = {
  minimumPaise: number;
  tdsEnabled: boolean;
  /** Open requests and everyone whose available amount is at least the minimum. */
  ready: OwedRow[];
  /** Everyone else owed anything (below the minimum, below zero after a reversal, details just changed, or deleted). */
  others: OwedRow[];
  /** Lines in batches not yet paid or failed: owed, on their way. */
  inFlight: InFlightRow[];
  /** Ready + others + in flight: every rupee owed, the admin dashboard's owed total. */
  totalOwedPaise: number;
  readyTotalPaise: number;
};

export type Candidate = {
  id: number;
  name: string;
  email: string;
  deletedAt: number | null;
  owed: number;
  pending: number;
  requestId: number | null;
  requestAt: number | null;
  requestAmount: number | null;
  requestDetails: string | null;
};

/**
 * Everyone not deleted who is owed anything, or has an open request or a line on its way. A deleted
 * user can never be paid (as in the admin's owed total); a line of theirs already in a batch stays
 * in that batch, where it is still marked paid or failed.
 */
function candidates(db: Queryable): Candidate[] {
  return db.all<Candidate>(sql`
    select u.id as id, u.name as name, u.email as email, u.deleted_at as deletedAt,
           u.earned_paise - u.paid_paise as owed,
           coalesce(pl.pending, 0) as pending,
           r.id as requestId, r.created_at as requestAt, r.amount_paise as requestAmount, r.details as requestDetails
    from users u
    left join (select user_id, sum(gross_paise) as pending from payout_lines where status = 'pending' group by user_id) pl on pl.user_id = u.id
    left join payout_requests r on r.user_id = u.id and r.status = 'open'
    where u.deleted_at is null and (u.earned_paise != u.paid_paise or pl.pending is not null or r.id is not null)
    order by r.created_at is null, r.created_at, owed desc, u.id`);
}

/** The admin's payouts screen: who can be paid, who is owed less, what is on its way. */
export function payoutsOverview(db: Queryable, deps: Pick<Deps, 'config' | 'now'>): PayoutsOverview {
  const now = deps.now();
  const minimum = deps.config.payoutMinimumPaise;
  const detailRows = new Map(
    db
      .select()
      .from(payoutDetails)
      .all()
      .map((row) => [row.userId, row]),
  );
  const ready: OwedRow[] = [];
  const others: OwedRow[] = [];
  for (const person of candidates(db)) {
    const available = person.owed - person.pending;
    const current = detailRows.get(person.id);
    const details = person.requestDetails ? parseSnapshot(person.requestDetails) : current ? snapshotOf(current) : null;
    // An open request keeps the details it was made with; without one a line would use the current details, held after a change.
    const heldUntil = person.requestDetails ? null : detailsHeldUntil(deps.config, current, now);
    const row = toOwedRow(
      person,
      available,
      details,
      person.deletedAt === null && details !== null && person.pending === 0 && available > 0 && heldUntil === null,
      heldUntil,
    );
    const isReady =
      person.deletedAt === null && person.pending === 0 && heldUntil === null && (person.requestId !== null || (available >= minimum && available > 0));
    if (isReady) ready.push(row);
    else if (available !== 0) others.push(row);
  }
  const inFlight = db
    .select({ lineId: payoutLines.id, batchId: payoutLines.batchId, userId: payoutLines.userId, name: users.name, grossPaise: payoutLines.grossPaise })
    .from(payoutLines)
    .innerJoin(users, eq(users.id, payoutLines.userId))
    .where(and(eq(payoutLines.status, 'pending'), isNull(users.deletedAt)))
    .orderBy(payoutLines.id)
    .all()
    .map(toInFlightRow);
  const sum = (rows: { availablePaise: number }[]) => rows.reduce((total, row) => total + row.availablePaise, 0);
  return {
    minimumPaise: minimum,
    tdsEnabled: deps.config.tds.enabled,
    ready,
    others,
    inFlight,
    readyTotalPaise: sum(ready),
    totalOwedPaise: sum(ready) + sum(others) + inFlight.reduce((total, row) => total + row.grossPaise, 0),
  };
}

/**
 * Makes a batch for the chosen people, fixing each line's amount now: what was owed at the cutoff
 * (earned less TDS up to it, less every payout; never more than what is owed now), in one
 * transaction, so two admins making batches at once cannot promise the same money twice (a
 * person has at most one unsettled line). An open request goes into the batch with the details
 * it was made with; others are paid to their current details, unless those were changed within
 * PAYOUT_DETAILS_HOLD_DAYS (then they are skipped as 'details-held').
 */
export function makeBatch(deps: Deps, adminId: number, input: { userIds: number[]; cutoff?: number | undefined }): BatchResult {
  const now = deps.now();
  const cutoff = Math.min(input.cutoff ?? now, now);
  return deps.db.transaction((tx) => {
    const batch = tx.insert(payoutBatches).values({ cutoff, createdBy: adminId, createdAt: now }).returning().get();
    const skipped: SkippedPerson[] = [];
    let made = 0;
    for (const userId of [...new Set(input.userIds)]) {
      const user = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!user) continue;
      const skip = (why: SkippedPerson['why']) => skipped.push({ userId, name: user.name, why });
      if (user.deletedAt !== null) {
        skip('deleted');
        continue;
      }
      const pending = tx
        .select({ id: payoutLines.id })
        .from(payoutLines)
        .where(and(eq(payoutLines.userId, userId), eq(payoutLines.status, 'pending')))
        .get();
      if (pending) {
        skip('on-its-way');
        continue;
      }
      const request = tx
        .select()
        .from(payoutRequests)
        .where(and(eq(payoutRequests.userId, userId), eq(payoutRequests.status, 'open')))
        .get();
      const current = tx.select().from(payoutDetails).where(eq(payoutDetails.userId, userId)).get();
      const details = request ? parseSnapshot(request.details) : current ? snapshotOf(current) : null;
      if (!details) {
        skip('no-details');
        continue;
      }
      if (!request && detailsHeldUntil(deps.config, current, now) !== null) {
        skip('details-held');
        continue;
      }
      // A commission still in its hold (COMMISSION_HOLD_DAYS, or a fraud flag not cleared) waits, and so does the TDS it
      // brought; a correction (and TDS it gave back) counts at once. `paidPaise` holds every TDS
      // line, so those after the cutoff are added back: owed at the cutoff, never more than owed now.
      const commissionCutoff = Math.min(cutoff, holdCutoff(tx, deps.config, userId, now));
      const { creditedByCutoff, tdsAfterCutoff } = tx
        .select({
          creditedByCutoff: sql<number>`coalesce(sum(case
            when ${ledger.kind} = 'commission' and ${ledger.createdAt} <= ${commissionCutoff} then ${ledger.amountPaise}
            when ${ledger.kind} = 'correction' and ${ledger.createdAt} <= ${cutoff} then ${ledger.amountPaise}
            else 0 end), 0)`,
          tdsAfterCutoff: sql<number>`coalesce(sum(case
            when ${ledger.kind} = 'tds' and ${ledger.createdAt} > (case when ${ledger.amountPaise} > 0 then ${commissionCutoff} else ${cutoff} end)
            then ${ledger.amountPaise} else 0 end), 0)`,
        })
        .from(ledger)
        .where(eq(ledger.userId, userId))
        .get()!;
      const gross = Math.min(creditedByCutoff + tdsAfterCutoff, user.earnedPaise) - user.paidPaise;
      if (gross <= 0) {
        skip('nothing-owed');
        continue;
      }
      tx.insert(payoutLines)
        .values({
          batchId: batch.id,
          userId,
          requestId: request?.id ?? null,
          status: 'pending',
          grossPaise: gross,
          // TDS was booked when the commissions were credited: the payout pays what is left.
          tdsPaise: 0,
          netPaise: gross,
          fixedAt: cutoff,
          details: JSON.stringify(details),
          pan: details.pan,
          panName: details.panName,
          createdAt: now,
        })
        .run();
      if (request) tx.update(payoutRequests).set({ status: 'batched' }).where(eq(payoutRequests.id, request.id)).run();
      made += 1;
    }
    if (made === 0) throw payoutErrors.NOTHING_TO_BATCH();
    return toBatchResult(batch.id, made, skipped);
  });
}

function linesOf(db: Queryable, batchId: number) {
  return db
    .select({ line: payoutLines, name: users.name })
    .from(payoutLines)
    .innerJoin(users, eq(users.id, payoutLines.userId))
    .where(eq(payoutLines.batchId, batchId))
    .orderBy(payoutLines.id)
    .all()
    .map(({ line, name }) => ({ ...line, name }));
}

export function batchView(db: Queryable, batchId: number): BatchView {
  const batch = db
    .select({ batch: payoutBatches, createdBy: users.name })
    .from(payoutBatches)
    .innerJoin(users, eq(users.id, payoutBatches.createdBy))
    .where(eq(payoutBatches.id, batchId))
    .get();
  if (!batch) throw payoutErrors.BATCH_NOT_FOUND();
  const lines = linesOf(db, batchId).map(toAdminLineView);
  const totals = { grossPaise: 0, tdsPaise: 0, netPaise: 0, pending: 0, paid: 0, failed: 0 };
  for (const line of lines) {
    totals[line.status] += 1;
    if (line.status !== 'failed') {
      totals.grossPaise += line.grossPaise;
      totals.tdsPaise += line.tdsPaise;
      totals.netPaise += line.netPaise;
    }
  }
  return toBatchView(batch.batch, batch.createdBy, lines, totals);
}

/** The latest batches, newest first, with their lines. */
export function recentBatches(db: Queryable, limit = 10): BatchView[] {
  return db
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .orderBy(desc(payoutBatches.id))
    .limit(limit)
    .all()
    .map((row) => batchView(db, row.id));
}

/**
 * The batch's unsettled lines in the shape banks' bulk-payout uploads take: one row per
 * beneficiary with the net amount in rupees and the payout's reference. The first download marks
 * the batch exported: from then on the bank may pay any of its lines, so an affiliate can no
 * longer withdraw their request from it.
 */
export function exportBatch(deps: Pick<Deps, 'db' | 'now'>, batchId: number): { fileName: string; csv: string } {
  const now = deps.now();
  return deps.db.transaction((tx) => {
    tx.update(payoutBatches)
      .set({ exportedAt: now })
      .where(and(eq(payoutBatches.id, batchId), isNull(payoutBatches.exportedAt)))
      .run();
    return batchCsv(tx, batchId);
  });
}

/**
 * The beneficiary's name as banks' bulk uploads take it (Latin letters): the account holder's name
 * the affiliate gave with their details; for UPI details saved before it was asked, the name on
 * PAN; the account's name only as the last resort.
 */
function beneficiaryName(details: DetailsSnapshot, accountName: string): string {
  return details.accountHolder ?? details.panName ?? accountName;
}

function batchCsv(db: Queryable, batchId: number): { fileName: string; csv: string } {
  const batch = batchView(db, batchId);
  const rows: Cell[][] = [['Beneficiary Name', 'Payment Mode', 'Account Number / UPI ID', 'IFSC', 'Amount', 'Reference', 'Email']];
  const emails = new Map(
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, batch.lines.map((line) => Number(line.userId)).concat(0)))
      .all()
      .map((row) => [String(row.id), row.email]),
  );
  // The screens' view masks the details; the bank file (audited, an export) needs them whole.
  const whole = new Map(linesOf(db, batchId).map((line) => [String(line.id), parseSnapshot(line.details)]));
  for (const line of batch.lines) {
    const d = whole.get(line.id);
    if (line.status !== 'pending' || !d) continue;
    rows.push([
      beneficiaryName(d, line.name),
      d.method === 'upi' ? 'UPI' : 'NEFT',
      d.method === 'upi' ? d.upiId : d.accountNumber,
      d.method === 'upi' ? '' : d.ifsc,
      paiseAsText(line.netPaise),
      line.reference,
      emails.get(line.userId) ?? '',
    ]);
  }
  return { fileName: `payout-batch-${batch.id}.csv`, csv: toCsv(rows) };
}

/**
 * Marks a line paid with the bank's reference and books its payout ledger line, in one
 * transaction, once: the line changes only while pending (a second click, or a second admin,
 * gets LINE_ALREADY_PAID), and the ledger refuses a second line for the same payout. Refused when
 * the gross is now more than owed (an order reversed since the batch was made).
 */
export function markLinePaid(deps: Deps, adminId: number, input: { lineId: number; utr: string }): AdminLineView {
  const now = deps.now();
  const line = deps.db.transaction((tx) => {
    const updated = tx
      .update(payoutLines)
      .set({ status: 'paid', utr: input.utr, decidedBy: adminId, decidedAt: now })
      .where(and(eq(payoutLines.id, input.lineId), eq(payoutLines.status, 'pending'), sql`${payoutLines.batchId} is not null`))
      .returning()
      .get();
    if (!updated) throw settledError(tx, input.lineId);
    const user = tx.select().from(users).where(eq(users.id, updated.userId)).get()!;
    const owed = user.earnedPaise - user.paidPaise;
    if (updated.grossPaise > owed) throw moreThanOwed(user.name, updated.grossPaise, owed);
    bookPayout(tx, { userId: updated.userId, amountPaise: updated.grossPaise, createdBy: adminId, now, payoutLineId: updated.id, note: input.utr });
    if (updated.requestId !== null) {
      tx.update(payoutRequests).set({ status: 'paid', closedAt: now }).where(eq(payoutRequests.id, updated.requestId)).run();
    }
    // The affiliate's message (gross, TDS, net): the event's handlers (src/server/events/payouts.ts).
    deps.events.publish(tx, { type: 'payout-paid', line: updated, at: now });
    return { ...updated, name: user.name };
  });
  return toAdminLineView(line);
}

/** Marks a line failed with the bank's reason: nothing is booked, the amount stays owed, the request closes. */
export function markLineFailed(deps: Deps, adminId: number, input: { lineId: number; reason: string }): AdminLineView {
  const now = deps.now();
  const line = deps.db.transaction((tx) => {
    const updated = tx
      .update(payoutLines)
      .set({ status: 'failed', failReason: input.reason, decidedBy: adminId, decidedAt: now })
      .where(and(eq(payoutLines.id, input.lineId), eq(payoutLines.status, 'pending'), sql`${payoutLines.batchId} is not null`))
      .returning()
      .get();
    if (!updated) throw settledError(tx, input.lineId);
    if (updated.requestId !== null) {
      tx.update(payoutRequests).set({ status: 'failed', closedAt: now }).where(eq(payoutRequests.id, updated.requestId)).run();
    }
    const user = tx.select().from(users).where(eq(users.id, updated.userId)).get()!;
    deps.events.publish(tx, { type: 'payout-failed', line: updated, reason: input.reason, at: now });
    return { ...updated, name: user.name, user };
  });
  return toAdminLineView(line);
}

function settledError(db: Queryable, lineId: number) {
  const existing = db.select({ status: payoutLines.status, batchId: payoutLines.batchId }).from(payoutLines).where(eq(payoutLines.id, lineId)).get();
  if (!existing || existing.batchId === null) return payoutErrors.LINE_NOT_FOUND();
  return existing.status === 'paid' ? payoutErrors.LINE_ALREADY_PAID() : payoutErrors.LINE_ALREADY_FAILED();
}
