import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/client.js';
import { ledger, payoutDetails, payoutLines, tdsDeductions, type TdsDeductionRow } from '../../db/schema.js';
import { financialYear, financialYearOf } from '../../../shared/financial-year.js';
import { formatRupees } from '../../../shared/money.js';
import { istWallClock } from '../../../shared/ist.js';
import { tdsLawAt, tdsLawOfYear } from '../../../shared/tds-law.js';
import { bookTds } from '../affiliate/ledger.service.js';

/**
 * TDS on commission (Income-tax Act, 1961 section 194H, 206AA without a PAN, until FY 2025-26;
 * Income-tax Act, 2025 section 393(1) Table Sl. No. 1(ii), 397(2)(b) without a PAN, from 1 April
 * 2026: shared/tds-law.ts), booked when commission is credited, as both ask ("at the time of credit or payment, whichever is earlier"): once the
 * commission credited in a financial year (1 April 00:00 IST to 31 March) exceeds the threshold,
 * the year's TDS is the rate times everything credited that year. The credit that takes the year
 * over withholds it on the whole year so far, and each later credit withholds what that adds;
 * each is a `tds` ledger line of its own, dated with the credit, so the payout pays what is left.
 * A reversal in the same year gives back what the year then no longer owes.
 */

/** The year's TDS on `creditedPaise` at `rateBp` (hundredths of a percent): nothing up to the threshold. Whole paise, half up. */
export function yearsTds(tds: Pick<Config['tds'], 'thresholdPaise'>, creditedPaise: number, rateBp: number): number {
  return creditedPaise > tds.thresholdPaise ? Math.round((creditedPaise * rateBp) / 10_000) : 0;
}

/** The rate for an affiliate: with a PAN on file the commission rate, without one the higher no-PAN rate. */
export function rateFor(tds: Config['tds'], hasPan: boolean): number {
  return hasPan ? tds.rateBp : tds.noPanRateBp;
}

const commissionOf = alias(ledger, 'commission_of');

/**
 * Commission credited to the user in the financial year starting in `fyStart`, net of the
 * reversals of that year's own commissions (a reversal in a later year changes a year whose
 * return is filed: it counts in neither). The legacy import's opening balance (a correction
 * with no order) was credited before the move, so it belongs to no TDS year here.
 */
export function creditedInYear(db: Queryable, userId: number, fyStart: number): number {
  const year = financialYear(fyStart);
  const inYear = (column: SQLiteColumn) => and(gte(column, year.from), lt(column, year.to));
  const row = db
    .select({ sum: sql<number>`coalesce(sum(${ledger.amountPaise}), 0)` })
    .from(ledger)
    .leftJoin(commissionOf, and(eq(commissionOf.orderId, ledger.orderId), eq(commissionOf.kind, 'commission')))
    .where(
      and(
        eq(ledger.userId, userId),
        inYear(ledger.createdAt),
        or(eq(ledger.kind, 'commission'), and(eq(ledger.kind, 'correction'), inYear(commissionOf.createdAt))),
      ),
    )
    .get();
  return row?.sum ?? 0;
}

/** TDS booked at credit in the year (withheld less given back). */
function withheldAtCredit(db: Queryable, userId: number, fyStart: number): number {
  return db
    .select({ sum: sql<number>`coalesce(sum(${tdsDeductions.tdsPaise}), 0)` })
    .from(tdsDeductions)
    .where(and(eq(tdsDeductions.userId, userId), eq(tdsDeductions.fyStart, fyStart)))
    .get()!.sum;
}

/** TDS that payouts fixed in the year withheld: how it was done before TDS was booked at credit. */
function withheldAtPayout(db: Queryable, userId: number, fyStart: number): number {
  const year = financialYear(fyStart);
  return db
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
    .get()!.sum;
}

