import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../../db/client.js';
import { ledger, orders, packages, payoutLines, tdsDeductions, users } from '../../db/schema.js';
import type { Language } from '../../../shared/domain.js';
import { formatRupees, paiseAsText } from '../../../shared/money.js';
import { istDateOf } from '../../../shared/ist.js';
import { istMonthLabel, quarterOf, type Period } from '../../../shared/financial-year.js';
import { tdsDepositDueDate } from './tds.service.js';
import { tdsLawAt, tdsLawOfYear } from '../../../shared/tds-law.js';
import { spreadsheetCsv, type Cell } from '../../lib/csv.js';
import { payoutReference } from './payout-snapshots.js';

export type StatementLine = {
  at: number;
  kind: 'commission' | 'correction' | 'payout' | 'tds';
  /** `ORDER-12` or `PAYOUT-34`. */
  reference: string;
  /** The package of the order, or the reversal's reason. */
  description: string;
  /** For a TDS line: its rate and what it was on (negative: the reversed commission it gave back for). */
  /** A TDS line's rate, base, and the section it was withheld under (the law of its year: shared/tds-law.ts). */
  tds: { rateBp: number; basePaise: number; section: string } | null;
  /** Earnings change: + for a commission, signed for a correction, 0 for a payout or TDS. */
  earnedPaise: number;
  /** For a payout: gross (what left owed), TDS and net sent; for a TDS line its TDS (negative when given back); 0 otherwise. */
  grossPaise: number;
  tdsPaise: number;
  netPaise: number;
  utr: string | null;
  /** Owed after this line. */
  owedAfterPaise: number;
};

export type Statement = {
  period: string;
  from: number;
  to: number;
  openingOwedPaise: number;
  closingOwedPaise: number;
  totals: { earnedPaise: number; grossPaise: number; tdsPaise: number; netPaise: number };
  lines: StatementLine[];
};

/** Owed (earnings minus payouts) from the lines before `at`. */
function owedBefore(db: Queryable, userId: number, at: number): number {
  return db
    .select({ owed: sql<number>`coalesce(sum(case when ${ledger.kind} in ('payout', 'tds') then -${ledger.amountPaise} else ${ledger.amountPaise} end), 0)` })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), lt(ledger.createdAt, at)))
    .get()!.owed;
}

const orderPackage = alias(packages, 'order_package');

/** Every ledger line of the user in the period, oldest first, with its order or payout reference. */
export function statementOf(db: Queryable, userId: number, period: Period): Statement {
  const opening = owedBefore(db, userId, period.from);
  const rows = db
    .select({
      id: ledger.id,
      kind: ledger.kind,
      amountPaise: ledger.amountPaise,
      orderId: ledger.orderId,
      note: ledger.note,
      createdAt: ledger.createdAt,
      packageName: orderPackage.name,
      lineId: payoutLines.id,
      tdsPaise: payoutLines.tdsPaise,
      utr: payoutLines.utr,
      // Null on a line that is not a TDS deduction (the left join finds none).
      tds: { rateBp: tdsDeductions.rateBp, basePaise: tdsDeductions.basePaise, fyStart: tdsDeductions.fyStart },
    })
    .from(ledger)
    .leftJoin(orders, eq(orders.id, ledger.orderId))
    .leftJoin(orderPackage, eq(orderPackage.id, orders.packageId))
    .leftJoin(payoutLines, eq(payoutLines.id, ledger.payoutLineId))
    .leftJoin(tdsDeductions, eq(tdsDeductions.ledgerId, ledger.id))
    .where(and(eq(ledger.userId, userId), gte(ledger.createdAt, period.from), lt(ledger.createdAt, period.to)))
    .orderBy(asc(ledger.createdAt), asc(ledger.id))
    .all();
  let owed = opening;
  const totals = { earnedPaise: 0, grossPaise: 0, tdsPaise: 0, netPaise: 0 };
  const lines = rows.map((row): StatementLine => {
    if (row.kind === 'payout') {
      const tds = row.tdsPaise ?? 0;
      owed -= row.amountPaise;
      totals.grossPaise += row.amountPaise;
      totals.tdsPaise += tds;
      totals.netPaise += row.amountPaise - tds;
      return {
        at: row.createdAt,
        kind: 'payout',
        reference: row.lineId === null ? `PAYOUT-L${row.id}` : payoutReference(row.lineId),
        description: '',
        tds: null,
        earnedPaise: 0,
        grossPaise: row.amountPaise,
        tdsPaise: tds,
        netPaise: row.amountPaise - tds,
        utr: row.utr ?? null,
        owedAfterPaise: owed,
      };
    }
    if (row.kind === 'tds') {
      owed -= row.amountPaise;
      totals.tdsPaise += row.amountPaise;
      return {
        at: row.createdAt,
        kind: 'tds',
        reference: row.orderId === null ? `LINE-${row.id}` : `ORDER-${row.orderId}`,
        description: '',
        tds: row.tds ? { rateBp: row.tds.rateBp, basePaise: row.tds.basePaise, section: tdsLawOfYear(row.tds.fyStart).section } : null,
        earnedPaise: 0,
        grossPaise: 0,
        tdsPaise: row.amountPaise,
        netPaise: 0,
        utr: null,
        owedAfterPaise: owed,
      };
    }
    owed += row.amountPaise;
    totals.earnedPaise += row.amountPaise;
    return {
      at: row.createdAt,
      kind: row.kind,
      reference: row.orderId === null ? `LINE-${row.id}` : `ORDER-${row.orderId}`,
      description: row.kind === 'correction' ? (row.note ?? '') : (row.packageName ?? ''),
      tds: null,
      earnedPaise: row.amountPaise,
      grossPaise: 0,
      tdsPaise: 0,
      netPaise: 0,
      utr: null,
      owedAfterPaise: owed,
    };
  });
  return { period: period.label, from: period.from, to: period.to, openingOwedPaise: opening, closingOwedPaise: owed, totals, lines };
}

