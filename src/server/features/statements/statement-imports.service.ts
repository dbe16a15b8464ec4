/**
 * Import bookkeeping: an uploaded statement becomes an import (who, when, what it held), its
 * credit lines are stored once each, and the result is worked out against the orders as they are
 * now. Nothing about orders changes until the admin approves the exact matches.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import {
  orders,
  packages,
  statementCredits,
  statementImportLines,
  statementImports,
  statementMappings,
  users,
  type StatementImportRow,
} from '../../db/schema.js';
import type { Language } from '../../../shared/domain.js';
import { describeError, isServerFault } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { decideOrder } from '../orders/orders.service.js';
import { readCredits } from './statement-credits.js';
import { readStatementFile, type Grid } from './statement-file.js';
import { findHeaderRow, headerKey, layoutName, recogniseLayout, type Columns } from './statement-layouts.js';
import { matchCredits, type Match } from './statement-matching.js';
import { cellText, parseStatementDate } from './statement-values.js';
import { statementErrors } from './statements.errors.js';
import type {
  ApprovalResult,
  ApprovalSummary,
  CreditView,
  MatchedOrderView,
  StatementImportView,
  StatementResultView,
  UploadOutcome,
} from './statements.views.js';

type Deps = { db: Db; config: Config; mailer: Mailer; now: () => number; log: FastifyBaseLogger };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pending orders older than this many days with no credit are listed, unless the admin picks otherwise. */
export const DEFAULT_STALE_DAYS = 3;

export type MappingInput = { headerKey: string; date: number; description: number; reference: number | null; credit: number };
export type UploadInput = { file: Buffer; fileName: string; staleDays: number; mapping?: MappingInput | undefined };

// ---- Remembered column choices ----

function mappedColumns(db: Queryable, key: string): Columns | undefined {
  const row = db.select().from(statementMappings).where(eq(statementMappings.headerKey, key)).get();
  return row && { date: row.dateColumn, description: row.descriptionColumn, reference: row.referenceColumn, credit: row.creditColumn };
}

/** Checks the admin's column choice against the file itself, then remembers it for that header. */
function rememberMapping(deps: Deps, adminId: number, sheets: Grid[], mapping: MappingInput): void {
  const found = findHeaderRow(sheets, mapping.headerKey);
  if (!found) throw statementErrors.MAPPING_STALE();
  const chosen = [mapping.date, mapping.description, mapping.credit, ...(mapping.reference === null ? [] : [mapping.reference])];
  if (new Set(chosen).size !== chosen.length || chosen.some((column) => column >= found.width)) throw statementErrors.MAPPING_INVALID();
  const grid = sheets[found.sheet]!;
  if (!grid.slice(found.headerRow + 1).some((row) => parseStatementDate(row[mapping.date]) !== null)) {
    throw statementErrors.MAPPING_NO_DATES();
  }
  const header = grid[found.headerRow]!;
  const headers = JSON.stringify(Array.from({ length: found.width }, (_, index) => cellText(header[index])));
  const now = deps.now();
  const columns = {
    dateColumn: mapping.date,
    descriptionColumn: mapping.description,
    referenceColumn: mapping.reference,
    creditColumn: mapping.credit,
  };
  deps.db
    .insert(statementMappings)
    .values({ headerKey: headerKey(header), headers, ...columns, createdBy: adminId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: statementMappings.headerKey, set: { headers, ...columns, updatedAt: now } })
    .run();
}

// ---- Upload ----

/**
 * Reads the file, recognises its layout (or uses the columns the admin just chose), and records
 * the import with its credit lines. A layout the app does not know asks for a column choice
 * instead, and nothing is recorded.
 */
