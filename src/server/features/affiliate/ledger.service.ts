import { eq, sql } from 'drizzle-orm';
import { prepared, setParam, type Queryable } from '../../db/client.js';
import { ledger, payoutLines, users, type LedgerRow } from '../../db/schema.js';
import { istMonthStart, istWeekStart } from '../../../shared/ist.js';

/**
 * The earnings ledger is append-only. Each line also updates the user's kept totals in the same
 * transaction (the caller's), so totals never drift from the sum of the lines: commissions and
 * corrections are earnings, payouts and TDS are what left what is owed (`paidPaise`).
 */

/** The sponsor's commission for an approved order. At most one per order (a unique index). */
export function bookCommission(tx: Queryable, line: { userId: number; orderId: number; amountPaise: number; now: number }): LedgerRow {
  const row = prepared(tx, 'ledger.commission', () =>
    tx
      .insert(ledger)
      .values({
        userId: sql.placeholder('userId'),
        kind: 'commission',
        amountPaise: sql.placeholder('amountPaise'),
        orderId: sql.placeholder('orderId'),
        createdAt: sql.placeholder('now'),
      })
      .returning()
      .prepare(),
  ).get(line);
  addEarning(tx, line.userId, line.amountPaise, line.now);
  return row!;
}

/**
 * Adds an earnings line to the user's kept totals: all time, and this IST week and month (a
 * total of an earlier period starts afresh). `at` is the line's time, which is now.
 */
function addEarning(tx: Queryable, userId: number, amountPaise: number, at: number): void {
  const amount = setParam('amountPaise');
  const time = setParam('at');
  const week = setParam('week');
  const month = setParam('month');
  prepared(tx, 'users.addEarning', () =>
    tx
      .update(users)
      .set({
        earnedPaise: sql`${users.earnedPaise} + ${amount}`,
        earnedAt: time,
        weekPaise: sql`case when ${users.weekStart} = ${week} then ${users.weekPaise} + ${amount} else ${amount} end`,
        weekStart: week,
        weekAt: time,
        monthPaise: sql`case when ${users.monthStart} = ${month} then ${users.monthPaise} + ${amount} else ${amount} end`,
        monthStart: month,
        monthAt: time,
      })
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare(),
  ).run({ userId, amountPaise, at, week: istWeekStart(at), month: istMonthStart(at) });
}

/** Money paid out to a user. Payouts lower what is owed, never the earnings. */
export function bookPayout(
  tx: Queryable,
  line: { userId: number; amountPaise: number; createdBy: number; now: number; payoutLineId?: number; note?: string },
): LedgerRow {
  const row = tx
    .insert(ledger)
    .values({
      userId: line.userId,
      kind: 'payout',
      amountPaise: line.amountPaise,
      createdBy: line.createdBy,
      createdAt: line.now,
      payoutLineId: line.payoutLineId ?? null,
      note: line.note ?? null,
    })
    .returning()
    .get();
  addToPaid(tx, line.userId, line.amountPaise);
  return row;
}

/** A payout or TDS leaves what is owed: the user's kept `paidPaise` goes up by it (down for TDS given back). */
function addToPaid(tx: Queryable, userId: number, amountPaise: number): void {
  tx.update(users)
    .set({ paidPaise: sql`${users.paidPaise} + ${amountPaise}` })
    .where(eq(users.id, userId))
    .run();
}

/**
 * TDS withheld from a user's commission (positive), or given back (negative), when it is credited
 * or reversed (payouts/tds.service decides how much). Like a payout it leaves what is owed (the
 * kept `paidPaise` counts it), never the earnings.
 */
export function bookTds(tx: Queryable, line: { userId: number; amountPaise: number; orderId: number; note: string; now: number }): LedgerRow {
  const row = tx
    .insert(ledger)
    .values({ userId: line.userId, kind: 'tds', amountPaise: line.amountPaise, orderId: line.orderId, note: line.note, createdAt: line.now })
    .returning()
    .get();
  addToPaid(tx, line.userId, line.amountPaise);
  return row;
}

/**
 * Takes back (negative amount) or adds to earnings for a reason an admin gives, such as a reversed
 * order. Never an edit of an earlier line: the correction is a line of its own.
 */
export function bookCorrection(
  tx: Queryable,
  /** `createdBy` is the admin behind it; none for a refund made on the payment gateway's dashboard. */
  line: { userId: number; amountPaise: number; orderId: number | null; createdBy: number | null; note: string; now: number },
): LedgerRow {
  const row = tx
    .insert(ledger)
    .values({
      userId: line.userId,
      kind: 'correction',
      amountPaise: line.amountPaise,
      orderId: line.orderId,
      createdBy: line.createdBy,
      note: line.note,
      createdAt: line.now,
    })
    .returning()
    .get();
  addEarning(tx, line.userId, line.amountPaise, line.now);
  return row;
}

/**
 * The commission of a package: its fixed amount (as the admin typed it), or else the site's
 * percentage of the price paid rounded to whole rupees, half up (₹499.90 books ₹500), so an
 * affiliate's earnings read as whole rupees. Never more than the price.
 */
export function commissionFor(pkg: { commissionPaise: number | null }, amountPaise: number, percent: number, listPricePaise = amountPaise): number {
  // A fixed commission is for the list price: after a discount it shrinks with the price paid (whole rupees, rounded down).
  const fixed =
    pkg.commissionPaise === null || listPricePaise <= amountPaise
      ? pkg.commissionPaise
      : Math.floor((pkg.commissionPaise * amountPaise) / listPricePaise / 100) * 100;
  const commission = fixed ?? Math.round((amountPaise * percent) / 100 / 100) * 100;
  return Math.max(0, Math.min(commission, amountPaise));
}

/**
 * What an affiliate had earned, or had been paid, before their account came over from the legacy
 * app: one line at the import, counted in the all-time totals (the all-time leaderboard keeps the
 * legacy order) but not in the kept week and month totals, since it was not earned this week.
 */
export function bookOpeningLine(
  tx: Queryable,
  line: { userId: number; kind: 'earning' | 'payout'; amountPaise: number; note: string; now: number },
): LedgerRow {
  // Money paid before the move is a settled payout like any other: its ledger line belongs to a
  // paid payout line (no batch, no TDS withheld here), so statements and the TDS year see it.
  const payoutLineId =
    line.kind === 'payout'
      ? tx
          .insert(payoutLines)
          .values({
            userId: line.userId,
            status: 'paid',
            grossPaise: line.amountPaise,
            tdsPaise: 0,
            netPaise: line.amountPaise,
            fixedAt: line.now,
            decidedAt: line.now,
            createdAt: line.now,
          })
          .returning({ id: payoutLines.id })
          .get().id
      : null;
  const row = tx
    .insert(ledger)
    .values({
      userId: line.userId,
      kind: line.kind === 'earning' ? 'correction' : 'payout',
      amountPaise: line.amountPaise,
      note: line.note,
      createdAt: line.now,
      payoutLineId,
    })
    .returning()
    .get();
  tx.update(users)
    .set(
      line.kind === 'earning'
        ? { earnedPaise: sql`${users.earnedPaise} + ${line.amountPaise}`, earnedAt: line.now }
        : { paidPaise: sql`${users.paidPaise} + ${line.amountPaise}` },
    )
    .where(eq(users.id, line.userId))
    .run();
  return row;
}
