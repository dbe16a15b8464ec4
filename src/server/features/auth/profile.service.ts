import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { prepared, type Db } from '../../db/client.js';
import { enrollments, users } from '../../db/schema.js';
import { removeImageFiles, saveImage } from '../../lib/images.js';
import type { LimitRule, RateLimits } from '../../lib/rate-limit.js';
import { readCache } from '../../lib/read-cache.js';
import { findActiveUser } from './accounts.service.js';
import { profileImageUrl } from './auth.views.js';

export const PROFILE_IMAGE_WIDTH = 256;

export function profilesDir(config: Config): string {
  return path.join(config.dataDir, 'uploads', 'profiles');
}

/** Pictures per account: a person changes theirs a few times at most; each costs real work. */
export const profileImageLimit: LimitRule = { points: 10, durationSeconds: 60 * 60 };

/**
 * Stores a new picture (checked and re-encoded), then removes the old one. Answers its URL. Each
 * upload counts against the account's limit before the picture is looked at.
 */
export async function setProfileImage(deps: { db: Db; config: Config; rateLimits: RateLimits }, userId: number, image: Buffer): Promise<string> {
  await deps.rateLimits.get('profile-image:account', profileImageLimit).hit(String(userId));
  const dir = profilesDir(deps.config);
  const saved = await saveImage(image, dir, [PROFILE_IMAGE_WIDTH]);
  const file = saved.files[0]!;
  const previous = findActiveUser(deps.db, userId)?.profileImage ?? null;
  deps.db.update(users).set({ profileImage: file }).where(eq(users.id, userId)).run();
  // The leaderboard shows pictures.
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
