import { and, eq, sql } from 'drizzle-orm';
import { prepared, type Db } from '../../db/client.js';
import { enrollments, packageAccessRevocations } from '../../db/schema.js';
import { readCache } from '../../lib/read-cache.js';
import { istDayStart } from '../../../shared/ist.js';
import type { AppDeps } from '../../trpc/context.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { earningsOf } from '../affiliate/ledger.service.js';
import { toProfileView, type ProfileView } from './profile.views.js';
import { accountErrors } from '../../lib/account.errors.js';

/*
 * A user's profile: who they are (features/auth), the packages they own, and what they have
 * earned (features/affiliate's ledger). It stands above both, so that identity does not depend on
 * earnings: the auth router answers it through the function the root router hands in.
 */

/** Ids of the packages a user owns (less any whose access was taken back), oldest purchase first. */
export function purchasedPackageIds(db: Db, userId: number): number[] {
  const query = prepared(db, 'enrollments.packageIdsOfUser', () =>
    db
      .select({ packageId: enrollments.packageId })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.userId, sql.placeholder('userId')),
          // A package whose access an admin took back is not the learner's while the revocation stands.
          sql`not exists (select 1 from ${packageAccessRevocations} r
            where r.user_id = ${enrollments.userId} and r.package_id = ${enrollments.packageId} and r.restored_at is null)`,
        ),
      )
      .orderBy(enrollments.createdAt)
      .prepare(),
  );
  return query.all({ userId }).map((row) => row.packageId);
}

/**
 * The user with their packages and earnings, kept in memory per IST day (today's, this week's
 * and this month's earnings start afresh at midnight IST) until the user, their packages or
 * their ledger change, or the catalogue does (a package deleted). Null for a user who is gone.
 */
export function profileOf(db: Db, userId: number, now: number): ProfileView | null {
  return readCache(db).getOwned(`profile:${userId}:${istDayStart(now)}`, ['catalog'], () => {
    const user = findActiveUser(db, userId);
    if (!user) return null;
    return { value: toProfileView(user, purchasedPackageIds(db, user.id), earningsOf(db, user.id, now)), userId };
  });
}

/** The signed-in user's profile; USER_NOT_FOUND for a user who is gone. */
export function signedInProfile(deps: Pick<AppDeps, 'db' | 'now'>, userId: number): ProfileView {
  const profile = profileOf(deps.db, userId, deps.now());
  if (!profile) throw accountErrors.USER_NOT_FOUND();
  return profile;
}
