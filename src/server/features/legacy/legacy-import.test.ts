import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbChecksum } from '../../../test/db-snapshot.js';
import { createPackage, createUserWithToken } from '../../../test/factories.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { legacyIds, orders, reservedUtrs, users } from '../../db/schema.js';
import { findActiveUserByEmail, findActiveUserByReferralCode } from '../auth/accounts.service.js';
import { importLegacy } from './legacy-import.service.js';
import { renderReport, type ImportReport } from './legacy-report.js';
import { legacySampleDir } from '../../../test/legacy-sample.js';

/** CI clones the repository with shared/ beside it. */
const paidFile = path.join(legacySampleDir, 'paid.csv');
type Expected = {
  passwords: Record<string, string>;
  owned: Record<string, string[]>;
  earned: Record<string, number>;
  paid: Record<string, number>;
  twin: [string, string];
  selfReferrer: string;
  danglingReferrer: string;
  failedTransactionOf: string;
  reusedUtrPendingOf: string;
  pendingOf: string;
  unknownCourseIdOf: string;
  superadmin: string;
};
const expected = JSON.parse(readFileSync(path.join(legacySampleDir, 'expected.json'), 'utf8')) as Expected;
type LegacyUserDoc = { _id: { $oid: string }; email: string; referrer: { $oid: string } | null };
const legacyUsers = JSON.parse(readFileSync(path.join(legacySampleDir, 'users.json'), 'utf8')) as LegacyUserDoc[];

const IMPORT_AT = Date.parse('2026-11-23T10:00:00+05:30');

let t: TestApp;
let dryRun: ImportReport;
let first: ImportReport;
let checksumBefore: string;

function run(dry: boolean) {
  return importLegacy(t.db, { dir: legacySampleDir, paidFile, dryRun: dry, dataDir: t.dataDir, now: IMPORT_AT });
}

beforeAll(async () => {
  t = await startTestApp();
  checksumBefore = dbChecksum(t.db);
  dryRun = await run(true);
  first = await run(false);
});
afterAll(() => t.close());

async function login(email: string, password: string) {
  return callJson(t.url, 'POST', '/api/user/login', { body: { email, password } });
}

/** How many rows of the table there are of each kind. */
function countsByKind(table: 'legacy_ids' | 'ledger'): Record<string, number> {
  const rows = t.db.$client.prepare<[], { kind: string; n: number }>(`select kind, count(*) as n from ${table} group by kind`).all();
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
}

/** The account the import made of a legacy email (emails are kept lower-cased). */
function account(email: string) {
  const user = findActiveUserByEmail(t.db, email.trim().toLowerCase());
  expect(user, email).toBeDefined();
  return user!;
}

const mergedTwin = expected.twin[1];
const accounts = Object.keys(expected.passwords).filter((email) => email !== mergedTwin);