const statementWords = {
  en: {
    statement: 'Statement',
    header: ['Date', 'Type', 'Reference', 'Details', 'Earned', 'Paid out (gross)', 'TDS', 'Net paid', 'Bank reference', 'Owed after'],
    kinds: { opening: 'opening', commission: 'commission', correction: 'correction', payout: 'payout', tds: 'TDS', total: 'total' },
    tds: (rate: string, base: string, section: string) => `TDS ${rate}% (section ${section}) on ${base}`,
    tdsBack: (base: string) => `TDS given back: commission of ${base} reversed`,
  },
  mr: {
    statement: 'स्टेटमेंट',
    header: ['दिनांक', 'प्रकार', 'संदर्भ', 'तपशील', 'कमाई', 'दिलेली रक्कम (एकूण)', 'TDS', 'प्रत्यक्ष दिलेले', 'बँक संदर्भ', 'यानंतर मिळणे बाकी'],
    kinds: { opening: 'सुरुवातीची बाकी', commission: 'कमिशन', correction: 'दुरुस्ती', payout: 'पेआउट', tds: 'TDS', total: 'एकूण' },
    tds: (rate: string, base: string, section: string) => `${base} वर ${rate}% TDS (कलम ${section})`,
    tdsBack: (base: string) => `TDS परत: ${base} चे कमिशन उलट केले`,
  },
} as const;

/** What a TDS line says: its rate and what it was on, or that it was given back. */
export function tdsLineText(lang: Language, tds: { rateBp: number; basePaise: number; section: string }): string {
  const words = statementWords[lang];
  return tds.basePaise < 0 ? words.tdsBack(formatRupees(-tds.basePaise)) : words.tds(String(tds.rateBp / 100), formatRupees(tds.basePaise), tds.section);
}

/**
 * The statement as a spreadsheet file, in the affiliate's language (headers, kinds and TDS
 * details; dates and amounts as spreadsheets read them), starting with a byte-order mark.
 */
export function statementCsv(statement: Statement, name: string, lang: Language): { fileName: string; csv: string } {
  const words = statementWords[lang];
  const rows: Cell[][] = [
    [words.statement, name, statement.period],
    [...words.header],
    [istDateOf(statement.from), words.kinds.opening, '', '', '', '', '', '', '', paiseAsText(statement.openingOwedPaise)],
  ];
  for (const line of statement.lines) {
    const payout = line.kind === 'payout';
    const tds = line.kind === 'tds';
    rows.push([
      istDateOf(line.at),
      words.kinds[line.kind],
      line.reference,
      line.tds ? tdsLineText(lang, line.tds) : line.description,
      payout || tds ? '' : paiseAsText(line.earnedPaise),
      payout ? paiseAsText(line.grossPaise) : '',
      payout || tds ? paiseAsText(line.tdsPaise) : '',
      payout ? paiseAsText(line.netPaise) : '',
      line.utr ?? '',
      paiseAsText(line.owedAfterPaise),
    ]);
  }
  const t = statement.totals;
  rows.push([
    '',
    words.kinds.total,
    '',
    '',
    paiseAsText(t.earnedPaise),
    paiseAsText(t.grossPaise),
    paiseAsText(t.tdsPaise),
    paiseAsText(t.netPaise),
    '',
    paiseAsText(statement.closingOwedPaise),
  ]);
  return { fileName: `statement-${statement.period}.csv`, csv: spreadsheetCsv(rows) };
}

export type TdsRegisterRow = {
  /** The section the TDS was deducted under and the quarterly statement it goes in, by the law of its year (shared/tds-law.ts). */
  section: string;
  returnForm: string;
  /** `ORDER-12` for TDS booked at a credit (or given back at its reversal), `PAYOUT-3` for TDS a payout withheld before that. */
  reference: string;
  pan: string | null;
  panName: string | null;
  name: string;
  email: string;
  /** The amount paid or credited the TDS is on (negative for a reversal that gave TDS back). */
  creditedPaise: number;
  rateBp: number;
  /** Deducted (negative: given back). */
  tdsPaise: number;
  /** The date of credit (or of the payout that withheld it). */
  creditedAt: number;
  quarter: string;
  /** The IST date by which this month's TDS is paid to the government. */
  depositDueDate: string;
};

