import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { istPeriods } from '../../../shared/ist.js';

/** Earnings in paise: commissions and corrections of each IST period. Payouts do not lower them. */
export type Earnings = { today: number; week: number; month: number; total: number };

/** Sums a user's ledger lines per IST period, from the index on (user_id, created_at). */
export function earningsOf(db: Queryable, userId: number, now: number): Earnings {
  const { dayStart, weekStart, monthStart } = istPeriods(now);
  const row = db.get<Earnings>(sql`
    select
      coalesce(sum(case when created_at >= ${dayStart} then amount_paise end), 0) as today,
      coalesce(sum(case when created_at >= ${weekStart} then amount_paise end), 0) as week,
      coalesce(sum(case when created_at >= ${monthStart} then amount_paise end), 0) as month,
      coalesce(sum(amount_paise), 0) as total
    from ledger
    where user_id = ${userId} and kind in ('commission', 'correction')
  `);
  return row ?? { today: 0, week: 0, month: 0, total: 0 };
}
