import argon2 from 'argon2';
import type { Db } from '../server/db/client.js';
import { consents, enrollments, lectures, orders, packages, users, type OrderRow, type PackageRow, type UserRow } from '../server/db/schema.js';
import { PRIVACY_NOTICE_VERSION } from '../shared/privacy.js';
import { createSession } from '../server/features/auth/sessions.service.js';
import { argon2Options } from '../server/lib/password.js';
import { newToken } from '../server/lib/tokens.js';
import type { Role, Tier } from '../shared/domain.js';

export const TEST_PASSWORD = 'correct horse battery';

let passwordHash: Promise<string> | undefined;
/** Hashing is deliberately slow, so every test user shares one hash of TEST_PASSWORD. */
function testPasswordHash(): Promise<string> {
  passwordHash ??= argon2.hash(TEST_PASSWORD, argon2Options);
  return passwordHash;
}

let sequence = 0;

/**
 * An account as sign-up makes it, consent to the privacy notice and an adult's answer to the age
 * question included (a test of consent gives `consent: false` and records its own; a test of the
 * age question gives its `ageStatus`, null for never asked).
 */
export async function createUser(
  db: Db,
  overrides: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'role' | 'sponsorId' | 'lang' | 'createdAt' | 'ageStatus'>> & {
    role?: Role;
    consent?: boolean;
  } = {},
): Promise<UserRow> {
  sequence += 1;
  const n = `${process.pid}${sequence}`;
  const user = db
    .insert(users)
    .values({
      name: overrides.name ?? `Learner ${n}`,
      email: (overrides.email ?? `learner${n}@example.com`).toLowerCase(),
      phone: overrides.phone === undefined ? `9${String(n).padStart(9, '0').slice(-9)}` : overrides.phone,
      passwordHash: await testPasswordHash(),
      role: overrides.role ?? 'user',
      referralCode: newToken(6).replace(/[-_]/g, 'x').slice(0, 8).toUpperCase(),
      sponsorId: overrides.sponsorId ?? null,
      lang: overrides.lang ?? 'en',
      ageStatus: overrides.ageStatus === undefined ? 'adult' : overrides.ageStatus,
      createdAt: overrides.createdAt ?? Date.now(),
    })
    .returning()
    .get();
  if (overrides.consent !== false) {
    db.insert(consents).values({ userId: user.id, noticeVersion: PRIVACY_NOTICE_VERSION, via: 'register', acceptedAt: user.createdAt }).run();
  }
  return user;
}

/** A user with a live session: the token works as header `token`, Bearer, or cookie. */
export async function createUserWithToken(db: Db, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  const { token } = createSession(db, user.id, Date.now());
  return { user, token };
}

export function createPackage(
  db: Db,
  overrides: Partial<Pick<PackageRow, 'name' | 'description' | 'pricePaise' | 'image' | 'commissionPaise' | 'archivedAt'>> & {
    tier?: Tier | null;
  } = {},
): PackageRow {
  sequence += 1;
  const pkg = db
    .insert(packages)
    .values({
      name: overrides.name ?? `Package ${sequence}`,
      description: overrides.description ?? 'Learn to run a small business.',
      pricePaise: overrides.pricePaise ?? 499_900,
      image: overrides.image ?? null,
      tier: overrides.tier ?? null,
      commissionPaise: overrides.commissionPaise ?? null,
      archivedAt: overrides.archivedAt ?? null,
      createdAt: Date.now(),
    })
    .returning()
    .get();
  return pkg;
}

export function addLecture(
  db: Db,
  packageId: number,
  position: number,
  videoUrl = `https://www.youtube-nocookie.com/embed/dQw4w9WgXc${position % 10}`,
  durationSeconds: number | null = 600,
) {
  const lecture = db
    .insert(lectures)
    .values({ packageId, position, videoUrl, title: `Part ${position + 1}`, durationSeconds, createdAt: Date.now() })
    .returning()
    .get();
  return lecture;
}

/** A UTR order waiting for a decision, as checkout leaves it: `buyer` orders `pkg` at its price, at `at` (now unless given). */
export function insertPendingOrder(
  db: Db,
  input: { buyer: Pick<UserRow, 'id' | 'name' | 'email'>; pkg: PackageRow; utr: string; referrerId: number | null; at?: number },
): OrderRow {
  return db
    .insert(orders)
    .values({
      userId: input.buyer.id,
      packageId: input.pkg.id,
      amountPaise: input.pkg.pricePaise,
      utr: input.utr,
      referrerId: input.referrerId,
      buyerName: input.buyer.name,
      buyerEmail: input.buyer.email,
      createdAt: input.at ?? Date.now(),
    })
    .returning()
    .get();
}

/** Grants a package directly, as an approved order would. */
export function grantPackage(db: Db, userId: number, packageId: number): void {
  db.insert(enrollments).values({ userId, packageId, createdAt: Date.now() }).run();
}
