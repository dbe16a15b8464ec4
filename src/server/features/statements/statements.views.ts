import type { Language, OrderStatus } from '../../../shared/domain.js';
import { messageOfCode, type ErrorTexts } from '../../lib/errors.js';
import { decisionErrorTexts } from '../orders/order-decisions.service.js';
import type { CreditLine } from './statement-credits.js';
import { layoutName } from './statement-layouts.js';
import type { MatchNote } from './statement-matching.js';
import type { ImportFound, LineMatch, OrderFound } from './statement-queries.js';
import { statementErrors } from './statements.errors.js';

/** Ids as strings, money in paise, times in epoch ms, statement dates as YYYY-MM-DD. */

export type StatementImportView = {
  id: string;
  createdAt: number;
  uploadedBy: { id: string; name: string };
  fileName: string;
  fileKind: 'csv' | 'xlsx';
  /** A known bank layout's key, or 'mapped' for columns an admin chose. */
  layout: string;
  layoutName: string;
  periodFrom: string | null;
  periodTo: string | null;
  rowsRead: number;
  creditLines: number;
  newCreditLines: number;
  exactCount: number;
  mismatchCount: number;
  noOrderCount: number;
  settledCount: number;
  staleDays: number;
  staleCount: number;
  approvedCount: number;
  failedCount: number;
  lastApprovedAt: number | null;
  lastApprovedBy: { id: string; name: string } | null;
  /** The earlier import of the very same file. */
  repeatOf: string | null;
};

export type MatchedOrderView = {
  id: string;
  utr: string;
  amountPaise: number;
  status: OrderStatus;
  createdAt: number;
  buyer: { name: string; email: string };
  packageName: string;
};

/** A credit line as the admin sees it: the line as read (its fingerprint stays inside), and what it matched. */
export type CreditView = Omit<CreditLine, 'fingerprint'> & {
  /** False when an earlier import already had this line. */
  isNew: boolean;
  note: MatchNote;
  order: MatchedOrderView | null;
  /** What this import's bulk approval did with the line's order; the message in the reader's language. */
  result: { status: 'approved' | 'failed'; message: string | null; at: number | null } | null;
};

export type StatementResultView = {
  import: StatementImportView;
  staleDays: number;
  exact: CreditView[];
  mismatches: CreditView[];
  noOrder: CreditView[];
  settled: CreditView[];
  /** Pending orders older than staleDays, from the statement's period, with no credit in any statement. */
  stale: MatchedOrderView[];
};

export type UploadOutcome =
  | { kind: 'imported'; importId: string; repeatOf: string | null; newCreditLines: number; creditLines: number }
  | {
      kind: 'needs_mapping';
      headerKey: string;
      /** The header row's cells: the admin picks a column by its index. */
      headers: string[];
      /** A few rows under the header, as text, to help choose. */
      sample: string[][];
    };

export type ApprovalResult = {
  orderId: string;
  utr: string;
  buyerName: string | null;
  amountPaise: number | null;
  ok: boolean;
  /** Why it failed, in the request's language. */
  message: string | null;
};

export type ApprovalSummary = { approved: number; failed: number; results: ApprovalResult[] };

/**
 * What bulk approval may keep on a line, by code: the statement's own refusal and the approval's
 * (`decideOrder`). A line keeps the code; its message is written when the line is read, in the
 * reader's language.
 */
export const approvalOutcomeTexts: ErrorTexts = { ...decisionErrorTexts, NOT_EXACT_MATCH: statementErrors.NOT_EXACT_MATCH().text };

function approvalMessage(code: string, lang: Language): string {
  return messageOfCode(code, lang, approvalOutcomeTexts);
}

export function toMatchedOrderView(order: OrderFound): MatchedOrderView {
  return {
    id: String(order.orderId),
    utr: order.utr,
    amountPaise: order.amountPaise,
    status: order.status,
    createdAt: order.createdAt,
    buyer: { name: order.buyerName, email: order.buyerEmail },
    packageName: order.packageName,
  };
}

export function toCreditView(match: LineMatch, lang: Language): CreditView {
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
    order: match.order && toMatchedOrderView(match.order),
    result: line.result && {
      status: line.result,
      message: line.resultCode === null ? null : approvalMessage(line.resultCode, lang),
      at: line.decidedAt,
    },
  };
}

export function toStatementImportView({ row, uploaderName, approverName }: ImportFound): StatementImportView {
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

export function toImportedView(row: { id: number; repeatOf: number | null; creditLines: number; newCreditLines: number }): UploadOutcome {
  return {
    kind: 'imported',
    importId: String(row.id),
    repeatOf: row.repeatOf === null ? null : String(row.repeatOf),
    creditLines: row.creditLines,
    newCreditLines: row.newCreditLines,
  };
}

/** One order's outcome of a bulk approval, as answered to the admin who clicked (in their language). */
export function toApprovalResult(orderId: number, order: OrderFound | undefined, ok: boolean, message: string | null): ApprovalResult {
  return {
    orderId: String(orderId),
    utr: order?.utr ?? '',
    buyerName: order?.buyerName ?? null,
    amountPaise: order?.amountPaise ?? null,
    ok,
    message,
  };
}