export type TdsDeposit = { month: string; tdsPaise: number; dueDate: string };

/**
 * Every TDS deduction of a financial quarter by its date of credit, with the section and the
 * quarterly statement of its year (194H and Form 26Q until FY 2025-26, section 393(1) and Form
 * 140 from FY 2026-27), the quarter and the deposit due date of its month, for the accountant, and
 * what is to be deposited for each month. TDS booked at credit comes from its deduction row;
 * TDS withheld by payouts fixed before TDS was booked at credit comes from their lines.
 */
export function tdsRegister(db: Queryable, quarter: Period): { rows: TdsRegisterRow[]; deposits: TdsDeposit[] } {
  const payee = alias(users, 'payee');
  const atCredit = db
    .select({ row: tdsDeductions, name: payee.name, email: payee.email })
    .from(tdsDeductions)
    .innerJoin(payee, eq(payee.id, tdsDeductions.userId))
    .where(and(gte(tdsDeductions.creditedAt, quarter.from), lt(tdsDeductions.creditedAt, quarter.to)))
    .all()
    .map(({ row, name, email }) => ({
      id: row.id,
      reference: row.orderId === null ? `TDS-${row.id}` : `ORDER-${row.orderId}`,
      pan: row.pan,
      panName: row.panName,
      name,
      email,
      creditedPaise: row.basePaise,
      rateBp: row.rateBp,
      tdsPaise: row.tdsPaise,
      creditedAt: row.creditedAt,
    }));
  const atPayout = db
    .select({ line: payoutLines, name: payee.name, email: payee.email })
    .from(payoutLines)
    .innerJoin(payee, eq(payee.id, payoutLines.userId))
    .where(and(eq(payoutLines.status, 'paid'), sql`${payoutLines.tdsPaise} > 0`, gte(payoutLines.fixedAt, quarter.from), lt(payoutLines.fixedAt, quarter.to)))
    .all()
    .map(({ line, name, email }) => ({
      id: line.id,
      reference: payoutReference(line.id),
      pan: line.pan,
      panName: line.panName,
      name,
      email,
      creditedPaise: line.grossPaise,
      rateBp: line.tdsRateBp,
      tdsPaise: line.tdsPaise,
      creditedAt: line.fixedAt,
    }));
  const rows = [...atCredit, ...atPayout]
    .sort((a, b) => a.creditedAt - b.creditedAt || a.id - b.id)
    .map(({ id: _id, ...row }): TdsRegisterRow => {
      const law = tdsLawAt(row.creditedAt);
      return {
        ...row,
        section: law.section,
        returnForm: law.returnForm,
        quarter: quarterOf(row.creditedAt).label,
        depositDueDate: tdsDepositDueDate(row.creditedAt),
      };
    });
  const deposits = new Map<string, TdsDeposit>();
  for (const row of rows) {
    const month = istMonthLabel(row.creditedAt);
    const deposit = deposits.get(month) ?? { month, tdsPaise: 0, dueDate: row.depositDueDate };
    deposit.tdsPaise += row.tdsPaise;
    deposits.set(month, deposit);
  }
  return { rows, deposits: [...deposits.values()] };
}

/** The register as a spreadsheet file: one line per deduction, the total, then what to deposit by when for each month. */
export function tdsRegisterCsv(quarter: Period, register: { rows: TdsRegisterRow[]; deposits: TdsDeposit[] }): { fileName: string; csv: string } {
  const table: Cell[][] = [
    [
      'Section',
      'PAN',
      'Name as on PAN',
      'Account name',
      'Email',
      'Amount paid or credited',
      'TDS rate %',
      'TDS deducted',
      'Date of credit',
      'Quarter',
      'Deposit due by',
      'Reference',
      'Return form',
    ],
  ];
  for (const row of register.rows) {
    table.push([
      row.section,
      row.pan ?? 'PANNOTAVBL',
      row.panName ?? '',
      row.name,
      row.email,
      paiseAsText(row.creditedPaise),
      (row.rateBp / 100).toFixed(2),
      paiseAsText(row.tdsPaise),
      istDateOf(row.creditedAt),
      row.quarter,
      row.depositDueDate,
      row.reference,
      row.returnForm,
    ]);
  }
  const total = (pick: (row: TdsRegisterRow) => number) => paiseAsText(register.rows.reduce((sum, row) => sum + pick(row), 0));
  table.push(['', '', '', '', 'Total', total((r) => r.creditedPaise), '', total((r) => r.tdsPaise), '', quarter.label, '', '']);
  table.push([]);
  table.push(['Month', 'TDS to deposit', 'Deposit due by']);
  for (const deposit of register.deposits) table.push([deposit.month, paiseAsText(deposit.tdsPaise), deposit.dueDate]);
  return { fileName: `tds-register-${quarter.label.replace(' ', '-')}.csv`, csv: spreadsheetCsv(table) };
}
