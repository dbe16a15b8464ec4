import type { OrderStatus } from '../../../shared/domain.js';
import type { MatchNote } from './statement-matching.js';

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

export type CreditView = {
  rowNumber: number;
  txnDate: string;
  amountPaise: number;
  utr: string | null;
  reference: string | null;
  description: string;
  /** False when an earlier import already had this line. */
  isNew: boolean;
  note: MatchNote;
  order: MatchedOrderView | null;
  /** What this import's bulk approval did with the line's order. */
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
