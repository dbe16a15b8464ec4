import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLecture, createPackage, createUserWithToken } from '../../../test/factories.js';
import { call } from '../../../test/learning.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { enrollments } from '../../db/schema.js';
import { lectureOpensAt } from '../../../shared/learning.js';
import { notifyOpenedLectures } from './drip.service.js';

const DAY = 24 * 60 * 60 * 1000;
// Tuesday 24 November 2026, 15:30 IST.
const bought = Date.UTC(2026, 10, 24, 10);
const clock = testClock(bought);
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now, build: { dripEmails: false } });
  admin = (await createUserWithToken(t.db, { role: 'admin', lang: 'en' })).token;
});

afterAll(async () => {
  await t.close();
});

/** A package of three lectures, bought by a new learner at `bought`. */
async function boughtPackage() {
  clock.set(bought);
  const learner = await createUserWithToken(t.db, { lang: 'mr' });
  const pkg = createPackage(t.db, { name: 'शेअर बाजार' });
  const parts = [0, 1, 2].map((position) => addLecture(t.db, pkg.id, position, `https://www.youtube-nocookie.com/embed/dQw4w9WgXc${position}`));
  t.db.insert(enrollments).values({ userId: learner.user.id, packageId: pkg.id, createdAt: bought }).run();
  return { ...learner, pkg, parts, packageId: String(pkg.id) };
}

describe('when a lecture opens', () => {
  it('is 00:00 IST of the purchase date plus its days; 0 days (and no schedule) is the purchase itself', () => {
    const istMidnight = Date.UTC(2026, 10, 23, 18, 30);
    expect(lectureOpensAt({ mode: 'weekly', purchasedAt: bought, index: 0, openAfterDays: null })).toBe(bought);
    expect(lectureOpensAt({ mode: 'weekly', purchasedAt: bought, index: 2, openAfterDays: null })).toBe(istMidnight + 14 * DAY);
    expect(lectureOpensAt({ mode: 'days', purchasedAt: bought, index: 2, openAfterDays: 3 })).toBe(istMidnight + 3 * DAY);
    expect(lectureOpensAt({ mode: null, purchasedAt: bought, index: 2, openAfterDays: 3 })).toBe(bought);
    // Bought at 00:10 IST on the 25th: its IST date is the 25th.
    expect(lectureOpensAt({ mode: 'days', purchasedAt: Date.UTC(2026, 10, 24, 18, 40), index: 0, openAfterDays: 1 })).toBe(Date.UTC(2026, 10, 25, 18, 30));
  });
});

