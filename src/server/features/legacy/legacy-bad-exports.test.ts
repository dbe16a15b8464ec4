import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbChecksum } from '../../../test/db-snapshot.js';
import { makePng } from '../../../test/images.js';
import { editJson, legacySampleDir, sampleCopies } from '../../../test/legacy-sample.js';
import { appPerFile } from '../../../test/app-per-test.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { findActiveUserByEmail } from '../auth/accounts.service.js';
import { importLegacy } from './legacy-import.service.js';
import { renderReport, type ImportReport } from './legacy-report.js';

const NOW = Date.parse('2026-11-23T10:00:00+05:30');

let t: TestApp;
appPerFile((app) => {
  t = app;
});

/** A copy of the sample export to spoil. */
const copyOfSample = sampleCopies('legacy-export-');

async function expectRefused(dir: string, where: RegExp, message: RegExp): Promise<ImportReport> {
  const before = dbChecksum(t.db);
  const uploadsBefore = await readdir(path.join(t.dataDir, 'uploads'), { recursive: true });
  const report = await importLegacy(t.db, { dir, dryRun: false, dataDir: t.dataDir, now: NOW });
  expect(report.refused).toBe(true);
  const fault = report.problems.find((problem) => problem.level === 'fault');
  expect(fault?.where).toMatch(where);
  expect(fault?.message).toMatch(message);
  expect(renderReport(report)).toContain('The export cannot be imported, so nothing was changed');
  expect(dbChecksum(t.db)).toBe(before);
  expect(await readdir(path.join(t.dataDir, 'uploads'), { recursive: true })).toEqual(uploadsBefore);
  return report;
}

describe('an export that cannot be imported changes nothing and says why', () => {
  it('a truncated file', async () => {
    const dir = await copyOfSample();
    const text = await readFile(path.join(dir, 'transactions.json'), 'utf8');
    await writeFile(path.join(dir, 'transactions.json'), text.slice(0, Math.floor(text.length / 2)));
    await expectRefused(dir, /^transactions\.json, after record \d+$/, /not complete JSON.*export it again/);
  });

  it('a truncated file of one document a line', async () => {
    const dir = await copyOfSample();
    const docs = JSON.parse(await readFile(path.join(dir, 'lectures.json'), 'utf8')) as unknown[];
    const lines = docs.map((doc) => JSON.stringify(doc));
    lines[lines.length - 1] = lines[lines.length - 1]!.slice(0, 30);
    await writeFile(path.join(dir, 'lectures.json'), lines.join('\n'));
    await expectRefused(dir, new RegExp(`^lectures\\.json, line ${lines.length}$`), /not a complete JSON document/);
  });

  it('a user without an email', async () => {
    const dir = await copyOfSample();
    await editJson(dir, 'users', (docs) => {
      delete docs[2].email;
    });
    await expectRefused(dir, /^users\.json record 3 \(67c96dc5f8c42c0159b27e9a\)$/, /^has no email$/);
  });

  it('a price that is not a number', async () => {
    const dir = await copyOfSample();
    await editJson(dir, 'courses', (docs) => {
      docs[1].price = '999 rupees';
    });
    await expectRefused(dir, /^courses\.json record 2/, /^has a price that is not a number$/);
  });

  it('a missing collection', async () => {
    const dir = await copyOfSample();
    await rm(path.join(dir, 'lectures.json'));
    await expectRefused(dir, /^lectures\.json$/, /missing/);
  });

  it.each(['0x10', '1e2', '1,0,0'])('a paid.csv amount that only JavaScript reads as a number: %s', async (amount) => {
    const dir = await copyOfSample();
    await writeFile(path.join(dir, 'paid.csv'), `email,amount_paid\npooja.deshmukh2@gmail.com,"${amount}"\n`);
    const before = dbChecksum(t.db);
    const report = await importLegacy(t.db, { dir, paidFile: path.join(dir, 'paid.csv'), dryRun: false, dataDir: t.dataDir, now: NOW });
    expect(report.refused).toBe(true);
    expect(report.problems[0]).toMatchObject({
      level: 'fault',
      where: 'paid.csv line 2',
      message: `has an amount that is not a number of rupees ("${amount}")`,
    });
    expect(dbChecksum(t.db)).toBe(before);
  });

  it('a paid.csv amount that is not a number', async () => {
    const dir = await copyOfSample();
    await writeFile(path.join(dir, 'paid.csv'), 'email,amount_paid\npooja.deshmukh2@gmail.com,eight hundred\n');
    const before = dbChecksum(t.db);
    const report = await importLegacy(t.db, { dir, paidFile: path.join(dir, 'paid.csv'), dryRun: false, dataDir: t.dataDir, now: NOW });
    expect(report.refused).toBe(true);
    expect(report.problems[0]).toMatchObject({ level: 'fault', where: 'paid.csv line 2' });
    expect(dbChecksum(t.db)).toBe(before);
  });
});

