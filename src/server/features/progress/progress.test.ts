import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../../test/factories.js';
import { call, enableCertificates } from '../../../test/learning.js';
import { packageAccessRevocations } from '../../db/schema.js';
import { startTestApp, testClock, type TestApp } from '../../../test/test-app.js';

const clock = testClock(Date.UTC(2026, 10, 24, 6));
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now, build: { dripEmails: false } });
});

afterAll(async () => {
  await t.close();
});

async function learnerWithPackage() {
  const { user, token } = await createUserWithToken(t.db);
  const pkg = createPackage(t.db);
  const youtube = addLecture(t.db, pkg.id, 0, 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  const drive = addLecture(t.db, pkg.id, 1, 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview');
  const unmeasured = addLecture(t.db, pkg.id, 2, 'https://player.vimeo.com/video/76979871', null);
  grantPackage(t.db, user.id, pkg.id);
  const ref = (lecture: { id: number }) => ({ packageId: String(pkg.id), lectureId: String(lecture.id) });
  return { user, token, pkg, youtube, drive, unmeasured, ref };
}

const minutes = (n: number) => n * 60 * 1000;

describe('a lecture counts as done only once watched, never before it was played', () => {
  it('refuses a report or a tick for a lecture that was not played', async () => {
    const { token, youtube, drive, ref } = await learnerWithPackage();
    const report = await call(t, 'mutation', 'progress.watched', { ...ref(youtube), watchedSeconds: 600, durationSeconds: 600 }, token);
    expect(report.status).toBe(409);
    expect(report.error?.data.code).toBe('LECTURE_NOT_STARTED');
    const marked = await call(t, 'mutation', 'progress.markDone', ref(drive), token, 'mr');
    expect(marked.status).toBe(409);
    expect(marked.error?.message).toContain('प्ले');
    const progress = await call(t, 'query', 'progress.ofPackage', { packageId: ref(youtube).packageId }, token);
    expect(progress.data.map((lecture: { done: boolean }) => lecture.done)).toEqual([false, false, false]);
  });

  it('ticks a YouTube lecture once 90% of it was played, and never more than the clock allows', async () => {
    const { user, token, youtube, ref } = await learnerWithPackage();
    expect((await call(t, 'mutation', 'progress.start', ref(youtube), token)).status).toBe(200);
    // Ten minutes of video claimed one minute after play: at most two minutes (twice the speed) are believed.
    clock.advance(minutes(1));
    let report = await call(t, 'mutation', 'progress.watched', { ...ref(youtube), watchedSeconds: 600, durationSeconds: 600 }, token);
    expect(report.data).toEqual({ done: false });
    let progress = await call(t, 'query', 'progress.ofPackage', { packageId: ref(youtube).packageId }, token);
    expect(progress.data[0]).toMatchObject({ started: true, done: false, watchedPercent: 20, canMarkDone: false });
    // Half of it, later: not yet.
    clock.advance(minutes(5));
    report = await call(t, 'mutation', 'progress.watched', { ...ref(youtube), watchedSeconds: 300, durationSeconds: 600 }, token);
    expect(report.data).toEqual({ done: false });
    // 540 of 600 seconds (90%): done.
    report = await call(t, 'mutation', 'progress.watched', { ...ref(youtube), watchedSeconds: 540, durationSeconds: 600 }, token);
    expect(report.data).toEqual({ done: true });
    progress = await call(t, 'query', 'progress.ofPackage', { packageId: ref(youtube).packageId }, token);
    expect(progress.data[0]).toMatchObject({ done: true, watchedPercent: 90 });
    // A later, smaller report takes nothing back.
    report = await call(t, 'mutation', 'progress.watched', { ...ref(youtube), watchedSeconds: 10, durationSeconds: 600 }, token);
    expect(report.data).toEqual({ done: true });
    // Another learner's package taken back hides nothing of this learner's.
    const other = await learnerWithPackage();
    t.db
      .insert(packageAccessRevocations)
      .values({ userId: other.user.id, packageId: other.pkg.id, reason: 'Shared', revokedBy: user.id, revokedAt: Date.now() })
      .run();
    const mine = await call(t, 'query', 'progress.mine', undefined, token);
    expect(mine.data).toEqual([{ packageId: ref(youtube).packageId, total: 3, done: 1 }]);
  });

  it('lets the learner tick a played Drive lecture once there was time to watch it, and a YouTube one only while its player never told its length', async () => {
    const { token, youtube, drive, ref } = await learnerWithPackage();
    await call(t, 'mutation', 'progress.start', ref(drive), token);
    const progress = await call(t, 'query', 'progress.ofPackage', { packageId: ref(drive).packageId }, token);
    expect(progress.data[1]).toMatchObject({ started: true, done: false, canMarkDone: true, lengthKnown: true });
    // 600 s long: at twice the speed, 90% of it takes 270 s.
    const early = await call(t, 'mutation', 'progress.markDone', ref(drive), token, 'mr');
    expect(early.error?.data.code).toBe('LECTURE_TOO_SOON');
    expect(early.error?.message).toContain('पाहा');
    clock.advance(270 * 1000);
    expect((await call(t, 'mutation', 'progress.markDone', ref(drive), token)).data).toEqual({ done: true });

    await call(t, 'mutation', 'progress.start', ref(youtube), token);
    clock.advance(minutes(1));
    await call(t, 'mutation', 'progress.watched', { ...ref(youtube), watchedSeconds: 30, durationSeconds: 600 }, token);
    clock.advance(minutes(10));
    const refused = await call(t, 'mutation', 'progress.markDone', ref(youtube), token);
    expect(refused.status).toBe(409);
    expect(refused.error?.data.code).toBe('LECTURE_MEASURED');
  });

  it('lets a YouTube lecture whose player never answered be ticked only after the time to watch it', async () => {
    const { token, youtube, ref } = await learnerWithPackage();
    await call(t, 'mutation', 'progress.start', ref(youtube), token);
    expect((await call(t, 'mutation', 'progress.markDone', ref(youtube), token)).error?.data.code).toBe('LECTURE_TOO_SOON');
    clock.advance(minutes(5));
    expect((await call(t, 'mutation', 'progress.markDone', ref(youtube), token)).data).toEqual({ done: true });
  });

  it('takes no length from the browser: a one-second "length" finishes nothing', async () => {
    const { token, youtube, ref } = await learnerWithPackage();
    await call(t, 'mutation', 'progress.start', ref(youtube), token);
    const report = await call(t, 'mutation', 'progress.watched', { ...ref(youtube), watchedSeconds: 1, durationSeconds: 1 }, token);
    expect(report.data).toEqual({ done: false });
    const progress = await call(t, 'query', 'progress.ofPackage', { packageId: ref(youtube).packageId }, token);
    expect(progress.data[0]).toMatchObject({ done: false, watchedPercent: 0 });
  });

  it('finishes no lecture whose length the admin has not set, by watching or by a tick', async () => {
    const { token, unmeasured, ref } = await learnerWithPackage();
    await call(t, 'mutation', 'progress.start', ref(unmeasured), token);
    clock.advance(minutes(60));
    const report = await call(t, 'mutation', 'progress.watched', { ...ref(unmeasured), watchedSeconds: 3000, durationSeconds: 3000 }, token);
    expect(report.data).toEqual({ done: false });
    const marked = await call(t, 'mutation', 'progress.markDone', ref(unmeasured), token);
    expect(marked.status).toBe(409);
    expect(marked.error?.data.code).toBe('LECTURE_MEASURED');
    const progress = await call(t, 'query', 'progress.ofPackage', { packageId: ref(unmeasured).packageId }, token);
    expect(progress.data[2]).toMatchObject({ done: false, lengthKnown: false, canMarkDone: false });
    // A player that never answered: the tick says why it cannot be done yet.
    const other = await learnerWithPackage();
    await call(t, 'mutation', 'progress.start', other.ref(other.unmeasured), other.token);
    clock.advance(minutes(60));
    const silent = await call(t, 'mutation', 'progress.markDone', other.ref(other.unmeasured), other.token);
    expect(silent.error?.data.code).toBe('LECTURE_LENGTH_UNKNOWN');
  });

  it('as a learner script, claims no lecture and no certificate instantly: only the time passing earns them', async () => {
    const { user, token } = await createUserWithToken(t.db);
    const pkg = createPackage(t.db);
    enableCertificates(t.db, pkg.id);
    const lectureList = [0, 1].map((position) => addLecture(t.db, pkg.id, position, undefined, 1200));
    grantPackage(t.db, user.id, pkg.id);
    const packageId = String(pkg.id);
    const claimAll = async () => {
      for (const lecture of lectureList) {
        const ref = { packageId, lectureId: String(lecture.id) };
        await call(t, 'mutation', 'progress.start', ref, token);
        await call(t, 'mutation', 'progress.watched', { ...ref, watchedSeconds: 1200, durationSeconds: 1 }, token);
        await call(t, 'mutation', 'progress.markDone', ref, token);
      }
      return call(t, 'mutation', 'certificates.claim', { packageId, name: 'Kiran Patil' }, token);
    };
    const instant = await claimAll();
    expect(instant.status).toBe(409);
    expect(instant.error?.data.code).toBe('NOT_FINISHED');
    expect((await call(t, 'query', 'progress.mine', undefined, token)).data).toEqual([{ packageId, total: 2, done: 0 }]);
    // Eight minutes on: 960 s playable at twice the speed (and 5 s of slack), short of 90% of 1,200 s.
    clock.advance(minutes(8));
    expect((await claimAll()).error?.data.code).toBe('NOT_FINISHED');
    // Nine minutes on: 1,080 s playable, 90% reached.
    clock.advance(minutes(1));
    const earned = await claimAll();
    expect(earned.status).toBe(200);
    expect(earned.data.name).toBe('Kiran Patil');
  });

  it('keeps progress to buyers: another learner is refused, and a lecture of another package is not found', async () => {
    const { youtube, ref } = await learnerWithPackage();
    const stranger = await createUserWithToken(t.db);
    expect((await call(t, 'mutation', 'progress.start', ref(youtube), stranger.token)).status).toBe(403);
    expect((await call(t, 'query', 'progress.ofPackage', { packageId: ref(youtube).packageId }, stranger.token)).status).toBe(403);
    const other = await learnerWithPackage();
    const wrong = await call(t, 'mutation', 'progress.start', { packageId: ref(youtube).packageId, lectureId: String(other.youtube.id) }, other.token);
    expect(wrong.status).toBe(403);
    const own = await learnerWithPackage();
    const mismatch = await call(t, 'mutation', 'progress.start', { packageId: String(own.pkg.id), lectureId: String(youtube.id) }, own.token);
    expect(mismatch.status).toBe(404);
  });
});
