import { and, eq, gte, inArray, isNotNull, lte, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/client.js';
import { ledger, payoutLines } from '../../db/schema.js';
import { financialYear, financialYearOf } from '../../../shared/financial-year.js';

/**
 * TDS on commission (Income-tax Act section 194H; 206AA without a PAN), over the whole financial
 * year of the moment a payout is fixed: once the commission credited in that year (up to that
 * moment) exceeds the threshold, the year's TDS is the rate times everything credited that year,
 * and this payout withholds that minus what the year's earlier payouts already withheld, never
 * below zero nor above the payout itself. Amounts are whole paise (half a paisa rounds up).
 */
export function tdsRule(
  tds: Config['tds'],
  input: { creditedInYearPaise: number; withheldInYearPaise: number; grossPaise: number; hasPan: boolean },
): { tdsPaise: number; rateBp: number } {
  if (!tds.enabled || input.grossPaise <= 0 || input.creditedInYearPaise <= tds.thresholdPaise) return { tdsPaise: 0, rateBp: 0 };
  const rateBp = input.hasPan ? tds.rateBp : tds.noPanRateBp;
  const due = Math.round((input.creditedInYearPaise * rateBp) / 10_000);
  return { tdsPaise: Math.max(0, Math.min(due - input.withheldInYearPaise, input.grossPaise)), rateBp };
}

/** Commission and corrections credited to the user in the financial year of `at`, up to `at`. */
export function creditedInYear(db: Queryable, userId: number, at: number): number {
  const year = financialYear(financialYearOf(at));
  const row = db
    .select({ sum: sql<number>`coalesce(sum(${ledger.amountPaise}), 0)` })
    .from(ledger)
    .where(
      and(
        eq(ledger.userId, userId),
        // Commissions and their reversals; the legacy import's opening balance (a correction with no
        // order) was credited before the move, so it belongs to no TDS year here.
        or(eq(ledger.kind, 'commission'), and(eq(ledger.kind, 'correction'), isNotNull(ledger.orderId))),
        gte(ledger.createdAt, year.from),
        lte(ledger.createdAt, at),
      ),
    )
    .get();
  return row?.sum ?? 0;
}

/** TDS of the user's payouts fixed in the financial year of `at`, paid or still on their way. */
export function withheldInYear(db: Queryable, userId: number, at: number): number {
  const year = financialYear(financialYearOf(at));
  const row = db
    .select({ sum: sql<number>`coalesce(sum(${payoutLines.tdsPaise}), 0)` })
    .from(payoutLines)
    .where(
      and(
        eq(payoutLines.userId, userId),
        inArray(payoutLines.status, ['pending', 'paid']),
        gte(payoutLines.fixedAt, year.from),
        lt(payoutLines.fixedAt, year.to),
      ),
    )
    .get();
  return row?.sum ?? 0;
}

/** The TDS of a payout of `grossPaise` to the user, fixed at `at`. */
export function tdsFor(db: Queryable, tds: Config['tds'], input: { userId: number; grossPaise: number; hasPan: boolean; at: number }) {
  if (!tds.enabled) return { tdsPaise: 0, rateBp: 0 };
  return tdsRule(tds, {
    creditedInYearPaise: creditedInYear(db, input.userId, input.at),
    withheldInYearPaise: withheldInYear(db, input.userId, input.at),
    grossPaise: input.grossPaise,
    hasPan: input.hasPan,
  });
}
