import { cp, mkdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbChecksum } from '../../../test/db-snapshot.js';
import { createPackage, createUserWithToken } from '../../../test/factories.js';
import { editJson, legacySampleDir, sampleCopies } from '../../../test/legacy-sample.js';
import { appPerFile } from '../../../test/app-per-test.js';
import { callJson, type TestApp } from '../../../test/test-app.js';
import { packages, reservedUtrs, users } from '../../db/schema.js';
import { findActiveUserByEmail } from '../auth/accounts.service.js';
import { importLegacy } from './legacy-import.service.js';
import { legacyImageFile } from './legacy-package-pictures.js';
import { normaliseReferralCode } from './legacy-records.js';
import { renderReport } from './legacy-report.js';

const NOW = Date.parse('2026-11-23T10:00:00+05:30');
/** Sample ids: a learner (rupali.kale3), a course (Silver). */
const RUPALI = '67c96dc5f8c42c0159b27e9a';
const SILVER = '67bb017d1917d255ff12e07c';

let t: TestApp;
appPerFile((app) => {
  t = app;
});

const copyOfSample = sampleCopies('legacy-hostile-');

const oid = (hex: string) => ({ $oid: hex });

async function expectRefused(dir: string, where: RegExp, message: RegExp) {
  const before = dbChecksum(t.db);
  const report = await importLegacy(t.db, { dir, dryRun: false, dataDir: t.dataDir, now: NOW });
  expect(report.refused).toBe(true);
  const fault = report.problems.find((problem) => problem.level === 'fault');
  expect(fault?.where).toMatch(where);
  expect(fault?.message).toMatch(message);
  expect(dbChecksum(t.db)).toBe(before);
  return report;
}

describe('a hostile export is refused whole, and changes nothing', () => {
  it('a field named __proto__, which would make a learner seem an admin (in an array and a document a line)', async () => {
    const dir = await copyOfSample();
    const text = await readFile(path.join(dir, 'users.json'), 'utf8');
    await writeFile(
      path.join(dir, 'users.json'),
      text.replace('"email": "rupali.kale3@gmail.com",', '"email": "rupali.kale3@gmail.com", "__proto__": {"role": "admin", "mainrole": "superadmin"},'),
    );
    await expectRefused(dir, /^users\.json, record 3$/, /field named "__proto__"/);
    expect(findActiveUserByEmail(t.db, 'rupali.kale3@gmail.com')).toBeUndefined();

    const docs = JSON.parse(await readFile(path.join(legacySampleDir, 'lectures.json'), 'utf8')) as object[];
    const lines = docs.map((doc) => JSON.stringify(doc));
    lines[1] = lines[1]!.replace('{', '{"__proto__":{"course":"x"},');
    await writeFile(path.join(dir, 'users.json'), text);
    await writeFile(path.join(dir, 'lectures.json'), lines.join('\n'));
    await expectRefused(dir, /^lectures\.json, line 2$/, /field named "__proto__"/);
  });

  it('a text longer than any the legacy app holds, and nesting deeper than its documents go', async () => {
    const dir = await copyOfSample();
    await editJson(dir, 'courses', (docs) => {
      docs[1].description = 'x'.repeat(2_000_000);
    });
    const report = await expectRefused(dir, /^courses\.json, record 2$/, /text of 2000000 characters/);
    // The report names the size, never repeats the text.
    expect(renderReport(report).length).toBeLessThan(2000);

    await cp(legacySampleDir, dir, { recursive: true });
    const users = await readFile(path.join(dir, 'users.json'), 'utf8');
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    await writeFile(path.join(dir, 'users.json'), users.replace('"earnings": {', `"deep": ${deep}, "earnings": {`));
    await expectRefused(dir, /^users\.json, record 1$/, /nested more than 16 levels/);
  });
});

describe('package pictures stay inside the export folder', () => {
  it('refuses a path that leaves it by .., by an absolute path, by a NUL byte, or by a link inside it that points out', async () => {
    const dir = await copyOfSample();
    await mkdir(path.join(dir, 'uploads/images'), { recursive: true });
    await symlink('/etc/passwd', path.join(dir, 'uploads/images/escape.jpeg'));
    for (const image of ['../../../../etc/passwd', 'uploads/images/../../../secret.jpeg', 'uploads/images/escape.jpeg', 'uploads/images/a.jpeg\0.png'])
      expect(legacyImageFile(dir, image), image).toBeNull();
    // A leading slash or backslashes are read inside the folder, as the legacy server's paths were.
    expect(legacyImageFile(dir, '/uploads/images/x.jpeg')).toBe(path.join(await realpath(dir), 'uploads/images/x.jpeg'));
    expect(legacyImageFile(dir, 'uploads\\images\\x.jpeg')).toBe(path.join(await realpath(dir), 'uploads/images/x.jpeg'));

    await editJson(dir, 'courses', (docs) => {
      docs[0].image = 'uploads/images/escape.jpeg';
      docs[1].image = '../../../../etc/passwd';
    });
    const report = await importLegacy(t.db, { dir, dryRun: true, dataDir: t.dataDir, now: NOW });
    const outside = report.problems.filter((problem) => problem.message.includes('points outside the export folder'));
    expect(outside.map((problem) => problem.where)).toEqual([expect.stringContaining('Beginner Package'), expect.stringContaining('Elite Package')]);
  });
});

