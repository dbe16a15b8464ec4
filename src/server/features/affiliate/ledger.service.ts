import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { ledger, users, type LedgerRow } from '../../db/schema.js';

/**
 * The earnings ledger is append-only. Each line also updates the user's kept totals in the same
 * transaction (the caller's), so totals never drift from the sum of the lines.
 */

const versions = new WeakMap<object, number>();

/**
 * A number that changes whenever earnings or the people who can rank change, per database:
 * cached leaderboards are rebuilt when it moves. Call it after the change is committed.
 */
export function earningsChanged(db: Db): void {
  versions.set(db, (versions.get(db) ?? 0) + 1);
}

export function earningsVersion(db: Db): number {
  return versions.get(db) ?? 0;
}

/** The sponsor's commission for an approved order. At most one per order (a unique index). */
export function bookCommission(tx: Queryable, line: { userId: number; orderId: number; amountPaise: number; now: number }): LedgerRow {
  const row = tx
    .insert(ledger)
    .values({ userId: line.userId, kind: 'commission', amountPaise: line.amountPaise, orderId: line.orderId, createdAt: line.now })
    .returning()
    .get();
  tx.update(users)
    .set({ earnedPaise: sql`${users.earnedPaise} + ${line.amountPaise}`, earnedAt: line.now })
    .where(eq(users.id, line.userId))
    .run();
  return row;
}

/** Money paid out to a user. Payouts lower what is owed, never the earnings. */
export function bookPayout(tx: Queryable, line: { userId: number; amountPaise: number; createdBy: number; now: number }): LedgerRow {
  const row = tx
    .insert(ledger)
    .values({ userId: line.userId, kind: 'payout', amountPaise: line.amountPaise, createdBy: line.createdBy, createdAt: line.now })
    .returning()
    .get();
  tx.update(users)
    .set({ paidPaise: sql`${users.paidPaise} + ${line.amountPaise}` })
    .where(eq(users.id, line.userId))
    .run();
  return row;
}

/**
 * The commission of a package: its fixed amount, or else the site's percentage of the price paid,
 * rounded to whole paise. Never more than the price.
 */
export function commissionFor(pkg: { commissionPaise: number | null }, amountPaise: number, percent: number): number {
  const commission = pkg.commissionPaise ?? Math.round((amountPaise * percent) / 100);
  return Math.max(0, Math.min(commission, amountPaise));
}
