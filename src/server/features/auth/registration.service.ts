import { and, eq, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { consents, pendingRegistrations, type UserRow } from '../../db/schema.js';
import type { Language } from '../../../shared/domain.js';
import { hashCode, hashPassword, verifyCode } from '../../lib/password.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { hashToken, newNumericCode, newToken } from '../../lib/tokens.js';
import { findActiveUser, findActiveUserByEmail, findActiveUserByReferralCode, insertUser } from './accounts.service.js';
import { alreadyRegisteredEmail, verificationCodeEmail } from './auth.emails.js';
import { authErrors, resendTooSoon, wrongCode } from './auth.errors.js';
import { pagePaths } from '../../../shared/page-paths.js';
import { recordWhatsAppConsent } from '../whatsapp/whatsapp.service.js';
import type { Notifier } from '../../lib/notification-channel.js';
import { emailOf } from '../notifications/outbox.service.js';

type Deps = { db: Db; config: Config; notifier: Notifier; now: () => number; rateLimits: RateLimits };

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_TRIES = 5;
/** Tries at all the codes of one registration together; a resend gives back a code's tries, never these. */
export const MAX_REGISTRATION_TRIES = 10;
export const RESEND_GAP_MS = 60 * 1000;
/** A registration nobody verified is forgotten after a day. */
export const REGISTRATION_TTL_MS = 24 * 60 * 60 * 1000;

// Per-IP limits are loose because Indian mobile networks put many people behind one address
// (carrier-grade NAT); the per-email and per-registration limits are the tight ones.
export const registrationLimits = {
  registerPerIp: { points: 30, durationSeconds: 60 * 60 },
  registerPerEmail: { points: 5, durationSeconds: 60 * 60 },
  verifyPerIp: { points: 60, durationSeconds: 15 * 60 },
  resendPerIp: { points: 30, durationSeconds: 60 * 60 },
  resendPerRegistration: { points: 5, durationSeconds: 60 * 60 },
  /** Code emails (registrations and resends together) to one address in a day. */
  codeEmailsPerAddressPerDay: { points: 10, durationSeconds: 24 * 60 * 60 },
};

/** Counts one code email to the address; past the day's limit throws 429. */
const countCodeEmail = (deps: Deps, email: string) =>
  deps.rateLimits.get('code-email:day', registrationLimits.codeEmailsPerAddressPerDay).hit(email.toLowerCase());

type PendingRow = typeof pendingRegistrations.$inferSelect;

/**
 * The code's email as an outbox row, in the caller's transaction. Someone registering with an
 * email that has an account gets no code: its owner gets a note instead. The answer to the
 * request is the same, so registering tells nobody who has an account.
 */
function enqueueCodeEmail(tx: Queryable, deps: Deps, pending: Pick<PendingRow, 'id' | 'name' | 'email' | 'lang' | 'otpSentAt'>, code: string): void {
  const siteName = deps.config.siteName;
  const base = deps.config.publicUrl;
  const email = findActiveUserByEmail(tx, pending.email)
    ? emailOf(alreadyRegisteredEmail, { siteName, loginUrl: `${base}${pagePaths.login}`, forgotUrl: `${base}${pagePaths.forgot}` })
    : emailOf(verificationCodeEmail, { siteName, name: pending.name, code });
  deps.notifier.enqueue(tx, { eventKey: `registration-code:${pending.id}:${pending.otpSentAt}`, to: { email: pending.email }, lang: pending.lang, email });
}

/**
 * Holds a registration until its emailed 6-digit code is verified; the account does not exist
 * before that. A remembered referral code that no longer matches anyone is ignored: the buyer
 * can still name a sponsor at their first order.
 */
export async function register(
  deps: Deps,
  input: {
    name: string;
    email: string;
    /** Optional: the number for WhatsApp updates (with `whatsappOptIn`), or a contact the legacy client sends. */
    phone?: string | undefined;
    /** The person asked for updates on WhatsApp at `phone` (never assumed: the box starts empty). */
    whatsappOptIn?: boolean | undefined;
    password: string;
    referralCode?: string | undefined;
    ip: string;
    lang: Language;
    /** The privacy notice's version agreed to at sign-up; recorded as a consent when the account is made. */
    consentVersion?: string | null;
    /** "Are you 18 or older?" (undefined: the client did not ask) and, for a minor, the parent's email. */
    adult?: boolean | undefined;
    parentEmail?: string | undefined;
  },
): Promise<{ activationToken: string }> {
  await deps.rateLimits.get('register:ip', registrationLimits.registerPerIp).hit(input.ip);
  await deps.rateLimits.get('register:email', registrationLimits.registerPerEmail).hit(input.email);
  await countCodeEmail(deps, input.email);

  const now = deps.now();
  const passwordHash = await hashPassword(input.password);
  const code = newNumericCode(6);
  const otpHash = await hashCode(code);
  const sponsor = input.referralCode ? findActiveUserByReferralCode(deps.db, input.referralCode) : undefined;
  const activationToken = newToken();

  deps.db
    .delete(pendingRegistrations)
    .where(lt(pendingRegistrations.createdAt, now - REGISTRATION_TTL_MS))
    .run();
  deps.db.transaction((tx) => {
    const pending = tx
      .insert(pendingRegistrations)
      .values({
        tokenHash: hashToken(activationToken),
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        whatsappOptIn: !!input.phone && input.whatsappOptIn === true,
        passwordHash,
        sponsorId: sponsor?.id ?? null,
        lang: input.lang,
        consentVersion: input.consentVersion ?? null,
        adult: input.adult ?? null,
        parentEmail: input.adult === false ? (input.parentEmail ?? null) : null,
        otpHash,
        otpExpiresAt: now + CODE_TTL_MS,
        otpSentAt: now,
        createdAt: now,
      })
      .returning()
      .get();
    enqueueCodeEmail(tx, deps, pending, code);
  });
  // The person waits for the code: it goes out before the answer does.
  await deps.notifier.deliverDue();
  return { activationToken };
}

function findPending(deps: Deps, activationToken: string): PendingRow {
  const pending = deps.db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.tokenHash, hashToken(activationToken)))
    .get();
  if (!pending || pending.createdAt < deps.now() - REGISTRATION_TTL_MS) throw authErrors.REGISTRATION_NOT_FOUND();
  return pending;
}

