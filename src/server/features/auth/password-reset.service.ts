import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/password.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { findActiveUser, findActiveUserByEmail } from './accounts.service.js';
import { passwordChangedEmail, passwordResetEmail } from './auth.emails.js';
import { authErrors } from './auth.errors.js';
import { forgetDevices } from './login-limiter.js';
import { revokeAllSessions } from './sessions.service.js';
import { pagePaths, pathTo } from '../../../shared/page-paths.js';
import type { Notifier } from '../../lib/notification-channel.js';
import { emailOf } from '../notifications/outbox.service.js';

type Deps = { db: Db; config: Config; notifier: Notifier; now: () => number; rateLimits: RateLimits };

export const RESET_TTL_MS = 30 * 60 * 1000;

export const resetLimits = {
  forgotPerIp: { points: 30, durationSeconds: 60 * 60 },
  forgotPerEmail: { points: 3, durationSeconds: 60 * 60 },
  resetPerIp: { points: 30, durationSeconds: 60 * 60 },
};

/**
 * Emails a single-use reset link when the email has an account. The caller answers the same
 * either way; the email is sent in the background so the answer time does not tell either.
 */
export async function requestPasswordReset(deps: Deps, input: { email: string; ip: string }): Promise<void> {
  await deps.rateLimits.get('forgot:ip', resetLimits.forgotPerIp).hit(input.ip);
  await deps.rateLimits.get('forgot:email', resetLimits.forgotPerEmail).hit(input.email);
  const user = findActiveUserByEmail(deps.db, input.email);
  if (!user) return;
  const token = newToken();
  const now = deps.now();
  const link = `${deps.config.publicUrl}${pathTo(pagePaths.resetPassword, { token })}`;
  deps.db.transaction((tx) => {
    const reset = tx
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt: now + RESET_TTL_MS })
      .returning({ id: passwordResets.id })
      .get();
    deps.notifier.enqueue(tx, {
      eventKey: `password-reset:${reset.id}`,
      to: { userId: user.id },
      lang: user.lang,
      email: emailOf(passwordResetEmail, { siteName: deps.config.siteName, name: user.name, link }),
    });
  });
}

/**
 * Sets the new password when the link is valid: unused, under 30 minutes old. Every session of
 * the user ends and every other reset link of theirs stops working.
 */
/** Answers the user whose password changed. */
export async function resetPassword(deps: Deps, input: { token: string; password: string; ip: string }): Promise<{ userId: number }> {
  await deps.rateLimits.get('reset:ip', resetLimits.resetPerIp).hit(input.ip);
  const now = deps.now();
  const reset = deps.db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .get();
  const user = reset ? findActiveUser(deps.db, reset.userId) : undefined;
  if (!reset || !user) throw authErrors.RESET_LINK_INVALID();

  const passwordHash = await hashPassword(input.password);
  deps.db.transaction((tx) => {
    const claimed = tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .run();
    if (claimed.changes !== 1) throw authErrors.RESET_LINK_INVALID();
    tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    tx.delete(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)))
      .run();
    revokeAllSessions(tx, user.id);
    forgetDevices(tx, user.id);
    deps.notifier.enqueue(tx, {
      eventKey: `password-changed:${reset.id}`,
      to: { userId: user.id },
      lang: user.lang,
      email: emailOf(passwordChangedEmail, { siteName: deps.config.siteName, name: user.name, forgotUrl: `${deps.config.publicUrl}${pagePaths.forgot}` }),
    });
  });
  return { userId: user.id };
}
