/**
 * Children (Digital Personal Data Protection Act 2023, s. 9): a person under 18 gets an account
 * that waits for a parent's verifiable consent. The parent is emailed a random 6-digit code (kept
 * only as a hash), valid PARENT_CODE_TTL_MS, with MAX_PARENT_CODE_TRIES tries per code and
 * MAX_PARENT_TRIES_TOTAL at every code together; typing it on the child's screen is the consent.
 * Until then the account may do only what the consent flow needs (age-gate.ts).
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { parentalConsents, users, type UserRow } from '../../db/schema.js';
import type { AgeStatus } from '../../../shared/domain.js';
import { hashCode, verifyCode } from '../../lib/password.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { newNumericCode } from '../../lib/tokens.js';
import { authErrors, resendTooSoon, wrongCode } from '../auth/auth.errors.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { parentConsentEmail } from './privacy.emails.js';
import { privacyErrors } from './privacy.errors.js';
import type { Notifier } from '../../lib/notification-channel.js';
import { emailOf, eventKeyOf } from '../notifications/outbox.service.js';

type Deps = { db: Db; config: Config; notifier: Notifier; now: () => number; rateLimits: RateLimits };

/** A day: the parent may not read their email at once. */
export const PARENT_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_PARENT_CODE_TRIES = 5;
/** Tries at every code of one account together: a new code gives back its own tries, never these. */
export const MAX_PARENT_TRIES_TOTAL = 10;
export const PARENT_RESEND_GAP_MS = 60 * 1000;

export const parentConsentLimits = {
  /** Codes emailed to parents for one account in a day (the first included). */
  codesPerAccountPerDay: { points: 5, durationSeconds: 24 * 60 * 60 },
  /** Code checks for one account, besides the tries kept in the database. */
  checksPerAccount: { points: 20, durationSeconds: 15 * 60 },
};

export type AgeStanding = {
  status: AgeStatus | null;
  /** Where the code went, masked (a minor waiting or consented). */
  parentEmail: string | null;
};

export function ageStanding(db: Db, user: Pick<UserRow, 'id' | 'ageStatus'>): AgeStanding {
  if (user.ageStatus !== 'minor_waiting' && user.ageStatus !== 'minor_consented') return { status: user.ageStatus, parentEmail: null };
  const row = db.select({ parentEmail: parentalConsents.parentEmail }).from(parentalConsents).where(eq(parentalConsents.userId, user.id)).get();
  return { status: user.ageStatus, parentEmail: row ? maskEmail(row.parentEmail) : null };
}

/** The parent's address as the child's screen shows it: its first letter and its domain. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

function activeUser(db: Db, userId: number): UserRow {
  const user = findActiveUser(db, userId);
  if (!user) throw privacyErrors.NO_PARENT_CONSENT_WAITING();
  return user;
}

/**
 * A new code for the parent: replaces any earlier one (giving back its tries, not the account's),
 * at most once a minute and five times a day, and emails it. A changed parent email (a typo) is
 * taken with it.
 */
export async function sendParentCode(deps: Deps, userId: number, parentEmail?: string): Promise<void> {
  const child = activeUser(deps.db, userId);
  if (child.ageStatus !== 'minor_waiting') throw privacyErrors.NO_PARENT_CONSENT_WAITING();
  const existing = deps.db.select().from(parentalConsents).where(eq(parentalConsents.userId, userId)).get();
  const to = (parentEmail ?? existing?.parentEmail)?.toLowerCase();
  if (!to) throw privacyErrors.NO_PARENT_CONSENT_WAITING();
  if (to === child.email.toLowerCase()) throw authErrors.PARENT_EMAIL_OWN();
  if (existing && existing.triesTotal >= MAX_PARENT_TRIES_TOTAL) throw privacyErrors.PARENT_CODE_LOCKED();
  const now = deps.now();
  if (existing) {
    const wait = existing.codeSentAt + PARENT_RESEND_GAP_MS - now;
    if (wait > 0) throw resendTooSoon(Math.ceil(wait / 1000));
  }
  await deps.rateLimits.get('parent-code:day', parentConsentLimits.codesPerAccountPerDay).hit(String(userId));
  const code = newNumericCode(6);
  const codeHash = await hashCode(code);
  const fresh = { parentEmail: to, codeHash, codeExpiresAt: now + PARENT_CODE_TTL_MS, codeSentAt: now, codeTries: 0 };
  const hours = PARENT_CODE_TTL_MS / (60 * 60 * 1000);
  deps.db.transaction((tx) => {
    tx.insert(parentalConsents)
      .values({ userId, ...fresh, createdAt: now })
      .onConflictDoUpdate({ target: parentalConsents.userId, set: fresh })
      .run();
    // The parent has no account: the row is for the address, and tied to the child (erased with them).
    deps.notifier.enqueue(tx, {
      eventKey: eventKeyOf(`parent-code:${userId}`),
      to: { userId, email: to },
      lang: child.lang,
      email: emailOf(parentConsentEmail, { siteName: deps.config.siteName, childName: child.name, childEmail: child.email, code, hours }),
    });
  });
}