export async function uploadStatement(deps: Deps, adminId: number, input: UploadInput): Promise<UploadOutcome> {
  const file = await readStatementFile(input.file);
  if (input.mapping) rememberMapping(deps, adminId, file.sheets, input.mapping);
  const found = recogniseLayout(file.sheets, (key) => mappedColumns(deps.db, key));
  if (found.kind === 'none') throw statementErrors.NOT_A_STATEMENT();
  if (found.kind === 'unknown') {
    return { kind: 'needs_mapping', headerKey: found.headerKey, headers: found.headers, sample: found.sample };
  }
  const read = readCredits(file.sheets[found.sheet]!, found.headerRow, found.columns);
  const fileHash = createHash('sha256').update(input.file).digest('hex');
  const now = deps.now();

  const imported = deps.db.transaction((tx) => {
    const earlier = tx
      .select({ id: statementImports.id })
      .from(statementImports)
      .where(eq(statementImports.fileHash, fileHash))
      .orderBy(asc(statementImports.id))
      .get();
    const row = tx
      .insert(statementImports)
      .values({
        uploadedBy: adminId,
        createdAt: now,
        fileName: input.fileName,
        fileHash,
        fileKind: file.kind,
        layout: found.layout,
        periodFrom: read.periodFrom,
        periodTo: read.periodTo,
        rowsRead: read.rowsRead,
        creditLines: read.credits.length,
        newCreditLines: 0,
        exactCount: 0,
        mismatchCount: 0,
        noOrderCount: 0,
        settledCount: 0,
        staleDays: input.staleDays,
        staleCount: 0,
        repeatOf: earlier?.id ?? null,
      })
      .returning()
      .get();

    let newLines = 0;
    for (const credit of read.credits) {
      const inserted = tx
        .insert(statementCredits)
        .values({
          fingerprint: credit.fingerprint,
          firstImportId: row.id,
          txnDate: credit.txnDate,
          amountPaise: credit.amountPaise,
          utr: credit.utr,
          reference: credit.reference,
          description: credit.description,
          createdAt: now,
        })
        .onConflictDoNothing({ target: statementCredits.fingerprint })
        .returning({ id: statementCredits.id })
        .get();
      const creditId =
        inserted?.id ??
        tx.select({ id: statementCredits.id }).from(statementCredits).where(eq(statementCredits.fingerprint, credit.fingerprint)).get()!.id;
      if (inserted) newLines += 1;
      tx.insert(statementImportLines).values({ importId: row.id, creditId, rowNumber: credit.rowNumber, isNew: inserted !== undefined }).run();
    }

    // What the statement said when it was uploaded, kept with the import.
    const result = workOutResult(tx, row, input.staleDays, now);
    return tx
      .update(statementImports)
      .set({
        newCreditLines: newLines,
        exactCount: result.exact.length,
        mismatchCount: result.mismatches.length,
        noOrderCount: result.noOrder.length,
        settledCount: result.settled.length,
        staleCount: result.stale.length,
      })
      .where(eq(statementImports.id, row.id))
      .returning()
      .get();
  });

  deps.log.info(
    { importId: imported.id, adminId, layout: imported.layout, credits: imported.creditLines, newCredits: imported.newCreditLines },
    'bank statement imported',
  );
  return {
    kind: 'imported',
    importId: String(imported.id),
    repeatOf: imported.repeatOf === null ? null : String(imported.repeatOf),
    creditLines: imported.creditLines,
    newCreditLines: imported.newCreditLines,
  };
}

// ---- Result ----

type OrderFound = MatchedOrderView & { orderId: number; status: 'pending' | 'approved' | 'rejected' };
type Line = {
  creditId: number;
  rowNumber: number;
  isNew: boolean;
  txnDate: string;
  amountPaise: number;
  utr: string | null;
  reference: string | null;
  description: string;
  result: 'approved' | 'failed' | null;
  resultMessage: string | null;
  decidedAt: number | null;
};