function insertDeduction(
  tx: Queryable,
  values: { userId: number; orderId: number; fyStart: number; basePaise: number; rateBp: number; tdsPaise: number; at: number; note: string },
): TdsDeductionRow {
  const details = tx
    .select({ pan: payoutDetails.pan, panName: payoutDetails.panName })
    .from(payoutDetails)
    .where(eq(payoutDetails.userId, values.userId))
    .get();
  const line = bookTds(tx, { userId: values.userId, amountPaise: values.tdsPaise, orderId: values.orderId, note: values.note, now: values.at });
  return tx
    .insert(tdsDeductions)
    .values({
      userId: values.userId,
      ledgerId: line.id,
      orderId: values.orderId,
      fyStart: values.fyStart,
      basePaise: values.basePaise,
      rateBp: values.rateBp,
      tdsPaise: values.tdsPaise,
      pan: details?.pan ?? null,
      panName: details?.panName ?? null,
      creditedAt: values.at,
    })
    .returning()
    .get();
}

/**
 * What a credit's TDS came to: the deduction booked, or why none was (TDS is off, the year's
 * commission is within the threshold, or the year already withheld as much), with the year's
 * commission credited so far.
 */
export type CreditTds =
  | { withheld: TdsDeductionRow; why: null; creditedInYearPaise: number }
  | { withheld: null; why: 'off' | 'within_threshold' | 'already_withheld'; creditedInYearPaise: number };

/**
 * Withholds TDS on a commission just credited (call it in the commission's transaction): what
 * the year's TDS has become, less what the year already withheld (at credit, or by payouts fixed
 * before TDS was booked at credit). Nothing when TDS is off, while the year is within the
 * threshold, or when the year already withheld as much (a PAN given after the higher rate: the
 * year's TDS is never given back for that).
 */
export function withholdOnCredit(
  tx: Queryable,
  tds: Config['tds'],
  commission: { userId: number; orderId: number; amountPaise: number; at: number },
): CreditTds {
  if (!tds.enabled) return { withheld: null, why: 'off', creditedInYearPaise: 0 };
  const fyStart = financialYearOf(commission.at);
  const credited = creditedInYear(tx, commission.userId, fyStart);
  const hasPan = !!tx.select({ pan: payoutDetails.pan }).from(payoutDetails).where(eq(payoutDetails.userId, commission.userId)).get()?.pan;
  const rateBp = rateFor(tds, hasPan);
  const withheld = withheldAtCredit(tx, commission.userId, fyStart) + withheldAtPayout(tx, commission.userId, fyStart);
  const due = yearsTds(tds, credited, rateBp) - withheld;
  if (due <= 0) return { withheld: null, why: credited > tds.thresholdPaise ? 'already_withheld' : 'within_threshold', creditedInYearPaise: credited };
  // The credit that takes the year over the threshold withholds on the whole year so far.
  const basePaise = withheld === 0 ? credited : commission.amountPaise;
  const row = insertDeduction(tx, {
    userId: commission.userId,
    orderId: commission.orderId,
    fyStart,
    basePaise,
    rateBp,
    tdsPaise: due,
    at: commission.at,
    note: `TDS ${rateBp / 100}% under section ${tdsLawOfYear(fyStart).section} on ${formatRupees(basePaise)}`,
  });
  return { withheld: row, why: null, creditedInYearPaise: credited };
}

/**
 * Gives TDS back when a commission credited in the same financial year is reversed (call it in
 * the reversal's transaction, after its correction line): what the year withheld at credit beyond
 * the year's TDS on what stays credited, at the highest rate the year withheld at (so a PAN given
 * later gives nothing back). Below the threshold again, all of it. Nothing for a commission of an
 * earlier year, nor from what payouts withheld before TDS was booked at credit.
 */
export function giveBackOnReversal(
  tx: Queryable,
  tds: Config['tds'],
  reversal: { userId: number; orderId: number; commissionPaise: number; commissionAt: number; at: number },
): TdsDeductionRow | null {
  const fyStart = financialYearOf(reversal.at);
  if (financialYearOf(reversal.commissionAt) !== fyStart) return null;
  const atCredit = withheldAtCredit(tx, reversal.userId, fyStart);
  if (atCredit <= 0) return null;
  const yearsRate = tx
    .select({ rateBp: sql<number>`max(${tdsDeductions.rateBp})` })
    .from(tdsDeductions)
    .where(and(eq(tdsDeductions.userId, reversal.userId), eq(tdsDeductions.fyStart, fyStart), sql`${tdsDeductions.tdsPaise} > 0`))
    .get()?.rateBp;
  const rateBp = yearsRate ?? tds.rateBp;
  const withheld = atCredit + withheldAtPayout(tx, reversal.userId, fyStart);
  const back = Math.min(atCredit, withheld - yearsTds(tds, creditedInYear(tx, reversal.userId, fyStart), rateBp));
  if (back <= 0) return null;
  return insertDeduction(tx, {
    userId: reversal.userId,
    orderId: reversal.orderId,
    fyStart,
    basePaise: -reversal.commissionPaise,
    rateBp,
    tdsPaise: -back,
    at: reversal.at,
    note: `TDS given back: the commission of ${formatRupees(reversal.commissionPaise)} was reversed`,
  });
}

