import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { removeImageFiles, saveImage } from '../../lib/images.js';
import type { LimitRule, RateLimits } from '../../lib/rate-limit.js';
import { readCache } from '../../lib/read-cache.js';
import { PROFILE_IMAGE_WIDTH, profileImagesDir } from '../../lib/uploads.js';
import { findActiveUser } from './accounts.service.js';
import { authErrors } from './auth.errors.js';
import { toMeView, type MeView } from './auth.views.js';
import { accountErrors } from '../../lib/account.errors.js';

/** Pictures per account: a person changes theirs a few times at most; each costs real work. */
export const profileImageLimit: LimitRule = { points: 10, durationSeconds: 60 * 60 };

/**
 * Stores a new picture (checked and re-encoded), then removes the old one. Answers its file name. Each
 * upload counts against the account's limit before the picture is looked at.
 */
export async function setProfileImage(deps: { db: Db; config: Config; rateLimits: RateLimits }, userId: number, image: Buffer): Promise<string> {
  await deps.rateLimits.get('profile-image:account', profileImageLimit).hit(String(userId));
  const dir = profileImagesDir(deps.config.dataDir);
  const saved = await saveImage(image, dir, [PROFILE_IMAGE_WIDTH]);
  const file = saved.files[0]!;
  const previous = findActiveUser(deps.db, userId)?.profileImage ?? null;
  deps.db.update(users).set({ profileImage: file }).where(eq(users.id, userId)).run();
  // Their profile shows the picture, and so does the leaderboard.
  if (previous) await removeImageFiles(dir, [previous]);
  return file;
}

/**
 * Changes the name and phone a user shows (My account). The email stays: it is the login and
 * where codes and receipts go. The leaderboard shows names, so its cached answers are cleared.
 */
export function updateProfile(db: Db, userId: number, input: { name: string; phone: string; shareWhatsapp?: boolean | undefined }): void {
  const result = db
    .update(users)
    .set({ name: input.name, phone: input.phone, ...(input.shareWhatsapp === undefined ? {} : { shareWhatsapp: input.shareWhatsapp }) })
    .where(eq(users.id, userId))
    .run();
  if (result.changes === 0) throw accountErrors.USER_NOT_FOUND();
}

/** Tries at the current password per account: enough for typos, too few to guess it. */
export const passwordChangeLimit: LimitRule = { points: 10, durationSeconds: 15 * 60 };

/**
 * Changes the password after checking the current one; every other session of the user ends
 * (a stolen session cannot keep going), the one asking stays.
 */
export async function changePassword(
  deps: { db: Db; rateLimits: RateLimits },
  user: { id: number; sessionId: number },
  input: { current: string; next: string },
): Promise<void> {
  await deps.rateLimits.get('password-change:account', passwordChangeLimit).hit(String(user.id));
  const row = findActiveUser(deps.db, user.id);
  if (!row) throw accountErrors.USER_NOT_FOUND();
  if (!(await verifyPassword(row.passwordHash, input.current))) throw authErrors.WRONG_PASSWORD();
  const passwordHash = await hashPassword(input.next);
  deps.db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    tx.delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)))
      .run();
  });
  // The other sessions just ended: their kept copies go too.
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