function selectOrders(db: Queryable) {
  return db
    .select({
      orderId: orders.id,
      utr: orders.utr,
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

function toOrderFound(row: Awaited<ReturnType<ReturnType<typeof selectOrders>['all']>>[number]): OrderFound {
  return {
    orderId: row.orderId,
    id: String(row.orderId),
    utr: row.utr,
    amountPaise: row.amountPaise,
    status: row.status,
    createdAt: row.createdAt,
    buyer: { name: row.buyerName, email: row.buyerEmail },
    packageName: row.packageName,
  };
}

/** The pending or approved order of each UTR (at most one each: a unique index). */
function liveOrdersByUtr(db: Queryable, utrs: string[]): Map<string, OrderFound> {
  const found = new Map<string, OrderFound>();
  const unique = [...new Set(utrs)];
  for (let start = 0; start < unique.length; start += 500) {
    const rows = selectOrders(db)
      .where(and(inArray(orders.utr, unique.slice(start, start + 500)), inArray(orders.status, ['pending', 'approved'])))
      .all();
    for (const row of rows) found.set(row.utr, toOrderFound(row));
  }
  return found;
}

/** Start of a YYYY-MM-DD day in India, in epoch ms. */
const istDayStartOf = (date: string) => Date.parse(`${date}T00:00:00+05:30`);

/**
 * Pending orders placed during the statement's period, more than `staleDays` ago, whose UTR no
 * imported statement shows as a credit. A statement only speaks for its own period.
 */
function staleOrders(db: Queryable, row: StatementImportRow, staleDays: number, now: number): OrderFound[] {
  if (!row.periodFrom || !row.periodTo) return [];
  const cutoff = Math.min(now - staleDays * DAY_MS, istDayStartOf(row.periodTo) + DAY_MS);
  return selectOrders(db)
    .where(
      and(
        eq(orders.status, 'pending'),
        gte(orders.createdAt, istDayStartOf(row.periodFrom)),
        lt(orders.createdAt, cutoff),
        notExists(db.select({ one: sql`1` }).from(statementCredits).where(eq(statementCredits.utr, orders.utr))),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .all()
    .map(toOrderFound);
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
      resultMessage: statementImportLines.resultMessage,
      decidedAt: statementImportLines.decidedAt,
    })
    .from(statementImportLines)
    .innerJoin(statementCredits, eq(statementCredits.id, statementImportLines.creditId))
    .where(eq(statementImportLines.importId, importId))
    .orderBy(asc(statementImportLines.rowNumber))
    .all();
}

type WorkedOut = {
  exact: Match<Line, OrderFound>[];
  mismatches: Match<Line, OrderFound>[];
  noOrder: Match<Line, OrderFound>[];
  settled: Match<Line, OrderFound>[];
  stale: OrderFound[];
};

function workOutResult(db: Queryable, row: StatementImportRow, staleDays: number, now: number): WorkedOut {
  const lines = importLines(db, row.id);
  const matches = matchCredits(lines, liveOrdersByUtr(db, lines.flatMap((line) => (line.utr ? [line.utr] : []))));
  return {
    exact: matches.filter((match) => match.kind === 'exact'),
    mismatches: matches.filter((match) => match.kind === 'mismatch'),
    noOrder: matches.filter((match) => match.kind === 'no_order'),
    settled: matches.filter((match) => match.kind === 'settled'),
    stale: staleOrders(db, row, staleDays, now),
  };
}

function orderView(order: OrderFound): MatchedOrderView {
  const { orderId: _orderId, ...view } = order;
  return view;
}

function creditView(match: Match<Line, OrderFound>): CreditView {
  const { line } = match;
  return {
    rowNumber: line.rowNumber,
    txnDate: line.txnDate,
    amountPaise: line.amountPaise,
    utr: line.utr,
    reference: line.reference,
    description: line.description,
    isNew: line.isNew,
    note: match.note,
    order: match.order && orderView(match.order),
    result: line.result && { status: line.result, message: line.resultMessage, at: line.decidedAt },
  };
}

const uploader = alias(users, 'uploader');
const approver = alias(users, 'approver');

function selectImports(db: Queryable) {
  return db
    .select({ row: statementImports, uploaderName: uploader.name, approverName: approver.name })
    .from(statementImports)
    .innerJoin(uploader, eq(uploader.id, statementImports.uploadedBy))
    .leftJoin(approver, eq(approver.id, statementImports.lastApprovedBy));
}

function importView({ row, uploaderName, approverName }: { row: StatementImportRow; uploaderName: string; approverName: string | null }): StatementImportView {
  return {
    id: String(row.id),
    createdAt: row.createdAt,
    uploadedBy: { id: String(row.uploadedBy), name: uploaderName },
    fileName: row.fileName,
    fileKind: row.fileKind,
    layout: row.layout,
    layoutName: layoutName(row.layout),
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    rowsRead: row.rowsRead,
    creditLines: row.creditLines,
    newCreditLines: row.newCreditLines,
    exactCount: row.exactCount,
    mismatchCount: row.mismatchCount,
    noOrderCount: row.noOrderCount,
    settledCount: row.settledCount,
    staleDays: row.staleDays,
    staleCount: row.staleCount,
    approvedCount: row.approvedCount,
    failedCount: row.failedCount,
    lastApprovedAt: row.lastApprovedAt,
    lastApprovedBy: row.lastApprovedBy === null ? null : { id: String(row.lastApprovedBy), name: approverName ?? '' },
    repeatOf: row.repeatOf === null ? null : String(row.repeatOf),
  };
}

function findImport(db: Queryable, importId: number) {
  const found = selectImports(db).where(eq(statementImports.id, importId)).get();
  if (!found) throw statementErrors.IMPORT_NOT_FOUND();
  return found;
}

/** The import's credits matched against the orders as they are now. */
export function statementResult(db: Queryable, importId: number, staleDays: number, now: number): StatementResultView {
  const found = findImport(db, importId);
  const result = workOutResult(db, found.row, staleDays, now);
  return {
    import: importView(found),
    staleDays,
    exact: result.exact.map(creditView),
    mismatches: result.mismatches.map(creditView),
    noOrder: result.noOrder.map(creditView),
    settled: result.settled.map(creditView),
    stale: result.stale.map(orderView),
  };
}

/** Recent imports, newest first: who uploaded what, and what it did. */
export function recentImports(db: Queryable, limit = 30): StatementImportView[] {
  return selectImports(db).orderBy(desc(statementImports.createdAt), desc(statementImports.id)).limit(limit).all().map(importView);
}

// ---- Bulk approval ----

/**
 * Approves the orders the admin saw as exact matches, each through the same transaction as a
 * manual approval (package, commission, email). An order that is no longer an exact match of
 * this statement is not approved; a failure of one never stops the others. What happened to
 * each is kept on the import's lines and counted on the import.
 */
export function approveExactMatches(deps: Deps, adminId: number, input: { importId: number; orderIds: number[]; lang: Language }): ApprovalSummary {
  const found = findImport(deps.db, input.importId);
  const exact = new Map(workOutResult(deps.db, found.row, found.row.staleDays, deps.now()).exact.map((match) => [match.order!.orderId, match]));
  const results: ApprovalResult[] = [];
  for (const orderId of [...new Set(input.orderIds)]) {
    const match = exact.get(orderId);
    if (!match) {
      const order = selectOrders(deps.db).where(eq(orders.id, orderId)).get();
      results.push({
        orderId: String(orderId),
        utr: order?.utr ?? '',
        buyerName: order?.buyerName ?? null,
        amountPaise: order?.amountPaise ?? null,
        ok: false,
        message: describeError(statementErrors.NOT_EXACT_MATCH(), input.lang).message,
      });
      continue;
    }
    const order = match.order!;
    let outcome: { ok: boolean; code: string | null; message: string | null };
    try {
      decideOrder(deps, adminId, { orderId, action: 'approve' });
      outcome = { ok: true, code: null, message: null };
    } catch (error) {
      if (isServerFault(error)) deps.log.error({ err: error, orderId, importId: input.importId }, 'bulk approval of an order failed');
      const described = describeError(error, input.lang);
      outcome = { ok: false, code: described.code, message: described.message };
    }
    deps.db
      .update(statementImportLines)
      .set({
        result: outcome.ok ? 'approved' : 'failed',
        orderId,
        resultCode: outcome.code,
        resultMessage: outcome.message,
        decidedAt: deps.now(),
      })
      .where(and(eq(statementImportLines.importId, input.importId), eq(statementImportLines.creditId, match.line.creditId)))
      .run();
    results.push({
      orderId: String(orderId),
      utr: order.utr,
      buyerName: order.buyer.name,
      amountPaise: order.amountPaise,
      ok: outcome.ok,
      message: outcome.message,
    });
  }
  const approved = results.filter((result) => result.ok).length;
  const failed = results.length - approved;
  deps.db
    .update(statementImports)
    .set({
      approvedCount: sql`${statementImports.approvedCount} + ${approved}`,
      failedCount: sql`${statementImports.failedCount} + ${failed}`,
      lastApprovedBy: adminId,
      lastApprovedAt: deps.now(),
    })
    .where(eq(statementImports.id, input.importId))
    .run();
  deps.log.info({ importId: input.importId, adminId, approved, failed }, 'statement matches approved');
  return { approved, failed, results };
}
