import { and, eq, inArray, sql } from 'drizzle-orm';
import { prepared, type Queryable } from '../../db/client.js';
import { ledger } from '../../db/schema.js';
import { istPeriods } from '../../../shared/ist.js';

/** Earnings in paise: commissions and corrections of each IST period. Payouts do not lower them. */
export type Earnings = { today: number; week: number; month: number; total: number };

/** Sums a user's ledger lines per IST period, from the index on (user_id, created_at). */
export function earningsOf(db: Queryable, userId: number, now: number): Earnings {
  const since = (start: string) => sql<number>`coalesce(sum(case when ${ledger.createdAt} >= ${sql.placeholder(start)} then ${ledger.amountPaise} end), 0)`;
  const query = prepared(db, 'ledger.earningsOfUser', () =>
    db
      .select({
        today: since('dayStart'),
        week: since('weekStart'),
        month: since('monthStart'),
        total: sql<number>`coalesce(sum(${ledger.amountPaise}), 0)`,
      })
      .from(ledger)
      .where(and(eq(ledger.userId, sql.placeholder('userId')), inArray(ledger.kind, ['commission', 'correction'])))
      .prepare(),
  );
  return query.get({ userId, ...istPeriods(now) }) ?? { today: 0, week: 0, month: 0, total: 0 };
}