describe('an export with smaller problems imports the rest and reports each', () => {
  it('accepts canonical Extended JSON a document a line, reports a link that cannot be embedded and a paid amount above the total, and keeps a real picture', async () => {
    const fresh = await startTestApp();
    try {
      const dir = await copyOfSample();
      // Canonical mode, one document a line.
      const canonical = (value: unknown): unknown => {
        if (Array.isArray(value)) return value.map(canonical);
        if (typeof value === 'number') return Number.isInteger(value) ? { $numberInt: String(value) } : { $numberDouble: String(value) };
        if (value && typeof value === 'object') {
          const entries = Object.entries(value);
          if (entries.length === 1 && entries[0]![0] === '$date') return { $date: { $numberLong: String(Date.parse(entries[0]![1] as string)) } };
          if (entries.length === 1 && entries[0]![0] === '$oid') return value;
          return Object.fromEntries(entries.map(([key, inner]) => [key, canonical(inner)]));
        }
        return value;
      };
      for (const name of ['users', 'courses', 'lectures', 'transactions', 'pendingorders']) {
        const docs = JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as unknown[];
        if (name === 'lectures') (docs[4] as { video: string }).video = 'https://www.youtube.com/playlist?list=PL123';
        await writeFile(path.join(dir, `${name}.json`), `${docs.map((doc) => JSON.stringify(canonical(doc))).join('\n')}\n`);
      }
      await mkdir(path.join(dir, 'uploads', 'images'), { recursive: true });
      await writeFile(path.join(dir, 'uploads', 'images', 'image-1740121004676-151328802.jpeg'), await makePng(800, 450));
      // Rupali earned ₹963: two transfers adding up to more; Pooja's two transfers add up to her ₹881.
      await writeFile(
        path.join(dir, 'paid.csv'),
        'email,amount_paid\nRUPALI.KALE3@gmail.com,500\nnobody@example.com,10\npooja.deshmukh2@gmail.com,"₹800"\nrupali.kale3@gmail.com,"4,500"\npooja.deshmukh2@gmail.com,81\n',
      );

      const report = await importLegacy(fresh.db, { dir, paidFile: path.join(dir, 'paid.csv'), dryRun: false, dataDir: fresh.dataDir, now: NOW });
      expect(report.refused).toBe(false);
      expect(report.counts).toMatchObject({
        accountsImported: 10,
        accountsMerged: 1,
        packagesImported: 6,
        defaultImages: 5,
        lecturesImported: 17,
        lecturesRefused: 1,
      });
      expect(report.problems).toContainEqual({
        level: 'error',
        where: 'lectures.json 67bf45b431ee8bea5a8debd3',
        message: expect.stringContaining('is not a YouTube, Vimeo or Google Drive video link: not imported'),
      });
      expect(report.problems).toContainEqual({
        level: 'error',
        where: 'paid.csv line 2 (rupali.kale3@gmail.com)',
        message: expect.stringContaining('is more than the ₹963 earned'),
      });
      expect(report.problems).toContainEqual({ level: 'error', where: 'paid.csv line 3 (nobody@example.com)', message: 'matches no account: not booked' });
      const rupali = findActiveUserByEmail(fresh.db, 'rupali.kale3@gmail.com')!;
      expect([rupali.earnedPaise, rupali.paidPaise]).toEqual([963_00, 0]);
      const pooja = findActiveUserByEmail(fresh.db, 'pooja.deshmukh2@gmail.com')!;
      expect([pooja.earnedPaise, pooja.paidPaise]).toEqual([1762_00, 881_00]);
      expect(await readdir(path.join(fresh.dataDir, 'uploads', 'packages'))).toHaveLength(18);
    } finally {
      await fresh.close();
    }
  });

  it('rolls everything back when the database fails part-way', async () => {
    const fresh = await startTestApp();
    try {
      fresh.db.$client.exec(`create trigger fail_late before insert on orders when new.utr = '834740277119' begin select raise(abort, 'disk full'); end`);
      const before = dbChecksum(fresh.db);
      await expect(importLegacy(fresh.db, { dir: legacySampleDir, dryRun: false, dataDir: fresh.dataDir, now: NOW })).rejects.toThrow(/disk full/);
      expect(dbChecksum(fresh.db)).toBe(before);
      expect(await readdir(path.join(fresh.dataDir, 'uploads', 'packages'))).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('adds only what is new from a later, larger export', async () => {
    const fresh = await startTestApp();
    try {
      const dir = await copyOfSample();
      await editJson(dir, 'users', (docs) => docs.pop());
      const earlier = await importLegacy(fresh.db, { dir, dryRun: false, dataDir: fresh.dataDir, now: NOW });
      expect(earlier.counts.accountsImported).toBe(10);
      expect(earlier.counts.accountsMerged).toBe(0);
      await cp(path.join(legacySampleDir, 'users.json'), path.join(dir, 'users.json'));
      await editJson(dir, 'users', (docs) => {
        docs[1].earnings.total = 2000;
      });
      const later = await importLegacy(fresh.db, { dir, dryRun: false, dataDir: fresh.dataDir, now: NOW + 86_400_000 });
      expect(later.nothingNew).toBe(false);
      expect(later.counts).toMatchObject({
        accountsImported: 0,
        accountsMerged: 1,
        accountsAlreadyThere: 10,
        packagesImported: 0,
        openingEarnings: 1,
        openingEarningsPaise: 238_00,
      });
      expect(findActiveUserByEmail(fresh.db, 'pooja.deshmukh2@gmail.com')!.earnedPaise).toBe(2000_00);
    } finally {
      await fresh.close();
    }
  });
});