describe('the import of the sample export', () => {
  it('changes nothing on a dry run, which reports exactly what the real run then does', () => {
    expect(dryRun.dryRun).toBe(true);
    expect(dryRun.refused).toBe(false);
    expect(dryRun.counts).toEqual(first.counts);
    expect(dryRun.problems).toEqual(first.problems);
    expect(first.counts).toMatchObject({ accountsImported: 10, accountsMerged: 1, packagesImported: 6, lecturesImported: 18, pendingImported: 1 });
  });

  it('did not change the database on the dry run (checked on a fresh one)', async () => {
    const fresh = await startTestApp();
    try {
      const before = dbChecksum(fresh.db);
      const report = await importLegacy(fresh.db, { dir: legacySampleDir, paidFile, dryRun: true, dataDir: fresh.dataDir, now: IMPORT_AT });
      expect(report.counts.accountsImported).toBe(10);
      expect(dbChecksum(fresh.db)).toBe(before);
      // No picture left behind either.
      expect(await readdir(path.join(fresh.dataDir, 'uploads'))).toEqual([]);
    } finally {
      await fresh.close();
    }
    expect(checksumBefore).not.toBe(dbChecksum(t.db));
  });

  it('lets every sample account log in with its legacy password, through the REST login, and again after the rehash', async () => {
    for (const email of accounts) {
      const password = expected.passwords[email]!;
      const before = account(email).passwordHash;
      expect(before, email).toMatch(/^\$2b\$10\$/);
      const answer = await login(email, password);
      expect(answer.status, email).toBe(200);
      expect(answer.body.user.email).toBe(email.toLowerCase());
      expect(account(email).passwordHash, email).toMatch(/^\$argon2id\$/);
      const again = await login(email.toUpperCase(), password);
      expect(again.status, email).toBe(200);
      expect((await login(email, `${password}x`)).status).toBe(401);
    }
  });

  it('merges the two accounts that differ only by case into the earlier one, and names both in the report', async () => {
    const [earlier, later] = expected.twin;
    expect(account(earlier).id).toBe(account(later).id);
    const merged = first.problems.find((problem) => problem.message.startsWith('merged into'));
    expect(merged?.where).toContain(later);
    expect(merged?.message).toContain(earlier);
    // The earlier account's password is the one that works; the merged one's no longer does.
    expect((await login(later, expected.passwords[earlier]!)).status).toBe(200);
    expect((await login(later, expected.passwords[later]!)).status).toBe(401);
    const ids = t.db
      .select()
      .from(legacyIds)
      .where(eq(legacyIds.localId, account(earlier).id))
      .all()
      .filter((row) => row.kind === 'user');
    expect(ids).toHaveLength(2);
  });

  it('gives each account the packages it owned', async () => {
    for (const email of accounts) {
      const { body } = await login(email, expected.passwords[email]!);
      const mine = await callJson(t.url, 'GET', '/api/mycourse', { token: body.token });
      expect(mine.status).toBe(200);
      const names = (mine.body.courses as { name: string }[]).map((course) => course.name).sort();
      expect(names, email).toEqual([...(expected.owned[email] ?? [])].sort());
    }
    // A failed transaction grants nothing; an id that matches no course is reported.
    expect(expected.owned[expected.failedTransactionOf]).not.toContain('Elite Package');
    const unknown = first.problems.find((problem) => problem.where.includes(expected.unknownCourseIdOf) && problem.message.includes('matches no course'));
    expect(unknown).toBeDefined();
  });

  it('keeps sponsors from `referrer`, dropping the self-reference and the missing sponsor with a report line', () => {
    const emailOf = new Map(legacyUsers.map((user) => [user._id.$oid, user.email]));
    for (const user of legacyUsers) {
      if (user.email === mergedTwin) continue;
      const sponsorId = account(user.email).sponsorId;
      const legacySponsor = user.referrer ? emailOf.get(user.referrer.$oid) : undefined;
      if (user.email === expected.selfReferrer || user.email === expected.danglingReferrer || !legacySponsor) {
        expect(sponsorId, user.email).toBeNull();
      } else {
        expect(sponsorId, user.email).toBe(account(legacySponsor).id);
      }
    }
    for (const email of [expected.selfReferrer, expected.danglingReferrer]) {
      expect(
        first.problems.some((problem) => problem.where.includes(email) && /sponsor/.test(problem.message)),
        email,
      ).toBe(true);
    }
  });

  it('keeps referral codes: a whole link reduced to its ref, a uuid as it is', () => {
    for (const user of legacyUsers) {
      if (user.email === mergedTwin) continue;
      const raw = (user as unknown as { referralLink: string }).referralLink;
      const code = raw.startsWith('http') ? new URL(raw).searchParams.get('ref')! : raw;
      expect(findActiveUserByReferralCode(t.db, code)?.id, raw).toBe(account(user.email).id);
    }
  });

  it('makes the legacy superadmin a superadmin, and everyone else a learner', async () => {
    const { body } = await login(expected.superadmin, expected.passwords[expected.superadmin]!);
    expect(body.user).toMatchObject({ role: 'admin', mainrole: 'superadmin' });
    expect(account(expected.superadmin).role).toBe('superadmin');
    for (const email of accounts.filter((e) => e !== expected.superadmin)) expect(account(email).role).toBe('user');
  });

  it('opens each affiliate’s balance at the legacy total less what paid.csv says was paid', async () => {
    for (const email of accounts) {
      const user = account(email);
      const earned = expected.earned[email] ?? 0;
      const paid = expected.paid[email] ?? 0;
      expect(user.earnedPaise / 100, email).toBe(earned);
      expect((user.earnedPaise - user.paidPaise) / 100, email).toBe(earned - paid);
      // Not earned this week or month: the period leaderboards start from zero.
      expect(user.weekPaise, email).toBe(0);
    }
    const { body } = await login(expected.superadmin, expected.passwords[expected.superadmin]!);
    const board = await callJson(t.url, 'GET', '/api/leaderboard', { token: body.token });
    const order = Object.entries(expected.earned).sort((a, b) => b[1] - a[1]);
    expect(board.body.leaderboard.map((row: { name: string; totalEarnings: number }) => row.totalEarnings)).toEqual(order.map(([, total]) => total));
    const people = await callJson(t.url, 'GET', '/api/admin/users', { token: body.token });
    for (const [email, total] of order) {
      const row = people.body.users.find((person: { email: string }) => person.email === email.toLowerCase());
      expect(row, email).toMatchObject({ earnings: total, owed: total - (expected.paid[email] ?? 0) });
    }
  });

  it('brings the pending order over as pending, but not the one whose UTR an approved order already took', async () => {
    const { body } = await login(expected.superadmin, expected.passwords[expected.superadmin]!);
    const pending = await callJson(t.url, 'GET', '/api/admin/pending-orders', { token: body.token });
    expect(pending.body.orders).toHaveLength(1);
    expect(pending.body.orders[0]).toMatchObject({ status: 'pending', transactionId: '820876171016', user: { email: expected.pendingOf.toLowerCase() } });
    expect(pending.body.orders[0].referrer).not.toBeNull();
    const reused = first.problems.find((problem) => problem.where.startsWith('pendingorders.json') && problem.message.includes('633991110225'));
    expect(reused?.message).toMatch(/already taken by an approved order/);
    expect(
      t.db
        .select()
        .from(orders)
        .where(eq(orders.userId, account(expected.reusedUtrPendingOf).id))
        .all()
        .every((o) => o.status === 'approved'),
    ).toBe(true);
  });

  it('takes every imported UTR and every successful legacy payment’s, so none can pay for a new order', async () => {
    const buyer = await createUserWithToken(t.db);
    const pkg = createPackage(t.db, { name: 'New Package' });
    const taken = t.db
      .select({ utr: orders.utr })
      .from(orders)
      .all()
      .map((row) => row.utr!);
    expect(taken).toHaveLength(14);
    // A successful payment that came over as no order has its UTR reserved (none in the sample; see legacy-hostile-exports.test.ts).
    const successful = (JSON.parse(readFileSync(path.join(legacySampleDir, 'transactions.json'), 'utf8')) as { paymentId: string; status: string }[])
      .filter((payment) => payment.status === 'Success')
      .map((payment) => payment.paymentId);
    const reserved = t.db
      .select({ utr: reservedUtrs.utr })
      .from(reservedUtrs)
      .all()
      .map((row) => row.utr);
    expect(successful.filter((utr) => !taken.includes(utr)).sort()).toEqual(reserved.sort());
    for (const utr of [...new Set([...taken, ...successful])]) {
      const answer = await callJson(t.url, 'POST', '/api/course/purchase', {
        token: buyer.token,
        body: { name: buyer.user.name, email: buyer.user.email, courseId: String(pkg.id), transactionId: utr },
      });
      expect(answer.status, utr).toBe(409);
      expect(answer.body.code).toBe('UTR_TAKEN');
    }
  });

  it('imports lectures in createdAt order as "Part N" with embed links', async () => {
    const { body } = await login(expected.superadmin, expected.passwords[expected.superadmin]!);
    const courses = await callJson(t.url, 'GET', '/api/course/all');
    const beginner = courses.body.courses.find((course: { name: string }) => course.name === 'Beginner Package');
    expect(beginner).toMatchObject({
      price: 499,
      tier: 'Beginner',
      lectureCount: 3,
      image: expect.stringMatching(/^uploads\/packages\/[0-9a-f]{24}-640\.webp$/),
    });
    const picture = await fetch(`${t.url}/${beginner.image}`);
    expect(picture.status).toBe(200);
    const lectures = await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${beginner._id}`, { token: body.token });
    expect(lectures.body.lectures.map((lecture: { title: string; video: string }) => [lecture.title, lecture.video])).toEqual([
      ['Part 1', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['Part 2', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['Part 3', 'https://drive.google.com/file/d/1986077e51ab708d012c9db81/preview'],
    ]);
    // The sample has no uploads/ folder: each package got the default picture, and the report says so.
    expect(first.problems.filter((problem) => problem.message.includes('the default picture is used'))).toHaveLength(6);
  });

  it('changes nothing when run again with the same export, and says so', async () => {
    const before = dbChecksum(t.db);
    const files = await readdir(path.join(t.dataDir, 'uploads', 'packages'));
    const again = await run(false);
    expect(again.nothingNew).toBe(true);
    expect(renderReport(again)).toContain('Nothing new');
    expect(dbChecksum(t.db)).toBe(before);
    expect(await readdir(path.join(t.dataDir, 'uploads', 'packages'))).toEqual(files);
  });

  it('remembers the legacy id of every imported row', () => {
    expect(countsByKind('legacy_ids')).toEqual({ earning: 4, lecture: 18, order: 14, package: 6, payout: 2, user: 11 });
    const pending = t.db.select().from(legacyIds).where(eq(legacyIds.legacyId, '67dbafc19552fca16ee0c2d7')).get();
    expect(t.db.select().from(orders).where(eq(orders.id, pending!.localId)).get()).toMatchObject({ status: 'pending', utr: '820876171016' });
  });

  it('never books a commission for an imported purchase', () => {
    expect(countsByKind('ledger')).toEqual({ correction: 4, payout: 2 });
    expect(
      t.db
        .select()
        .from(users)
        .all()
        .every((user) => user.monthPaise === 0),
    ).toBe(true);
  });
});
