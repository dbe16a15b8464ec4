import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { prepared, type Db, type Queryable } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import type { AgeStatus, Language, Role } from '../../../shared/domain.js';
import { hashPassword, isLegacyHash, verifyAgainstNothing, verifyPassword } from '../../lib/password.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { authErrors } from './auth.errors.js';
import type { Config } from '../../config.js';
import { startSessionWithinDeviceLimit } from './devices.service.js';
import { startLoginAttempt } from './login-limiter.js';
import type { DeviceInfo } from '../../lib/request-info.js';

type Deps = { db: Db; now: () => number; rateLimits: RateLimits };
type LoginDeps = Deps & { config: Pick<Config, 'maxDevicesPerLearner'> };

export { loginLimits } from './login-limiter.js';

export function findActiveUserByEmail(db: Queryable, email: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
    .get();
}

export function findActiveUser(db: Queryable, id: number): UserRow | undefined {
  const query = prepared(db, 'users.activeById', () =>
    db
      .select()
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
      .prepare(),
  );
  return query.get({ id });
}

export function findActiveUserByReferralCode(db: Queryable, code: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.referralCode, code.trim().toUpperCase()), isNull(users.deletedAt)))
    .get();
}

/** 8 characters without look-alikes (no 0/O, 1/I/L): easy to read out over the phone. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function referralCodeTaken(db: Queryable, code: string): boolean {
  return db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).get() !== undefined;
}

export type NewAccount = {
  name: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  role?: Role;
  sponsorId?: number | null;
  lang: Language;
  /** Whether the person chose `lang` (the language they signed up in) rather than it being a default. */
  langChosen?: boolean;
  /** The answer to the age question; left out: not asked (the app asks at the next visit). */
  ageStatus?: AgeStatus | null;
};

/** Creates the user with their own referral code. The caller has checked the email is free. */
export function insertUser(db: Queryable, account: NewAccount, now: number): UserRow {
  let referralCode = newReferralCode();
  while (referralCodeTaken(db, referralCode)) referralCode = newReferralCode();
  return db
    .insert(users)
    .values({
      name: account.name,
      email: account.email.toLowerCase(),
      phone: account.phone,
      passwordHash: account.passwordHash,
      role: account.role ?? 'user',
      sponsorId: account.sponsorId ?? null,
      referralCode,
      lang: account.lang,
      langChosenAt: account.langChosen ? now : null,
      ageStatus: account.ageStatus ?? null,
      createdAt: now,
    })
    .returning()
    .get();
}

/**
 * Whether `sponsorId` may sponsor `userId`: never themselves, and never someone below them in
 * the sponsorship chain (that would form a loop).
 */
export function canSponsor(db: Queryable, sponsorId: number, userId: number): boolean {
  if (sponsorId === userId) return false;
  const loop = db.get<{ found: number } | undefined>(sql`
    with recursive chain(id, depth) as (
      select ${sponsorId}, 0
      union all
      select u.sponsor_id, chain.depth + 1 from users u join chain on u.id = chain.id
      where u.sponsor_id is not null and chain.depth < 1000
    )
    select 1 as found from chain where id = ${userId} limit 1
  `);
  return loop === undefined;
}

/**
 * Sets a user's sponsor if they have none yet (a sponsor is set once and never changes, unless
 * that sponsor was deleted: then the place is free again). Answers `set`, `taken` when the user
 * keeps the sponsor they have, or `loop` when `sponsorId` may not sponsor them (canSponsor, asked
 * once here, so a caller need not ask it again).
 */
export function assignSponsorOnce(db: Queryable, userId: number, sponsorId: number): 'set' | 'taken' | 'loop' {
  if (!canSponsor(db, sponsorId, userId)) return 'loop';
  const result = db
    .update(users)
    .set({ sponsorId })
    .where(and(eq(users.id, userId), sql`(${users.sponsorId} is null or ${users.sponsorId} in (select id from users where deleted_at is not null))`))
    .run();
  return result.changes === 1 ? 'set' : 'taken';
}

