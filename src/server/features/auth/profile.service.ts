import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { prepared, type Db } from '../../db/client.js';
import { enrollments, users } from '../../db/schema.js';
import { removeImageFiles, saveImage } from '../../lib/images.js';
import { readCache } from '../../lib/read-cache.js';
import { istDayStart } from '../../../shared/ist.js';
import { earningsOf } from '../affiliate/earnings.service.js';
import { findActiveUser } from './accounts.service.js';
import { profileImageUrl, toMeView, toProfileView, type MeView, type ProfileView } from './auth.views.js';

export const PROFILE_IMAGE_WIDTH = 256;

export function profilesDir(config: Config): string {
  return path.join(config.dataDir, 'uploads', 'profiles');
}

/** Stores a new picture (checked and re-encoded), then removes the old one. Answers its URL. */
export async function setProfileImage(deps: { db: Db; config: Config }, userId: number, image: Buffer): Promise<string> {
  const dir = profilesDir(deps.config);
  const saved = await saveImage(image, dir, [PROFILE_IMAGE_WIDTH]);
  const file = saved.files[0]!;
  const previous = findActiveUser(deps.db, userId)?.profileImage ?? null;
  deps.db.update(users).set({ profileImage: file }).where(eq(users.id, userId)).run();
  // Their profile shows the picture, and so does the leaderboard.
  readCache(deps.db).forgetUser(userId);
  readCache(deps.db).invalidate('earnings');
  if (previous) await removeImageFiles(dir, [previous]);
  return profileImageUrl(file)!;
}

/** Ids of the packages a user owns, oldest purchase first. */
export function purchasedPackageIds(db: Db, userId: number): number[] {
  const query = prepared(db, 'enrollments.packageIdsOfUser', () =>
    db
      .select({ packageId: enrollments.packageId })
      .from(enrollments)
      .where(eq(enrollments.userId, sql.placeholder('userId')))
      .orderBy(enrollments.createdAt)
      .prepare(),
  );
  return query.all({ userId }).map((row) => row.packageId);
}

/**
 * The signed-in user as the app sees themselves, kept in memory until they change (a service
 * that changes a user forgets them in the read cache). Null for a user who is gone.
 */
export function meOf(db: Db, userId: number): MeView | null {
  return readCache(db).getOwned(`me:${userId}`, [], () => {
    const user = findActiveUser(db, userId);
    return user ? { value: toMeView(user), userId } : null;
  });
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