/**
 * The code typed on the child's screen: the parent's consent. Each try is counted before the code
 * is checked (in a conditional update), so parallel guesses cannot pass the limits.
 */
export async function consentAsParent(deps: Deps, userId: number, code: string): Promise<void> {
  await deps.rateLimits.get('parent-code:check', parentConsentLimits.checksPerAccount).hit(String(userId));
  const row = deps.db
    .select()
    .from(parentalConsents)
    .where(and(eq(parentalConsents.userId, userId), isNull(parentalConsents.consentedAt)))
    .get();
  if (!row || activeUser(deps.db, userId).ageStatus !== 'minor_waiting') throw privacyErrors.NO_PARENT_CONSENT_WAITING();
  if (row.triesTotal >= MAX_PARENT_TRIES_TOTAL) throw privacyErrors.PARENT_CODE_LOCKED();
  if (row.codeTries >= MAX_PARENT_CODE_TRIES) throw authErrors.CODE_LOCKED();
  if (deps.now() > row.codeExpiresAt) throw authErrors.CODE_EXPIRED();
  const reserved = deps.db
    .update(parentalConsents)
    .set({ codeTries: sql`${parentalConsents.codeTries} + 1`, triesTotal: sql`${parentalConsents.triesTotal} + 1` })
    .where(
      and(
        eq(parentalConsents.userId, userId),
        eq(parentalConsents.codeHash, row.codeHash),
        lt(parentalConsents.codeTries, MAX_PARENT_CODE_TRIES),
        lt(parentalConsents.triesTotal, MAX_PARENT_TRIES_TOTAL),
      ),
    )
    .returning({ tries: parentalConsents.codeTries, total: parentalConsents.triesTotal })
    .get();
  if (!reserved) throw authErrors.CODE_LOCKED();
  if (!(await verifyCode(row.codeHash, code))) {
    if (reserved.total >= MAX_PARENT_TRIES_TOTAL) throw privacyErrors.PARENT_CODE_LOCKED();
    const triesLeft = Math.min(MAX_PARENT_CODE_TRIES - reserved.tries, MAX_PARENT_TRIES_TOTAL - reserved.total);
    throw triesLeft > 0 ? wrongCode(triesLeft) : authErrors.CODE_LOCKED();
  }
  deps.db.transaction((tx) => {
    const now = deps.now();
    tx.update(parentalConsents).set({ consentedAt: now }).where(eq(parentalConsents.userId, userId)).run();
    tx.update(users).set({ ageStatus: 'minor_consented' }).where(eq(users.id, userId)).run();
  });
}

/**
 * The answer to "are you 18 or older?" for an account that was never asked (made by the legacy
 * client, imported, or from before the question): an adult goes on; a minor waits for a parent.
 */
export async function answerAge(deps: Deps, userId: number, input: { adult: boolean; parentEmail?: string | undefined }): Promise<void> {
  const user = activeUser(deps.db, userId);
  if (user.ageStatus !== null) throw privacyErrors.AGE_ANSWERED();
  if (!input.adult && input.parentEmail?.toLowerCase() === user.email.toLowerCase()) throw authErrors.PARENT_EMAIL_OWN();
  const answered = deps.db
    .update(users)
    .set({ ageStatus: input.adult ? 'adult' : 'minor_waiting' })
    .where(and(eq(users.id, userId), isNull(users.ageStatus)))
    .run();
  if (answered.changes === 0) throw privacyErrors.AGE_ANSWERED();
  if (!input.adult && input.parentEmail) await sendParentCode(deps, userId, input.parentEmail);
}
