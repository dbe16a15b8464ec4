import { eq } from 'drizzle-orm';
import { ledger, passwordResets, pendingRegistrations, type LectureRow, type OrderRow, type PackageRow, type UserRow } from '../server/db/schema.js';
import { createSession } from '../server/features/auth/sessions.service.js';
import { CODE_TTL_MS } from '../server/features/auth/registration.service.js';
import { RESET_TTL_MS } from '../server/features/auth/password-reset.service.js';
import { hashCode } from '../server/lib/password.js';
import { hashToken, newToken } from '../server/lib/tokens.js';
import { addLecture, createPackage, createUser, createUserWithToken, grantPackage, insertPendingOrder } from './factories.js';
import type { TestApp } from './test-app.js';

/** Who calls: nobody signed in, a learner, another learner, an admin, the superadmin. */
export const actors = ['visitor', 'user', 'other', 'admin', 'superadmin'] as const;
export type Actor = (typeof actors)[number];

export type Account = { row: UserRow; token: string };

/**
 * A small world for one call: `user` bought `owned` (two lectures), has a sponsor, sponsors
 * `affiliate` and has a pending order for `forSale`; `other` is a learner with nothing.
 */
export type World = {
  user: Account;
  other: Account;
  admin: Account;
  superadmin: Account;
  sponsor: UserRow;
  affiliate: UserRow;
  owned: PackageRow;
  lectures: LectureRow[];
  forSale: PackageRow;
  pendingOrder: OrderRow;
  tokenOf(actor: Actor): string | null;
};

let utrCounter = 400_000_000_000 + (process.pid % 1000) * 100_000_000;

/** A fresh 12-digit UTR nobody used in this process. */
export function freshUtr(): string {
  utrCounter += 1;
  return String(utrCounter);
}

let emailCounter = 0;

/** A fresh email address nobody used in this process. */
export function freshEmail(prefix = 'someone'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}.${process.pid}@example.com`;
}

/** A waiting order, written straight to the database, for the package's price with a fresh UTR. */
export function insertOrder(t: TestApp, buyer: UserRow, pkg: PackageRow, referrerId: number | null = buyer.sponsorId, createdAt = Date.now()): OrderRow {
  return insertPendingOrder(t.db, { buyer, pkg, utr: freshUtr(), referrerId, at: createdAt });
}

/** The admin and the superadmin, made once and shared by worlds (each world gets new sessions). */
export type Staff = { admin: UserRow; superadmin: UserRow };

export async function createStaff(t: TestApp): Promise<Staff> {
  return { admin: await createUser(t.db, { role: 'admin' }), superadmin: await createUser(t.db, { role: 'superadmin' }) };
}

/**
 * With `staff`, the world's admin and superadmin are those accounts with new sessions, so that
 * many worlds do not make many admins (each of whom is emailed about every order).
 */
export async function buildWorld(t: TestApp, staff?: Staff): Promise<World> {
  const sponsor = await createUser(t.db, { name: 'Sponsor Ravi' });
  const user = await createUserWithToken(t.db, { name: 'Learner Asha', sponsorId: sponsor.id });
  const other = await createUserWithToken(t.db, { name: 'Learner Other' });
  const session = (row: UserRow) => ({ user: row, token: createSession(t.db, row.id, Date.now()).token });
  const admin = staff ? session(staff.admin) : await createUserWithToken(t.db, { role: 'admin' });
  const superadmin = staff ? session(staff.superadmin) : await createUserWithToken(t.db, { role: 'superadmin' });
  const affiliate = await createUser(t.db, { name: 'Affiliate Sunil', sponsorId: user.user.id });
  const owned = createPackage(t.db, { name: 'Owned package' });
  const lectures = [
    addLecture(t.db, owned.id, 0, 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'),
    addLecture(t.db, owned.id, 1, 'https://player.vimeo.com/video/76979871'),
  ];
  grantPackage(t.db, user.user.id, owned.id);
  const forSale = createPackage(t.db, { name: 'Package on sale' });
  const pendingOrder = insertOrder(t, user.user, forSale);
  const accounts = {
    user: { row: user.user, token: user.token },
    other: { row: other.user, token: other.token },
    admin: { row: admin.user, token: admin.token },
    superadmin: { row: superadmin.user, token: superadmin.token },
  };
  return {
    ...accounts,
    sponsor,
    affiliate,
    owned,
    lectures,
    forSale,
    pendingOrder,
    tokenOf: (actor) => (actor === 'visitor' ? null : accounts[actor].token),
  };
}

/**
 * A registration waiting for its code, as register leaves it, with a code the test knows.
 * `sentAgoMs` puts the last email that long ago (over a minute allows a resend).
 */
export async function pendingRegistration(t: TestApp, options: { code?: string; sentAgoMs?: number; email?: string } = {}) {
  const code = options.code ?? '123456';
  const activationToken = newToken();
  const now = t.deps.now();
  const sentAt = now - (options.sentAgoMs ?? 0);
  t.db
    .insert(pendingRegistrations)
    .values({
      tokenHash: hashToken(activationToken),
      name: 'Pending Person',
      email: options.email ?? freshEmail('pending'),
      phone: '9876543210',
      passwordHash: 'not-used-by-these-tests',
      lang: 'en',
      otpHash: await hashCode(code),
      otpExpiresAt: sentAt + CODE_TTL_MS,
      otpSentAt: sentAt,
      createdAt: sentAt,
    })
    .run();
  return { activationToken, code };
}

/** A valid reset link's token for the user, as forgot would email it. */
export function resetToken(t: TestApp, userId: number): string {
  const token = newToken();
  const now = t.deps.now();
  t.db
    .insert(passwordResets)
    .values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt: now + RESET_TTL_MS })
    .run();
  return token;
}

/** The ledger lines an order booked (commission, its corrections and TDS). */
export function ledgerOfOrder(t: TestApp, orderId: number | string) {
  return t.db
    .select()
    .from(ledger)
    .where(eq(ledger.orderId, Number(orderId)))
    .all();
}
