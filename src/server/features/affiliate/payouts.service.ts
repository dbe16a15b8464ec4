import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ledger, users, type LedgerRow } from '../../db/schema.js';
import { formatRupees } from '../../../shared/money.js';
import { renderEmail, type Mailer } from '../../lib/mailer.js';
import { findActiveUser, findActiveUserByEmail } from '../auth/accounts.service.js';
import { payoutEmail } from './affiliate.emails.js';
import { affiliateErrors, payoutTooLarge } from './affiliate.errors.js';
import { bookPayout } from './ledger.service.js';

type Deps = { db: Db; config: Config; mailer: Mailer; now: () => number };

/**
 * Records a payout to the user with this email and tells them by email, in their language. The
 * amount is checked against what is owed inside the same transaction as the ledger line, so two
 * payouts at once cannot pay more than was earned.
 */
export function payEarnings(deps: Deps, adminId: number, input: { email: string; amountPaise: number }): LedgerRow {
  const target = findActiveUserByEmail(deps.db, input.email);
  if (!target) throw affiliateErrors.USER_NOT_FOUND();
  const payout = deps.db.transaction((tx) => {
    const user = findActiveUser(tx, target.id)!;
    const owed = user.earnedPaise - user.paidPaise;
    if (owed <= 0) throw affiliateErrors.NOTHING_OWED();
    if (input.amountPaise > owed) throw payoutTooLarge(user.name, owed);
    return bookPayout(tx, { userId: user.id, amountPaise: input.amountPaise, createdBy: adminId, now: deps.now() });
  });
  const after = findActiveUser(deps.db, target.id)!;
  deps.mailer.sendInBackground(
    renderEmail(
      payoutEmail,
      after.lang,
      {
        siteName: deps.config.siteName,
        name: after.name,
        amount: formatRupees(payout.amountPaise),
        owed: formatRupees(after.earnedPaise - after.paidPaise),
        link: `${deps.config.publicUrl}/${after.id}/dashboard`,
      },
      after.email,
    ),
  );
  return payout;
}

export type PayoutView = { id: string; amountPaise: number; createdAt: number; paidBy: string | null };

/** A user's payouts, newest first. */
export function payoutsOf(db: Db, userId: number): PayoutView[] {
  return db
    .select({ id: ledger.id, amountPaise: ledger.amountPaise, createdAt: ledger.createdAt, paidBy: users.name })
    .from(ledger)
    .leftJoin(users, eq(users.id, ledger.createdBy))
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, 'payout')))
    .orderBy(desc(ledger.createdAt), desc(ledger.id))
    .all()
    .map((row) => ({ ...row, id: String(row.id) }));
}
