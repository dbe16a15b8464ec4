import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { enrollments, packageAccessRevocations, packages } from '../../db/schema.js';
import { highestTier, type Tier } from '../../../shared/domain.js';
import { istDayStart } from '../../../shared/ist.js';
import { readCache } from '../../lib/read-cache.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { earningsOf, payoutsOf } from './ledger.service.js';
import { toDashboardUserView, type DashboardUserView, type Earnings, type PayoutView } from './affiliate.views.js';
import { accountErrors } from '../../lib/account.errors.js';

export type Dashboard = {
  user: DashboardUserView;
  highestTier: Tier | null;
  earnings: Earnings;
  paidOutPaise: number;
  owedPaise: number;
  payouts: PayoutView[];
};

/** Tiers of the packages a user owns, less any whose access an admin took back. */
function ownedTiers(db: Db, userId: number): (Tier | null)[] {
  return db
    .select({ tier: packages.tier })
    .from(enrollments)
    .innerJoin(packages, eq(packages.id, enrollments.packageId))
    .where(
      and(
        eq(enrollments.userId, userId),
        sql`not exists (select 1 from ${packageAccessRevocations} r
          where r.user_id = ${enrollments.userId} and r.package_id = ${enrollments.packageId} and r.restored_at is null)`,
      ),
    )
    .all()
    .map((row) => row.tier);
}

/**
 * A user's earnings cards, tier and payouts, kept in memory per IST day until their ledger,
 * their account or their packages change, or the catalogue does (a package's tier).
 */
export function dashboardOf(db: Db, userId: number, now: number): Dashboard {
  const dashboard = readCache(db).getOwned(`dashboard:${userId}:${istDayStart(now)}`, ['catalog'], () => {
    const user = findActiveUser(db, userId);
    if (!user) return null;
    const value: Dashboard = {
      user: toDashboardUserView(user),
      highestTier: highestTier(ownedTiers(db, user.id)),
      earnings: earningsOf(db, user.id, now),
      paidOutPaise: user.paidPaise,
      owedPaise: user.earnedPaise - user.paidPaise,
      payouts: payoutsOf(db, user.id),
    };
    return { value, userId };
  });
  if (!dashboard) throw accountErrors.USER_NOT_FOUND();
  return dashboard;
}