/**
 * Checks the password and starts a session. Attempts are limited per IP, failures per account
 * and per known browser (login-limiter.ts); an unknown email costs the same time as a wrong
 * password and gets the same answer. Answers the device cookie to set as well.
 */
export async function login(
  deps: LoginDeps,
  input: { email: string; password: string; ip: string; device: DeviceInfo; deviceCookie?: string | null; replaceDevice?: number; lang?: Language },
): Promise<{ token: string; expiresAt: number; user: UserRow; deviceCookie: string }> {
  const user = findActiveUserByEmail(deps.db, input.email);
  const attempt = await startLoginAttempt(deps, { email: input.email, ip: input.ip, userId: user?.id ?? null, device: input.deviceCookie ?? null });

  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  if (!user || !valid) throw authErrors.INVALID_CREDENTIALS();
  if (isLegacyHash(user.passwordHash)) await rehashLegacyPassword(deps.db, user, input.password);

  // The password was right: the tries are given back even when the device limit refuses below.
  const deviceCookie = await attempt.succeeded(user.id);
  const session = startSessionWithinDeviceLimit(deps, user, input.device, input.replaceDevice);
  // A language the person chose stays theirs, whatever this browser reads in (the app switches to
  // it); one nobody chose becomes the language this browser reads in, which their messages follow.
  if (user.langChosenAt === null && input.lang && input.lang !== user.lang) {
    deps.db.update(users).set({ lang: input.lang }).where(eq(users.id, user.id)).run();
    return { ...session, user: { ...user, lang: input.lang }, deviceCookie };
  }
  return { ...session, user, deviceCookie };
}

/**
 * An account imported from the legacy app logs in with its bcrypt hash once: the password just
 * checked is hashed with argon2id and the bcrypt hash is gone (unless the password changed meanwhile).
 */
async function rehashLegacyPassword(db: Db, user: UserRow, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  db.update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .run();
}

/** The language a user chose to read the app in; their emails and WhatsApp messages follow it, and a log-in on another browser switches to it. */
export function setLanguage(db: Queryable, userId: number, lang: Language, now: number): void {
  db.update(users).set({ lang, langChosenAt: now }).where(eq(users.id, userId)).run();
}

/**
 * Creates an admin, or promotes an existing account (the admin CLI and the setup page).
 * A promoted account keeps its password unless a new one is given.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: { email: string; name: string; password?: string; phone?: string | null; superadmin: boolean },
  now: number,
): Promise<{ user: UserRow; created: boolean }> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return saveAdmin(db, { ...input, passwordHash }, now);
}

/**
 * createOrPromoteAdmin once the password is hashed: synchronous, so that it can run inside a
 * transaction with what must happen with it (the first admin's session, setup.service.ts).
 */
export function saveAdmin(
  db: Queryable,
  input: { email: string; name: string; passwordHash: string | null; phone?: string | null; superadmin: boolean },
  now: number,
): { user: UserRow; created: boolean } {
  const role: Role = input.superadmin ? 'superadmin' : 'admin';
  const existing = findActiveUserByEmail(db, input.email);
  if (existing) {
    const keepRole = existing.role === 'superadmin' ? 'superadmin' : role;
    const passwordHash = input.passwordHash ?? existing.passwordHash;
    const user = db.update(users).set({ role: keepRole, passwordHash }).where(eq(users.id, existing.id)).returning().get();
    return { user, created: false };
  }
  if (!input.passwordHash) throw new Error('A password is needed to create a new admin.');
  const user = insertUser(db, { name: input.name, email: input.email, phone: input.phone ?? null, passwordHash: input.passwordHash, role, lang: 'en' }, now);
  return { user, created: true };
}

export function hasAnyAdmin(db: Queryable): boolean {
  return (
    db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${users.role} in ('admin', 'superadmin')`, isNull(users.deletedAt)))
      .limit(1)
      .get() !== undefined
  );
}
