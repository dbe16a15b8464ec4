import { describe, expect, it } from 'vitest';
import { addLecture, createPackage, createUserWithToken } from '../../../test/factories.js';
import { call, enableCertificates, passQuiz, quizWithQuestion, watchEveryLecture } from '../../../test/learning.js';
import { testClock, type TestApp } from '../../../test/test-app.js';
import { appPerFile } from '../../../test/app-per-test.js';
import { enrollments, lectureWatches, quizAttempts } from '../../db/schema.js';
import { claimCertificate } from '../certificates/certificates.service.js';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(Date.UTC(2026, 10, 24, 6));
let t: TestApp;

appPerFile(
  (app) => {
    t = app;
  },
  { now: clock.now, build: { dripEmails: false } },
);

describe('the admin’s learning report', () => {
  it('counts buyers, starts, finishes, certificates and each quiz’s pass rate, and finds who is stuck where', async () => {
    const admin = (await createUserWithToken(t.db, { role: 'admin' })).token;
    const pkg = createPackage(t.db, { name: 'Report package' });
    const parts = [0, 1, 2].map((position) => addLecture(t.db, pkg.id, position));
    const partQuiz = quizWithQuestion(t.db, pkg.id, parts[0]!.id);
    const finalQuiz = quizWithQuestion(t.db, pkg.id, null);
    enableCertificates(t.db, pkg.id);
    const long = Date.UTC(2026, 10, 1, 6);
    const learners = await Promise.all(['Finisher', 'Stuck at two', 'Fresh', 'Never started'].map((name) => createUserWithToken(t.db, { name })));
    for (const learner of learners) t.db.insert(enrollments).values({ userId: learner.user.id, packageId: pkg.id, createdAt: long }).run();
    const [finisher, stuck, fresh] = learners;
    // The finisher did everything and took a certificate.
    watchEveryLecture(t.db, finisher!.user.id, pkg.id, long);
    passQuiz(t.db, finisher!.user.id, partQuiz.quiz.id);
    passQuiz(t.db, finisher!.user.id, finalQuiz.quiz.id);
    claimCertificate(t.deps, { id: finisher!.user.id, role: 'user' }, { packageId: pkg.id, name: 'Finisher Patil' });
    // Stuck: part 1 done long ago, failed its quiz; part 2 not done.
    t.db
      .insert(lectureWatches)
      .values({
        userId: stuck!.user.id,
        lectureId: parts[0]!.id,
        packageId: pkg.id,
        startedAt: long,
        doneAt: long,
        doneHow: 'watched',
        watchedSeconds: 600,
        durationSeconds: 600,
        updatedAt: long,
      })
      .run();
    t.db
      .insert(quizAttempts)
      .values({
        quizId: partQuiz.quiz.id,
        userId: stuck!.user.id,
        submittedAt: long,
        rightCount: 0,
        questionCount: 1,
        scorePercent: 0,
        passed: false,
        answers: '{}',
      })
      .run();
    // Fresh: played part 1 today.
    t.db
      .insert(lectureWatches)
      .values({ userId: fresh!.user.id, lectureId: parts[0]!.id, packageId: pkg.id, startedAt: clock.now(), updatedAt: clock.now() })
      .run();

    const report = await call(t, 'query', 'learningReport.packages', undefined, admin);
    const row = report.data.find((item: { packageId: string }) => item.packageId === String(pkg.id));
    expect(row).toMatchObject({ lectures: 3, buyers: 4, started: 3, finished: 1, certificates: 1 });
    expect(row.quizzes).toEqual([
      { quizId: String(partQuiz.quiz.id), lectureId: String(parts[0]!.id), position: 0, learners: 2, passed: 1, attempts: 2 },
      { quizId: String(finalQuiz.quiz.id), lectureId: null, position: null, learners: 1, passed: 1, attempts: 1 },
    ]);

    const stuckList = await call(t, 'query', 'learningReport.stuck', { packageId: String(pkg.id), days: 14 }, admin);
    expect(
      stuckList.data.map((group: { position: number; learners: { name: string }[] }) => [group.position, group.learners.map((learner) => learner.name)]),
    ).toEqual([
      [0, ['Never started']],
      [1, ['Stuck at two']],
    ]);
    clock.advance(20 * DAY);
    const later = await call(t, 'query', 'learningReport.stuck', { packageId: String(pkg.id), days: 14 }, admin);
    expect(
      later.data
        .find((group: { position: number }) => group.position === 0)
        .learners.map((learner: { name: string }) => learner.name)
        .sort(),
    ).toEqual(['Fresh', 'Never started']);
  });
});
