import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { istDayStart, istMonthStart } from '../../../shared/ist.js';
import { siteStats, type SiteStats } from '../catalog/catalog.service.js';

export type AdminStats = SiteStats & {
  pendingOrders: number;
  /** Approved orders' amounts by the IST day and month of their approval, in paise. */
  revenueTodayPaise: number;
  revenueMonthPaise: number;
  /** All commissions and corrections ever booked, and what of them is not paid out yet. */
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
  const money = db.get<{ earned: number; paid: number }>(sql`
    select coalesce(sum(earned_paise), 0) as earned, coalesce(sum(paid_paise), 0) as paid from users
  `)!;
  return {
    ...siteStats(db),
    pendingOrders: orders.pending,
    revenueTodayPaise: orders.today,
    revenueMonthPaise: orders.month,
    commissionsPaise: money.earned,
    owedPaise: money.earned - money.paid,
  };
}
