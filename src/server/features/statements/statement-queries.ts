/**
 * The queries matching works on: an import's credit lines, the live order of each UTR, the
 * overdue orders of a statement's period, and the imports with who uploaded and approved them.
 * Rows as stored (integer ids); statements.views.ts shapes them for the client.
 */
import { and, asc, eq, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../../db/client.js';
import { orderPayments, orders, packages, statementCredits, statementImportLines, statementImports, users, type StatementImportRow } from '../../db/schema.js';
import type { OrderStatus } from '../../../shared/domain.js';
import { DAY_MS, istDateStart } from '../../../shared/ist.js';
import { matchCredits, type Match } from './statement-matching.js';
import { statementErrors } from './statements.errors.js';

/** An order a credit line may pay for, with its buyer and package. */
export type OrderFound = {
  orderId: number;
  utr: string;
  amountPaise: number;
  status: OrderStatus;
  createdAt: number;
  buyerName: string;
  buyerEmail: string;
  packageName: string;
  /** A part before the latest of an order paid in parts (its amount is then the part's). */
  earlierPart?: boolean | undefined;
};

/** One credit line of an import, with what bulk approval did with it. */
export type Line = {
  creditId: number;
  rowNumber: number;
  isNew: boolean;
  txnDate: string;
  amountPaise: number;
  utr: string | null;
  reference: string | null;
  description: string;
  result: 'approved' | 'failed' | null;
  resultCode: string | null;
  decidedAt: number | null;
};

export type LineMatch = Match<Line, OrderFound>;

function selectOrders(db: Queryable) {
  return db
    .select({
      orderId: orders.id,
      // Orders a statement can match all have a UTR (an order waiting on the gateway has none).
      utr: sql<string>`coalesce(${orders.utr}, '')`,
      amountPaise: orders.amountPaise,
      status: orders.status,
      createdAt: orders.createdAt,
      buyerName: users.name,
      buyerEmail: users.email,
      packageName: packages.name,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(packages, eq(packages.id, orders.packageId));
}

export function findOrder(db: Queryable, orderId: number): OrderFound | undefined {
  return selectOrders(db).where(eq(orders.id, orderId)).get();
}

/** The pending or approved order of each UTR (at most one each: a unique index). */
function liveOrdersByUtr(db: Queryable, utrs: string[]): Map<string, OrderFound> {
  const found = new Map<string, OrderFound>();
  const unique = [...new Set(utrs)];
  for (let start = 0; start < unique.length; start += 500) {
    const rows = selectOrders(db)
      .where(and(inArray(orders.utr, unique.slice(start, start + 500)), inArray(orders.status, ['pending', 'approved'])))
      .all();
    for (const row of rows) found.set(row.utr, row);
    // The parts of orders paid in parts: each UTR expects its own amount.
    const parts = selectOrders(db)
      .innerJoin(orderPayments, eq(orderPayments.orderId, orders.id))
      .where(and(inArray(orderPayments.utr, unique.slice(start, start + 500)), inArray(orders.status, ['pending', 'approved', 'awaiting_difference'])))
      .all();
    const partRows = db
      .select({ id: orderPayments.id, orderId: orderPayments.orderId, utr: orderPayments.utr, amountPaise: orderPayments.amountPaise })
      .from(orderPayments)
      .where(inArray(orderPayments.orderId, [...new Set(parts.map((part) => part.orderId))]))
      .orderBy(asc(orderPayments.id))
      .all();
    for (const order of parts) {
      const ofOrder = partRows.filter((part) => part.orderId === order.orderId);
      ofOrder.forEach((part, index) => {
        if (!unique.includes(part.utr)) return;
        found.set(part.utr, { ...order, utr: part.utr, amountPaise: part.amountPaise, earlierPart: index < ofOrder.length - 1 });
      });
    }
  }
  return found;
}

/**
 * Pending orders placed during the statement's period, more than `staleDays` ago, whose UTR no
 * imported statement shows as a credit. A statement only speaks for its own period.
 */
function staleOrders(db: Queryable, row: StatementImportRow, staleDays: number, now: number): OrderFound[] {
  if (!row.periodFrom || !row.periodTo) return [];
  const cutoff = Math.min(now - staleDays * DAY_MS, istDateStart(row.periodTo) + DAY_MS);
  return selectOrders(db)
    .where(
      and(
        eq(orders.status, 'pending'),
        // An order waiting on the payment gateway is not for a bank statement to find.
        eq(orders.paymentMethod, 'utr'),
        gte(orders.createdAt, istDateStart(row.periodFrom)),
        lt(orders.createdAt, cutoff),
        notExists(db.select({ one: sql`1` }).from(statementCredits).where(eq(statementCredits.utr, orders.utr))),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .all();
}

function importLines(db: Queryable, importId: number): Line[] {
  return db
    .select({
      creditId: statementImportLines.creditId,
      rowNumber: statementImportLines.rowNumber,
      isNew: statementImportLines.isNew,
      txnDate: statementCredits.txnDate,
      amountPaise: statementCredits.amountPaise,
      utr: statementCredits.utr,
      reference: statementCredits.reference,
      description: statementCredits.description,
      result: statementImportLines.result,
      resultCode: statementImportLines.resultCode,
      decidedAt: statementImportLines.decidedAt,
    })
    .from(statementImportLines)
    .innerJoin(statementCredits, eq(statementCredits.id, statementImportLines.creditId))
    .where(eq(statementImportLines.importId, importId))
    .orderBy(asc(statementImportLines.rowNumber))
    .all();
}

type WorkedOut = {
  exact: LineMatch[];
  mismatches: LineMatch[];
  noOrder: LineMatch[];
  settled: LineMatch[];
  stale: OrderFound[];
};

/** The import's credit lines matched against the orders as they are now, and its overdue orders. */
export function workOutResult(db: Queryable, row: StatementImportRow, staleDays: number, now: number): WorkedOut {
  const lines = importLines(db, row.id);
  const matches = matchCredits(
    lines,
    liveOrdersByUtr(
      db,
      lines.flatMap((line) => (line.utr ? [line.utr] : [])),
    ),
  );
  return {
    exact: matches.filter((match) => match.kind === 'exact'),
    mismatches: matches.filter((match) => match.kind === 'mismatch'),
    noOrder: matches.filter((match) => match.kind === 'no_order'),
    settled: matches.filter((match) => match.kind === 'settled'),
    stale: staleOrders(db, row, staleDays, now),
  };
}

const uploader = alias(users, 'uploader');
const approver = alias(users, 'approver');

/** An import with the names of who uploaded it and who last approved from it. */
export type ImportFound = { row: StatementImportRow; uploaderName: string; approverName: string | null };

export function selectImports(db: Queryable) {
  return db
    .select({ row: statementImports, uploaderName: uploader.name, approverName: approver.name })
    .from(statementImports)
    .innerJoin(uploader, eq(uploader.id, statementImports.uploadedBy))
    .leftJoin(approver, eq(approver.id, statementImports.lastApprovedBy));
}

export function findImport(db: Queryable, importId: number): ImportFound {
  const found = selectImports(db).where(eq(statementImports.id, importId)).get();
  if (!found) throw statementErrors.IMPORT_NOT_FOUND();
  return found;
}
