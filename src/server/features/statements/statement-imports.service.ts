/**
 * Import bookkeeping: an uploaded statement becomes an import (who, when, what it held), its
 * credit lines are stored once each, and the result is worked out against the orders as they are
 * now. Nothing about orders changes until the admin approves the exact matches.
 */
import { createHash } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { statementCredits, statementImportLines, statementImports, statementMappings } from '../../db/schema.js';
import type { Language } from '../../../shared/domain.js';
import type { Notifier } from '../../lib/notification-channel.js';
import { readCredits } from './statement-credits.js';
import { readStatementFile, type Grid } from './statement-file.js';
import { findHeaderRow, headerKey, recogniseLayout, type Columns } from './statement-layouts.js';
import { findImport, selectImports, workOutResult } from './statement-queries.js';
import { cellText, parseStatementDate } from './statement-values.js';
import { statementErrors } from './statements.errors.js';
import {
  toCreditView,
  toImportedView,
  toMatchedOrderView,
  toStatementImportView,
  type StatementImportView,
  type StatementResultView,
  type UploadOutcome,
} from './statements.views.js';
import type { DomainEvents } from '../../lib/domain-events.js';

type Deps = { db: Db; config: Config; notifier: Notifier; events: DomainEvents; now: () => number; log: FastifyBaseLogger };

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
        inserted?.id ?? tx.select({ id: statementCredits.id }).from(statementCredits).where(eq(statementCredits.fingerprint, credit.fingerprint)).get()!.id;
      if (inserted) newLines += 1;
      tx.insert(statementImportLines)
        .values({ importId: row.id, creditId, rowNumber: credit.rowNumber, isNew: inserted !== undefined })
        .run();
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
  return toImportedView(imported);
}

// ---- Result ----

/** The import's credits matched against the orders as they are now. */
export function statementResult(db: Queryable, input: { importId: number; staleDays: number; lang: Language }, now: number): StatementResultView {
  const found = findImport(db, input.importId);
  const result = workOutResult(db, found.row, input.staleDays, now);
  const credit = (match: (typeof result.exact)[number]) => toCreditView(match, input.lang);
  return {
    import: toStatementImportView(found),
    staleDays: input.staleDays,
    exact: result.exact.map(credit),
    mismatches: result.mismatches.map(credit),
    noOrder: result.noOrder.map(credit),
    settled: result.settled.map(credit),
    stale: result.stale.map(toMatchedOrderView),
  };
}

/** Recent imports, newest first: who uploaded what, and what it did. */
export function recentImports(db: Queryable, limit = 30): StatementImportView[] {
  return selectImports(db).orderBy(desc(statementImports.createdAt), desc(statementImports.id)).limit(limit).all().map(toStatementImportView);
}
