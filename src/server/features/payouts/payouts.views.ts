import type { PayoutBatchRow, PayoutLineRow, payoutLines, payoutRequests } from '../../db/schema.js';
import { maskedSnapshot, maskedWhere, parseSnapshot, payoutReference, type DetailsSnapshot } from './payout-snapshots.js';

/** Ids as strings, money in paise, times in epoch ms, payout details masked. */

export type RequestView = { id: string; status: string; amountPaise: number; createdAt: number; closedAt: number | null; where: string };

export function toRequestView(row: typeof payoutRequests.$inferSelect): RequestView {
  const details = parseSnapshot(row.details)!;
  return {
    id: String(row.id),
    status: row.status,
    amountPaise: row.amountPaise,
    createdAt: row.createdAt,
    closedAt: row.closedAt,
    where: maskedWhere(details),
  };
}

export type PayoutLineView = {
  id: string;
  reference: string;
  status: 'pending' | 'paid' | 'failed';
  grossPaise: number;
  tdsPaise: number;
  netPaise: number;
  utr: string | null;
  failReason: string | null;
  fixedAt: number;
  decidedAt: number | null;
  where: string | null;
};

export function toPayoutLineView(row: typeof payoutLines.$inferSelect): PayoutLineView {
  const details = parseSnapshot(row.details);
  return {
    id: String(row.id),
    reference: payoutReference(row.id),
    status: row.status,
    grossPaise: row.grossPaise,
    tdsPaise: row.tdsPaise,
    netPaise: row.netPaise,
    utr: row.utr,
    failReason: row.failReason,
    fixedAt: row.fixedAt,
    decidedAt: row.decidedAt,
    where: details ? maskedWhere(details) : null,
  };
}

export type OwedRow = {
  userId: string;
  name: string;
  email: string;
  deleted: boolean;
  /** Owed minus what is on its way in a batch: what a new batch line would start from. */
  availablePaise: number;
  request: { id: string; createdAt: number; amountPaise: number } | null;
  /** Full details for the admin who pays; null when the affiliate gave none. */
  details: DetailsSnapshot | null;
  /** True when a batch line can be made now (details given and not held, not deleted, nothing on its way). */
  payable: boolean;
  /** Until when payouts wait because the affiliate just changed their details (PAYOUT_DETAILS_HOLD_DAYS); null when not held. */
  heldUntil: number | null;
};

export type InFlightRow = { lineId: string; batchId: string | null; userId: string; name: string; grossPaise: number };

/** One person on the admin's payouts screen. */
export function toOwedRow(
  person: {
    id: number;
    name: string;
    email: string;
    deletedAt: number | null;
    requestId: number | null;
    requestAt: number | null;
    requestAmount: number | null;
  },
  availablePaise: number,
  details: DetailsSnapshot | null,
  payable: boolean,
  heldUntil: number | null = null,
): OwedRow {
  return {
    userId: String(person.id),
    name: person.name,
    email: person.email,
    deleted: person.deletedAt !== null,
    availablePaise,
    request: person.requestId === null ? null : { id: String(person.requestId), createdAt: person.requestAt!, amountPaise: person.requestAmount! },
    details: maskedSnapshot(details),
    payable,
    heldUntil,
  };
}

export function toInFlightRow(row: { lineId: number; batchId: number | null; userId: number; name: string; grossPaise: number }): InFlightRow {
  return { ...row, lineId: String(row.lineId), batchId: row.batchId === null ? null : String(row.batchId), userId: String(row.userId) };
}

export type AdminLineView = {
  id: string;
  reference: string;
  userId: string;
  name: string;
  status: PayoutLineRow['status'];
  grossPaise: number;
  tdsPaise: number;
  netPaise: number;
  tdsRatePercent: number;
  details: DetailsSnapshot | null;
  fromRequest: boolean;
  utr: string | null;
  failReason: string | null;
  decidedAt: number | null;
};

export type BatchView = {
  id: string;
  cutoff: number;
  createdAt: number;
  exportedAt: number | null;
  createdBy: string;
  lines: AdminLineView[];
  totals: { grossPaise: number; tdsPaise: number; netPaise: number; pending: number; paid: number; failed: number };
};

export function toAdminLineView(row: PayoutLineRow & { name: string }): AdminLineView {
  return {
    id: String(row.id),
    reference: payoutReference(row.id),
    userId: String(row.userId),
    name: row.name,
    status: row.status,
    grossPaise: row.grossPaise,
    tdsPaise: row.tdsPaise,
    netPaise: row.netPaise,
    tdsRatePercent: row.tdsRateBp / 100,
    details: maskedSnapshot(parseSnapshot(row.details)),
    fromRequest: row.requestId !== null,
    utr: row.utr,
    failReason: row.failReason,
    decidedAt: row.decidedAt,
  };
}

export function toBatchView(batch: PayoutBatchRow, createdBy: string, lines: AdminLineView[], totals: BatchView['totals']): BatchView {
  return { id: String(batch.id), cutoff: batch.cutoff, createdAt: batch.createdAt, exportedAt: batch.exportedAt, createdBy, lines, totals };
}

/** Someone chosen for a batch who got no line, and why. */
export type SkippedPerson = { userId: number; name: string; why: 'no-details' | 'details-held' | 'nothing-owed' | 'on-its-way' | 'deleted' };

export type BatchResult = { batchId: string; lines: number; skipped: (Omit<SkippedPerson, 'userId'> & { userId: string })[] };

export function toBatchResult(batchId: number, lines: number, skipped: SkippedPerson[]): BatchResult {
  return { batchId: String(batchId), lines, skipped: skipped.map((person) => ({ ...person, userId: String(person.userId) })) };
}
