import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../../db/client.js';
import { ledger, orders, packages, payoutLines, users } from '../../db/schema.js';
import type { Period } from '../../../shared/financial-year.js';
import { rupeesField, toCsv, type Cell } from './csv.js';
import { payoutReference } from './payout-snapshots.js';

export type StatementLine = {
  at: number;
  kind: 'commission' | 'correction' | 'payout' | 'tds';
  /** `ORDER-12` or `PAYOUT-34`. */
  reference: string;
  /** The package of the order, or the reversal's reason. */
  description: string;
  /** Earnings change: + for a commission, signed for a correction, 0 for a payout. */
  earnedPaise: number;
  /** For a payout: gross (what left owed), TDS and net sent; 0 otherwise. */
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
    .select({ owed: sql<number>`coalesce(sum(case when ${ledger.kind} = 'payout' then -${ledger.amountPaise} else ${ledger.amountPaise} end), 0)` })
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
    })
    .from(ledger)
    .leftJoin(orders, eq(orders.id, ledger.orderId))
    .leftJoin(orderPackage, eq(orderPackage.id, orders.packageId))
    .leftJoin(payoutLines, eq(payoutLines.id, ledger.payoutLineId))
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
        earnedPaise: 0,
        grossPaise: row.amountPaise,
        tdsPaise: tds,
        netPaise: row.amountPaise - tds,
        utr: row.utr ?? null,
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

/** "2026-11-21" in IST. */
export function istDate(at: number): string {
  return new Date(at + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function statementCsv(statement: Statement, name: string): { fileName: string; csv: string } {
  const rows: Cell[][] = [
    ['Statement', name, statement.period],
    ['Date', 'Type', 'Reference', 'Details', 'Earned', 'Paid out (gross)', 'TDS', 'Net paid', 'Bank reference', 'Owed after'],
    [istDate(statement.from), 'opening', '', '', '', '', '', '', '', rupeesField(statement.openingOwedPaise)],
  ];
  for (const line of statement.lines) {
    const payout = line.kind === 'payout';
    rows.push([
      istDate(line.at),
      line.kind,
      line.reference,
      line.description,
      payout ? '' : rupeesField(line.earnedPaise),
      payout ? rupeesField(line.grossPaise) : '',
      payout ? rupeesField(line.tdsPaise) : '',
      payout ? rupeesField(line.netPaise) : '',
      line.utr ?? '',
      rupeesField(line.owedAfterPaise),
    ]);
  }
  const t = statement.totals;
  rows.push([
    '',
    'total',
    '',
    '',
    rupeesField(t.earnedPaise),
    rupeesField(t.grossPaise),
    rupeesField(t.tdsPaise),
    rupeesField(t.netPaise),
    '',
    rupeesField(statement.closingOwedPaise),
  ]);
  return { fileName: `statement-${statement.period}.csv`, csv: toCsv(rows) };
}

export type TdsRegisterRow = {
  lineId: number;
  pan: string | null;
  panName: string | null;
  name: string;
  email: string;
  grossPaise: number;
  tdsPaise: number;
  netPaise: number;
  rateBp: number;
  fixedAt: number;
  paidAt: number;
  utr: string | null;
};

/** Paid payouts fixed in the quarter, with their TDS, for the operator's accountant (section 194H). */
export function tdsRegister(db: Queryable, quarter: Period): TdsRegisterRow[] {
  const payee = alias(users, 'payee');
  return db
    .select({
      lineId: payoutLines.id,
      pan: payoutLines.pan,
      panName: payoutLines.panName,
      name: payee.name,
      email: payee.email,
      grossPaise: payoutLines.grossPaise,
      tdsPaise: payoutLines.tdsPaise,
      netPaise: payoutLines.netPaise,
      rateBp: payoutLines.tdsRateBp,
      fixedAt: payoutLines.fixedAt,
      paidAt: sql<number>`coalesce(${payoutLines.decidedAt}, ${payoutLines.createdAt})`,
      utr: payoutLines.utr,
    })
    .from(payoutLines)
    .innerJoin(payee, eq(payee.id, payoutLines.userId))
    .where(and(eq(payoutLines.status, 'paid'), gte(payoutLines.fixedAt, quarter.from), lt(payoutLines.fixedAt, quarter.to)))
    .orderBy(asc(payoutLines.fixedAt), asc(payoutLines.id))
    .all();
}

export function tdsRegisterCsv(quarter: Period, rows: TdsRegisterRow[]): { fileName: string; csv: string } {
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
      'Net paid',
      'Date of credit',
      'Date of payment',
      'Bank reference',
      'Payout reference',
    ],
  ];
  for (const row of rows) {
    table.push([
      '194H',
      row.pan ?? 'PANNOTAVBL',
      row.panName ?? '',
      row.name,
      row.email,
      rupeesField(row.grossPaise),
      (row.rateBp / 100).toFixed(2),
      rupeesField(row.tdsPaise),
      rupeesField(row.netPaise),
      istDate(row.fixedAt),
      istDate(row.paidAt),
      row.utr ?? '',
      payoutReference(row.lineId),
    ]);
  }
  const total = (pick: (row: TdsRegisterRow) => number) => rupeesField(rows.reduce((sum, row) => sum + pick(row), 0));
  table.push(['', '', '', '', 'Total', total((r) => r.grossPaise), '', total((r) => r.tdsPaise), total((r) => r.netPaise), '', '', '', '']);
  return { fileName: `tds-register-${quarter.label.replace(' ', '-')}.csv`, csv: toCsv(table) };
}
