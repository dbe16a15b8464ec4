import type { LedgerRow } from '../../db/schema.js';
import { findActiveUserByEmail } from '../auth/accounts.service.js';
import { recordDirectPayout, type Deps } from './payouts.service.js';
import { accountErrors } from '../../lib/account.errors.js';

/**
 * Records a payout to the user with this email (the legacy "send earnings email"): a paid payout
 * line with TDS by the payouts rule and its ledger line, in one transaction; its `payout-paid`
 * event tells the user gross, TDS and net in their language. The amount is checked against what is owed (minus what is
 * on its way in a batch) inside that transaction, so two payouts at once cannot pay more than was earned.
 */
export function payEarnings(deps: Deps, adminId: number, input: { email: string; amountPaise: number }): LedgerRow {
  const target = findActiveUserByEmail(deps.db, input.email);
  if (!target) throw accountErrors.NO_USER_WITH_EMAIL();
  return recordDirectPayout(deps, adminId, { userId: target.id, amountPaise: input.amountPaise }).ledgerRow;
}