describe('what comes along', () => {
  it('reserves the UTR of every successful legacy payment, even one whose buyer or course did not come over, and reports it; a referral link without its scheme keeps its code', async () => {
    const dir = await copyOfSample();
    await editJson(dir, 'transactions', (docs) => {
      // A deleted user's payment, and a payment for a deleted course.
      docs.push({
        _id: oid('67e0000000000000000000a1'),
        user: oid('67e00000000000000000dead'),
        courseId: SILVER,
        courseName: 'Silver Package',
        timestamp: { $date: '2025-03-20T05:00:00.000Z' },
        paymentId: '595523929505',
        status: 'Success',
      });
      docs.push({
        _id: oid('67e0000000000000000000a2'),
        user: oid(RUPALI),
        courseId: '67e000000000000000c0ffee',
        courseName: 'Old Package',
        timestamp: { $date: '2025-03-21T05:00:00.000Z' },
        paymentId: 654893664306,
        status: 'Success',
      });
      // A failed payment's UTR stays free, as a rejected order's.
      docs.push({
        _id: oid('67e0000000000000000000a3'),
        user: oid(RUPALI),
        courseId: SILVER,
        courseName: 'Silver Package',
        timestamp: { $date: '2025-03-22T05:00:00.000Z' },
        paymentId: '511122223333',
        status: 'Failure',
      });
    });
    await editJson(dir, 'users', (docs) => {
      const rupali = docs.find((doc) => doc.email === 'rupali.kale3@gmail.com');
      rupali.referralLink = 'successmarathi.vercel.app/packages?ref=3F0MJX&lang=mr';
    });
    const report = await importLegacy(t.db, { dir, dryRun: false, dataDir: t.dataDir, now: NOW });
    expect(report.refused).toBe(false);
    const reserved = t.db.select().from(reservedUtrs).all();
    expect(reserved.map((row) => row.utr).sort()).toEqual(['595523929505', '654893664306']);
    expect(report.counts.utrsReserved).toBe(2);
    const text = renderReport(report);
    expect(text).toContain(`UTRs taken:      ${report.counts.utrsTaken} by imported orders, 2 reserved without an order`);
    expect(text).toContain('transactions.json 67e0000000000000000000a1: UTR 595523929505 is reserved without an order: no new order can use it');
    expect(text).toContain('transactions.json 67e0000000000000000000a2: UTR 654893664306 is reserved without an order: no new order can use it');

    const buyer = await createUserWithToken(t.db);
    const pkg = createPackage(t.db, { name: 'New Package' });
    const order = (utr: string, referralId?: string) =>
      callJson(t.url, 'POST', '/api/course/purchase', {
        token: buyer.token,
        body: { name: buyer.user.name, email: buyer.user.email, courseId: String(pkg.id), transactionId: utr, ...(referralId && { referralId }) },
      });
    for (const utr of ['595523929505', '654893664306']) {
      const answer = await order(utr);
      expect(answer.status, utr).toBe(409);
      expect(answer.body.code).toBe('UTR_TAKEN');
    }
    // The link saved without its scheme kept its code: a purchase naming it credits Rupali.
    const rupali = t.db.select().from(users).where(eq(users.email, 'rupali.kale3@gmail.com')).get()!;
    expect(rupali.referralCode).toBe('3F0MJX');
    const placed = await order('511122223333', '3F0MJX');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(t.db.select({ sponsorId: users.sponsorId }).from(users).where(eq(users.id, buyer.user.id)).get()!.sponsorId).toBe(rupali.id);

    // Run again: nothing more is reserved, nothing new.
    const again = await importLegacy(t.db, { dir, dryRun: false, dataDir: t.dataDir, now: NOW });
    expect(again.counts.utrsReserved).toBe(0);
    expect(again.nothingNew).toBe(true);
    expect(t.db.select().from(packages).where(eq(packages.name, 'Old Package')).all()).toEqual([]);
  });

  it('reads a ref from a link with or without its scheme, or from a path alone', () => {
    expect(normaliseReferralCode('successmarathi.vercel.app/packages?ref=3F0MJX&lang=mr')).toBe('3F0MJX');
    expect(normaliseReferralCode('successmarathi.vercel.app/packages?lang=mr&ref=3f0mjx')).toBe('3F0MJX');
    expect(normaliseReferralCode('https://successmarathi.vercel.app/packages?ref=04BFMB')).toBe('04BFMB');
    expect(normaliseReferralCode('/packages?ref=04BFMB#top')).toBe('04BFMB');
    expect(normaliseReferralCode(' 1y5n5q ')).toBe('1Y5N5Q');
    expect(normaliseReferralCode('successmarathi.vercel.app/packages')).toBeNull();
    expect(normaliseReferralCode('https://x.example/?ref=<script>')).toBeNull();
  });
});