/**
 * Checks the code and creates the account. Each try is counted before the code is checked, so
 * parallel guesses cannot get past the limit of MAX_CODE_TRIES. A minor's new account waits for
 * their parent: `askParentConsent` (features/privacy) emails the parent the code that gives consent.
 */
export async function verify(
  deps: Deps,
  input: { activationToken: string; otp: string; ip: string },
  askParentConsent: (userId: number, parentEmail: string) => Promise<void>,
): Promise<UserRow> {
  await deps.rateLimits.get('verify:ip', registrationLimits.verifyPerIp).hit(input.ip);
  const pending = findPending(deps, input.activationToken);
  if (pending.otpTriesTotal >= MAX_REGISTRATION_TRIES) throw authErrors.REGISTRATION_LOCKED();
  if (pending.otpAttempts >= MAX_CODE_TRIES) throw authErrors.CODE_LOCKED();
  if (deps.now() > pending.otpExpiresAt) throw authErrors.CODE_EXPIRED();

  const reserved = deps.db
    .update(pendingRegistrations)
    .set({ otpAttempts: sql`${pendingRegistrations.otpAttempts} + 1`, otpTriesTotal: sql`${pendingRegistrations.otpTriesTotal} + 1` })
    .where(
      and(
        eq(pendingRegistrations.id, pending.id),
        lt(pendingRegistrations.otpAttempts, MAX_CODE_TRIES),
        lt(pendingRegistrations.otpTriesTotal, MAX_REGISTRATION_TRIES),
      ),
    )
    .returning({ attempts: pendingRegistrations.otpAttempts, total: pendingRegistrations.otpTriesTotal })
    .get();
  if (!reserved) throw authErrors.CODE_LOCKED();

  const matches = await verifyCode(pending.otpHash, input.otp);
  if (!matches) {
    if (reserved.total >= MAX_REGISTRATION_TRIES) throw authErrors.REGISTRATION_LOCKED();
    const triesLeft = Math.min(MAX_CODE_TRIES - reserved.attempts, MAX_REGISTRATION_TRIES - reserved.total);
    throw triesLeft > 0 ? wrongCode(triesLeft) : authErrors.CODE_LOCKED();
  }

  const made = deps.db.transaction((db) => {
    if (findActiveUserByEmail(db, pending.email)) throw authErrors.EMAIL_TAKEN();
    const sponsorId = pending.sponsorId !== null && findActiveUser(db, pending.sponsorId) ? pending.sponsorId : null;
    const ageStatus = pending.adult === null ? null : pending.adult ? 'adult' : 'minor_waiting';
    // A number given for WhatsApp updates is kept for them alone (the privacy notice's word): it
    // is not the account's phone, which sponsors see; the legacy client's contact number is.
    const whatsappPhone = pending.whatsappOptIn ? pending.phone : null;
    const user = insertUser(
      db,
      {
        name: pending.name,
        email: pending.email,
        phone: whatsappPhone ? null : pending.phone,
        passwordHash: pending.passwordHash,
        sponsorId,
        lang: pending.lang,
        langChosen: true,
        ageStatus,
      },
      deps.now(),
    );
    if (pending.consentVersion)
      db.insert(consents).values({ userId: user.id, noticeVersion: pending.consentVersion, via: 'register', acceptedAt: deps.now() }).run();
    if (whatsappPhone) recordWhatsAppConsent(db, { userId: user.id, phone: whatsappPhone, via: 'register', at: deps.now() });
    db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, pending.email)).run();
    return user;
  });
  if (made.ageStatus === 'minor_waiting' && pending.parentEmail) await askParentConsent(made.id, pending.parentEmail);
  return made;
}

