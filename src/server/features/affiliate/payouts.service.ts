import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ledger, users, type LedgerRow } from '../../db/schema.js';
import type { Mailer } from '../../lib/mailer.js';
import { findActiveUserByEmail } from '../auth/accounts.service.js';
import { recordDirectPayout } from '../payouts/payouts.service.js';
import { toPayoutView, type PayoutView } from './affiliate.views.js';
import { accountErrors } from '../../lib/account.errors.js';

type Deps = { db: Db; config: Config; mailer: Mailer; now: () => number };

/**
 * Records a payout to the user with this email (the legacy "send earnings email"): a paid payout
 * line with TDS by the payouts rule and its ledger line, in one transaction; the user is emailed
 * gross, TDS and net in their language. The amount is checked against what is owed (minus what is
 * on its way in a batch) inside that transaction, so two payouts at once cannot pay more than was earned.
 */
export function payEarnings(deps: Deps, adminId: number, input: { email: string; amountPaise: number }): LedgerRow {
  const target = findActiveUserByEmail(deps.db, input.email);
  if (!target) throw accountErrors.NO_USER_WITH_EMAIL();
  return recordDirectPayout(deps, adminId, { userId: target.id, amountPaise: input.amountPaise }).ledgerRow;
}

/** A user's payouts, newest first. */
export function payoutsOf(db: Db, userId: number): PayoutView[] {
  return db
    .select({ id: ledger.id, amountPaise: ledger.amountPaise, createdAt: ledger.createdAt, paidBy: users.name })
    .from(ledger)
    .leftJoin(users, eq(users.id, ledger.createdBy))
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, 'payout')))
    .orderBy(desc(ledger.createdAt), desc(ledger.id))
    .all()
    .map(toPayoutView);
}
