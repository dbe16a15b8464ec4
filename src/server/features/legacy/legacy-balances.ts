import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { formatRupees, rupeesToPaise } from '../../../shared/money.js';
import { findActiveUserByEmail } from '../auth/accounts.service.js';
import { bookOpeningLine } from '../affiliate/ledger.service.js';
import type { Accounts } from './legacy-accounts.js';
import { bookedFor, remember } from './legacy-ids.js';
import type { ImportRun } from './legacy-run.js';

/** Opening balances: legacy lifetime earnings, then what paid.csv says was already paid. */
export function importOpeningBalances(run: ImportRun, { legacyOf }: Accounts): void {
  const { tx, data, now, problems, counts } = run;
  const day = new Date(now).toISOString().slice(0, 10);
  for (const [accountId, group] of legacyOf) {
    for (const user of group) {
      const totalPaise = rupeesToPaise(user.earnings?.total ?? 0);
      const booked = bookedFor(tx, 'earning', user._id);
      const where = `users.json ${user._id} (${user.email.trim()})`;
      if (totalPaise < booked) {
        problems.add('error', where, `legacy earnings went down to ${formatRupees(totalPaise)} from the ${formatRupees(booked)} imported before: not changed`);
      } else if (totalPaise > booked) {
        const line = bookOpeningLine(tx, {
          userId: accountId,
          kind: 'earning',
          amountPaise: totalPaise - booked,
          note: `Earnings in the legacy app, imported ${day}`,
          now,
        });
        remember(tx, 'earning', `${user._id}:${totalPaise}`, line.id, now);
        counts.openingEarnings += 1;
        counts.openingEarningsPaise += totalPaise - booked;
      }
    }
  }
  for (const row of data.paid) {
    const where = `${data.paidLabel} line ${row.line} (${row.email})`;
    const account = findActiveUserByEmail(tx, row.email);
    if (!account) {
      problems.add('error', where, 'matches no account: not booked');
      continue;
    }
    const booked = bookedFor(tx, 'payout', row.email);
    if (row.paidPaise < booked) {
      problems.add('error', where, `paid ${formatRupees(row.paidPaise)} is less than the ${formatRupees(booked)} imported before: not changed`);
      continue;
    }
    if (row.paidPaise === booked) continue;
    const current = tx.select({ earned: users.earnedPaise, paid: users.paidPaise }).from(users).where(eq(users.id, account.id)).get()!;
    const add = row.paidPaise - booked;
    if (current.paid + add > current.earned) {
      problems.add(
        'error',
        where,
        `paid ${formatRupees(row.paidPaise)} is more than the ${formatRupees(current.earned)} earned: not booked, correct paid.csv and run the import again`,
      );
      continue;
    }
    const line = bookOpeningLine(tx, {
      userId: account.id,
      kind: 'payout',
      amountPaise: add,
      note: `Paid before the move to this app (paid.csv), imported ${day}`,
      now,
    });
    remember(tx, 'payout', `${row.email}:${row.paidPaise}`, line.id, now);
    counts.openingPayouts += 1;
    counts.openingPayoutsPaise += add;
  }
}