/**
 * A new code, at most once a minute; it replaces the old one and gives back that code's tries,
 * but never the registration's (MAX_REGISTRATION_TRIES), and counts against the address's codes
 * of the day.
 */
export async function resendCode(deps: Deps, input: { activationToken: string; ip: string }): Promise<void> {
  await deps.rateLimits.get('resend:ip', registrationLimits.resendPerIp).hit(input.ip);
  const pending = findPending(deps, input.activationToken);
  if (pending.otpTriesTotal >= MAX_REGISTRATION_TRIES) throw authErrors.REGISTRATION_LOCKED();
  const now = deps.now();
  const wait = pending.otpSentAt + RESEND_GAP_MS - now;
  if (wait > 0) throw resendTooSoon(Math.ceil(wait / 1000));
  await deps.rateLimits.get('resend:registration', registrationLimits.resendPerRegistration).hit(pending.tokenHash);
  await countCodeEmail(deps, pending.email);

  const code = newNumericCode(6);
  const otpHash = await hashCode(code);
  deps.db.transaction((tx) => {
    const updated = tx
      .update(pendingRegistrations)
      .set({ otpHash, otpExpiresAt: now + CODE_TTL_MS, otpAttempts: 0, otpSentAt: now })
      .where(and(eq(pendingRegistrations.id, pending.id), eq(pendingRegistrations.otpSentAt, pending.otpSentAt)))
      .run();
    // Another resend won the race and sent its own code.
    if (updated.changes === 0) throw resendTooSoon(Math.ceil(RESEND_GAP_MS / 1000));
    enqueueCodeEmail(tx, deps, { ...pending, otpSentAt: now }, code);
  });
  await deps.notifier.deliverDue();
}
