/**
 * Login guessing limits with OWASP's device cookies
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies).
 *
 * A browser that has logged in to an account gets a random `device` cookie, remembered per account
 * (as a hash) in `login_devices`. Its failed logins count against that browser alone; every other
 * try (an unknown browser, a stolen password list, a script) counts against the account's pool for
 * unknown browsers. When someone hammers an account from elsewhere, that pool locks, but the owner's
 * known browsers keep logging in: the per-account limit stops guessing without stopping the owner.
 * A password reset forgets every known browser of the account, then knows the one that reset it
 * (it has just proved it reads the account's email), which is the owner's way in from a new one.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { loginDevices } from '../../db/schema.js';
import type { LimitRule, RateLimits } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { DAY_MS } from '../../../shared/ist.js';

export const DEVICE_COOKIE = 'device';
/** How long a browser stays known without logging in to the account again. */
export const DEVICE_DAYS = 365;
/** Known browsers per account; the one unused longest is forgotten first. */
export const MAX_DEVICES_PER_ACCOUNT = 20;

/** Loose per IP (many phones share one carrier address), tight per account. */
export const loginLimits: {
  perIp: LimitRule;
  failuresPerAccount: LimitRule;
  failuresPerKnownDevice: LimitRule;
} = {
  perIp: { points: 100, durationSeconds: 15 * 60 },
  /** Tries from browsers the account has never logged in from, together. */
  failuresPerAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Tries from one browser that has logged in to the account before. */
  failuresPerKnownDevice: { points: 10, durationSeconds: 15 * 60 },
};

type Deps = { db: Db; now: () => number; rateLimits: RateLimits };

export type LoginAttempt = {
  /** The right password: gives back the tries and answers the device cookie to set (new or refreshed). */
  succeeded(userId: number): Promise<string>;
};

function isKnownDevice(db: Queryable, userId: number, deviceHash: string, now: number): boolean {
  const row = db
    .select({ lastLoginAt: loginDevices.lastLoginAt })
    .from(loginDevices)
    .where(and(eq(loginDevices.userId, userId), eq(loginDevices.deviceHash, deviceHash)))
    .get();
  return row !== undefined && row.lastLoginAt > now - DEVICE_DAYS * DAY_MS;
}

/** Remembers the browser for the account (or refreshes it), keeping at most MAX_DEVICES_PER_ACCOUNT. */
export function rememberDevice(db: Db, userId: number, device: string | null, now: number): string {
  const token = device && isWellFormed(device) ? device : newToken(16);
  const deviceHash = hashToken(token);
  db.transaction((tx) => {
    tx.insert(loginDevices)
      .values({ userId, deviceHash, lastLoginAt: now })
      .onConflictDoUpdate({ target: [loginDevices.userId, loginDevices.deviceHash], set: { lastLoginAt: now } })
      .run();
    const kept = tx
      .select({ id: loginDevices.id })
      .from(loginDevices)
      .where(eq(loginDevices.userId, userId))
      .orderBy(asc(loginDevices.lastLoginAt), asc(loginDevices.id))
      .all();
    for (const { id } of kept.slice(0, Math.max(0, kept.length - MAX_DEVICES_PER_ACCOUNT))) {
      tx.delete(loginDevices).where(eq(loginDevices.id, id)).run();
    }
  });
  return token;
}

/** Forgets every browser of the account (a password reset: whoever knew the old password is out). */
export function forgetDevices(db: Queryable, userId: number): void {
  db.delete(loginDevices).where(eq(loginDevices.userId, userId)).run();
}

/** Drops browsers unused for DEVICE_DAYS (the scheduled purge). */
export function purgeOldDevices(db: Queryable, now: number): number {
  return db
    .delete(loginDevices)
    .where(lt(loginDevices.lastLoginAt, now - DEVICE_DAYS * DAY_MS))
    .run().changes;
}

/** Our tokens are base64url; anything else in the cookie is ignored (and replaced at the next login). */
const isWellFormed = (device: string) => /^[A-Za-z0-9_-]{16,64}$/.test(device);

/**
 * Counts one login try before the password is checked, so that guesses sent at the same moment
 * (a tRPC batch, parallel requests) each use up a try; throws 429 past a limit. `userId` is the
 * account the email names, when there is one.
 */
export async function startLoginAttempt(deps: Deps, input: { email: string; ip: string; userId: number | null; device: string | null }): Promise<LoginAttempt> {
  await deps.rateLimits.get('login:ip', loginLimits.perIp).hit(input.ip);
  const email = input.email.toLowerCase();
  const deviceHash = input.device && isWellFormed(input.device) ? hashToken(input.device) : null;
  const known = input.userId !== null && deviceHash !== null && isKnownDevice(deps.db, input.userId, deviceHash, deps.now());
  const [limiter, key] = known
    ? [deps.rateLimits.get('login:device', loginLimits.failuresPerKnownDevice), `${input.userId}:${deviceHash}`]
    : [deps.rateLimits.get('login:account', loginLimits.failuresPerAccount), email];
  await limiter.hit(key);
  return {
    async succeeded(userId) {
      await limiter.reset(key);
      return rememberDevice(deps.db, userId, input.device, deps.now());
    },
  };
}
