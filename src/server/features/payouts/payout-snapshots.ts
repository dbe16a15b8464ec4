import type { PayoutDetailsRow } from '../../db/schema.js';
import { unseal } from '../../lib/data-crypto.js';
import { maskPan, maskTail, maskUpiId } from '../../../shared/payout-details.js';

/** Payout details as they travel with a request or a payout line (JSON in the row). */
export type DetailsSnapshot = Omit<PayoutDetailsRow, 'userId' | 'updatedAt' | 'changedAt'>;

export function snapshotOf(row: PayoutDetailsRow): DetailsSnapshot {
  return {
    method: row.method,
    upiId: row.upiId,
    accountHolder: row.accountHolder,
    accountNumber: row.accountNumber,
    ifsc: row.ifsc,
    pan: row.pan,
    panName: row.panName,
  };
}

/** A snapshot as stored; one read by a raw query is still sealed (lib/data-crypto.ts), and is opened here. */
export function parseSnapshot(json: string | null): DetailsSnapshot | null {
  return json ? (JSON.parse(unseal(json)) as DetailsSnapshot) : null;
}

/**
 * A snapshot as admins' screens show it: UPI id, account number and PAN masked to their last 4.
 * The bank file (batches.service.ts, audited) is the one place that carries them whole.
 */
export function maskedSnapshot(details: DetailsSnapshot | null): DetailsSnapshot | null {
  if (!details) return null;
  return {
    ...details,
    upiId: details.upiId ? maskUpiId(details.upiId) : null,
    accountNumber: details.accountNumber ? maskTail(details.accountNumber) : null,
    pan: details.pan ? maskPan(details.pan) : null,
  };
}

/** Where the money goes, masked: `UPI XXXXa123@okaxis` or `Bank XXXXXX6789 (SBIN0001234)`. */
export function maskedWhere(details: DetailsSnapshot): string {
  return details.method === 'upi' ? `UPI ${maskUpiId(details.upiId ?? '')}` : `Bank ${maskTail(details.accountNumber ?? '')} (${details.ifsc})`;
}

/** The reference a payout carries in the bank file, statements and emails. */
export function payoutReference(lineId: number): string {
  return `PAYOUT-${lineId}`;
}