/** All TDS the user has had withheld: at credit (less what was given back), and by payouts before that. */
export function tdsOfUser(db: Queryable, userId: number): number {
  const atCredit = db
    .select({ sum: sql<number>`coalesce(sum(${ledger.amountPaise}), 0)` })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, 'tds')))
    .get()!.sum;
  const atPayout = db
    .select({ sum: sql<number>`coalesce(sum(${payoutLines.tdsPaise}), 0)` })
    .from(ledger)
    .innerJoin(payoutLines, eq(payoutLines.id, ledger.payoutLineId))
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, 'payout')))
    .get()!.sum;
  return atCredit + atPayout;
}

export type TdsOnPayout = { tdsPaise: number; sections: string[] };

/**
 * The TDS withheld at credit on the credits a payout line pays. Credits are paid first in, first
 * out: each order's commission (with its corrections, less its TDS) is one credit, and a payout
 * pays the credits whose running total it completes (a credit partly paid counts with the payout
 * that completes it). So the figures are the register's own rows, to the paisa, and every
 * credit's TDS is named by exactly one payout. Also the sections it was withheld under.
 */
export function tdsOnCreditsPaidBy(db: Queryable, line: { id: number; userId: number; grossPaise: number; fixedAt: number }): TdsOnPayout {
  const paidBefore = db
    .select({ sum: sql<number>`coalesce(sum(${payoutLines.grossPaise}), 0)` })
    .from(payoutLines)
    .where(
      and(
        eq(payoutLines.userId, line.userId),
        inArray(payoutLines.status, ['pending', 'paid']),
        or(lt(payoutLines.fixedAt, line.fixedAt), and(eq(payoutLines.fixedAt, line.fixedAt), lt(payoutLines.id, line.id))),
      ),
    )
    .get()!.sum;
  const credits = db
    .select({
      net: sql<number>`sum(case when ${ledger.kind} = 'tds' then -${ledger.amountPaise} else ${ledger.amountPaise} end)`,
      tds: sql<number>`sum(case when ${ledger.kind} = 'tds' then ${ledger.amountPaise} else 0 end)`,
      tdsAt: sql<number | null>`max(case when ${ledger.kind} = 'tds' then ${ledger.createdAt} end)`,
    })
    .from(ledger)
    .where(and(eq(ledger.userId, line.userId), inArray(ledger.kind, ['commission', 'correction', 'tds'])))
    .groupBy(sql`coalesce(${ledger.orderId}, -${ledger.id})`)
    .orderBy(sql`min(${ledger.createdAt})`, sql`min(${ledger.id})`)
    .all();
  let running = 0;
  let tdsPaise = 0;
  const sections = new Set<string>();
  for (const credit of credits) {
    running += credit.net;
    if (running <= paidBefore) continue;
    if (running > paidBefore + line.grossPaise) break;
    tdsPaise += credit.tds;
    if (credit.tds !== 0 && credit.tdsAt !== null) sections.add(tdsLawAt(credit.tdsAt).section);
  }
  return { tdsPaise, sections: [...sections] };
}

/**
 * The date by which TDS deducted at `at` must be paid to the government (Income-tax Rules, rule
 * 30(1)(b)(ii) and its proviso): the 7th of the next month, or 30 April for what is deducted in
 * March. An IST calendar date, "2026-04-30".
 */
export function tdsDepositDueDate(at: number): string {
  const ist = istWallClock(at);
  const year = ist.getUTCFullYear();
  const month = ist.getUTCMonth() + 1;
  if (month === 3) return `${year}-04-30`;
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${next.year}-${String(next.month).padStart(2, '0')}-07`;
}
