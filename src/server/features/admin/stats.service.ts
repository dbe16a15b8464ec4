import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { istDayStart, istMonthStart } from '../../../shared/ist.js';
import { siteStats, type SiteStats } from '../catalog/catalog.service.js';

export type AdminStats = SiteStats & {
  pendingOrders: number;
  /** Approved orders' amounts by the IST day and month of their approval, in paise. */
  revenueTodayPaise: number;
  revenueMonthPaise: number;
  /** All commissions and corrections ever booked, and what of them is not paid out yet to users not deleted. */
  commissionsPaise: number;
  owedPaise: number;
};

/** The admin dashboard's numbers: the catalogue's, plus orders, revenue and commissions. */
export function adminStats(db: Db, now: number): AdminStats {
  const dayStart = istDayStart(now);
  const monthStart = istMonthStart(now);
  const orders = db.get<{ pending: number; today: number; month: number }>(sql`
    select
      (select count(*) from orders where status = 'pending') as pending,
      coalesce((select sum(amount_paise) from orders where status = 'approved' and decided_at >= ${dayStart}), 0) as today,
      coalesce((select sum(amount_paise) from orders where status = 'approved' and decided_at >= ${monthStart}), 0) as month
  `)!;
  // A deleted user can never be paid, so what they were owed is not counted as owed.
  const money = db.get<{ earned: number; owed: number }>(sql`
    select coalesce(sum(earned_paise), 0) as earned,
      coalesce(sum(case when deleted_at is null then earned_paise - paid_paise else 0 end), 0) as owed
    from users
  `)!;
  return {
    ...siteStats(db),
    pendingOrders: orders.pending,
    revenueTodayPaise: orders.today,
    revenueMonthPaise: orders.month,
    commissionsPaise: money.earned,
    owedPaise: money.owed,
  };
}
