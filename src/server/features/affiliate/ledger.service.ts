import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { ledger, users, type LedgerRow } from '../../db/schema.js';

/**
 * The earnings ledger is append-only. Each line also updates the user's kept totals in the same
 * transaction (the caller's), so totals never drift from the sum of the lines.
 */

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

/**
 * The commission of a package: its fixed amount, or else the site's percentage of the price paid,
 * rounded to whole paise. Never more than the price.
 */
export function commissionFor(pkg: { commissionPaise: number | null }, amountPaise: number, percent: number): number {
  const commission = pkg.commissionPaise ?? Math.round((amountPaise * percent) / 100);
  return Math.max(0, Math.min(commission, amountPaise));
}