describe('a package on a schedule', () => {
  it('changes nothing without a schedule: every lecture is open at purchase', async () => {
    const { token, packageId, parts } = await boughtPackage();
    const player = await call(t, 'query', 'lectures.forPackage', { packageId }, token);
    expect(player.data.lectures.map((lecture: { id: string }) => lecture.id)).toEqual(parts.map((part) => String(part.id)));
    expect(player.data.locked).toEqual([]);
  });

  it('never gives the link of a locked lecture, through the player, the package page, REST or progress', async () => {
    const { token, pkg, packageId, parts } = await boughtPackage();
    const set = await call(t, 'mutation', 'drip.set', { packageId, mode: 'weekly' }, admin);
    expect(set.status).toBe(200);
    expect(set.data.mode).toBe('weekly');

    const player = await call(t, 'query', 'lectures.forPackage', { packageId }, token);
    expect(player.data.lectures.map((lecture: { id: string }) => lecture.id)).toEqual([String(parts[0]!.id)]);
    const istMidnight = Date.UTC(2026, 10, 23, 18, 30);
    expect(player.data.locked).toEqual([
      { id: String(parts[1]!.id), title: 'Part 2', position: 1, opensAt: istMidnight + 7 * DAY },
      { id: String(parts[2]!.id), title: 'Part 3', position: 2, opensAt: istMidnight + 14 * DAY },
    ]);
    const reads = [
      JSON.stringify(player.data),
      JSON.stringify((await call(t, 'query', 'catalog.byId', { id: packageId }, token)).data),
      JSON.stringify((await callJson(t.url, 'GET', `/api/course/${pkg.id}`, { token })).body),
      JSON.stringify((await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token })).body),
    ];
    for (const text of reads) {
      expect(text).toContain(parts[0]!.videoUrl);
      expect(text).not.toContain(parts[1]!.videoUrl);
      expect(text).not.toContain(parts[2]!.videoUrl);
    }
    const ref = { packageId, lectureId: String(parts[1]!.id) };
    for (const path of ['progress.start', 'lectures.saveProgress'] as const) {
      const refused = await call(t, 'mutation', path, ref, token, 'mr');
      expect(refused.status, path).toBe(403);
      expect(refused.error?.data.code).toBe('LECTURE_LOCKED');
      expect(refused.error?.message).toContain('उघडलेले नाही');
    }
    // The admin sees every lecture.
    const asAdmin = await call(t, 'query', 'lectures.forPackage', { packageId }, admin);
    expect(asAdmin.data.lectures).toHaveLength(3);

    // A week later (00:00 IST), the second lecture opens.
    clock.set(istMidnight + 7 * DAY);
    const later = await call(t, 'query', 'lectures.forPackage', { packageId }, token);
    expect(later.data.lectures.map((lecture: { id: string }) => lecture.id)).toEqual([String(parts[0]!.id), String(parts[1]!.id)]);
    expect((await call(t, 'mutation', 'progress.start', ref, token)).status).toBe(200);
  });

  it('opens each lecture after its own days, and keeps open a lecture already played when a schedule is set later', async () => {
    const { token, packageId, parts } = await boughtPackage();
    await call(t, 'mutation', 'progress.start', { packageId, lectureId: String(parts[2]!.id) }, token);
    const days = [
      { lectureId: String(parts[1]!.id), days: 2 },
      { lectureId: String(parts[2]!.id), days: 30 },
    ];
    expect((await call(t, 'mutation', 'drip.set', { packageId, mode: 'days', days }, admin)).status).toBe(200);
    const schedule = await call(t, 'query', 'drip.schedule', { packageId }, admin);
    expect(schedule.data.lectures.map((lecture: { openAfterDays: number | null }) => lecture.openAfterDays)).toEqual([null, 2, 30]);
    const player = await call(t, 'query', 'lectures.forPackage', { packageId }, token);
    expect(player.data.lectures.map((lecture: { id: string }) => lecture.id)).toEqual([String(parts[0]!.id), String(parts[2]!.id)]);
    expect(player.data.locked.map((lecture: { id: string }) => lecture.id)).toEqual([String(parts[1]!.id)]);
  });

  it('refuses days out of range or a lecture of another package, changing nothing', async () => {
    const { packageId, parts } = await boughtPackage();
    const other = await boughtPackage();
    for (const days of [
      [{ lectureId: String(parts[0]!.id), days: -1 }],
      [{ lectureId: String(parts[0]!.id), days: 5000 }],
      [
        { lectureId: String(parts[0]!.id), days: 2 },
        { lectureId: String(other.parts[0]!.id), days: 2 },
      ],
    ]) {
      const refused = await call(t, 'mutation', 'drip.set', { packageId, mode: 'days', days }, admin);
      expect(refused.status).toBe(400);
    }
    const schedule = await call(t, 'query', 'drip.schedule', { packageId }, admin);
    expect(schedule.data).toMatchObject({ mode: null });
    expect(schedule.data.lectures.map((lecture: { openAfterDays: number | null }) => lecture.openAfterDays)).toEqual([null, null, null]);
  });

  it('emails a learner once when a lecture opens, in their language, with when the next one opens', async () => {
    const { user, packageId } = await boughtPackage();
    await call(t, 'mutation', 'drip.set', { packageId, mode: 'weekly' }, admin);
    // The first run only notes the buyer: the first lecture opened at purchase.
    notifyOpenedLectures(t.deps);
    const before = (await t.outbox()).filter((message) => message.to.includes(user.email));
    expect(before).toHaveLength(0);
    clock.set(Date.UTC(2026, 10, 23, 18, 30) + 7 * DAY + 60_000);
    expect(notifyOpenedLectures(t.deps).emailed).toBeGreaterThanOrEqual(1);
    expect(notifyOpenedLectures(t.deps).emailed).toBe(0);
    await waitForEmail(t.outbox, user.email);
    const sent = (await t.outbox()).filter((message) => message.to.includes(user.email));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('नवीन लेक्चर उघडले');
    expect(sent[0]!.text).toContain('भाग 2 · Part 2');
    expect(sent[0]!.text).toContain('8 डिसेंबर 2026');
    expect(sent[0]!.text).toContain(`/course-content/${packageId}`);
  });
});
