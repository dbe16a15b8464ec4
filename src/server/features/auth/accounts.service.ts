import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import type { Language } from '../../../shared/domain.js';
import { verifyAgainstNothing, verifyPassword } from '../../lib/password.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { authErrors } from './auth.errors.js';
import { createSession } from './sessions.service.js';

type Deps = { db: Db; now: () => number; rateLimits: RateLimits };

const loginPerIp = { points: 30, durationSeconds: 15 * 60 };
const loginFailuresPerAccount = { points: 10, durationSeconds: 15 * 60 };

export function findActiveUserByEmail(db: Db, email: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
    .get();
}

export function findActiveUser(db: Db, id: number): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .get();
}

/**
 * Checks the password and starts a session. Attempts are limited per IP, failures per account;
 * an unknown email costs the same time as a wrong password and gets the same answer.
 */
export async function login(
  deps: Deps,
  input: { email: string; password: string; ip: string; lang: Language },
): Promise<{ token: string; expiresAt: number; user: UserRow }> {
  const ipLimit = deps.rateLimits.get('login:ip', loginPerIp);
  const accountLimit = deps.rateLimits.get('login:account', loginFailuresPerAccount);
  await ipLimit.hit(input.ip);
  await accountLimit.check(input.email);

  const user = findActiveUserByEmail(deps.db, input.email);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  if (!user || !valid) {
    await accountLimit.hit(input.email);
    throw authErrors.INVALID_CREDENTIALS();
  }

  await accountLimit.reset(input.email);
  if (user.lang !== input.lang) deps.db.update(users).set({ lang: input.lang }).where(eq(users.id, user.id)).run();
  const session = createSession(deps.db, user.id, deps.now());
  return { ...session, user: { ...user, lang: input.lang } };
}
