import { describe, expect, it } from 'vitest';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../../test/factories.js';
import { call } from '../../../test/learning.js';
import { callJson, testClock, type TestApp } from '../../../test/test-app.js';
import { appPerFile } from '../../../test/app-per-test.js';

let t: TestApp;
let admin: string;
const clock = testClock();

appPerFile(
  async (app) => {
    t = app;
    admin = (await createUserWithToken(t.db, { role: 'admin' })).token;
  },
  { now: clock.now, build: { dripEmails: false } },
);

const SECRET_EXPLANATION = 'A SIP and an RD both put money aside every month';

/** A package with a lecture, a lecture quiz made by the admin through the API, and a learner who bought it. */
async function quizSetup() {
  const pkg = createPackage(t.db);
  const lecture = addLecture(t.db, pkg.id, 0);
  const learner = await createUserWithToken(t.db);
  grantPackage(t.db, learner.user.id, pkg.id);
  const made = await call(t, 'mutation', 'quizzes.create', { packageId: String(pkg.id), lectureId: String(lecture.id), passPercent: 50 }, admin);
  expect(made.status).toBe(200);
  const quizId = made.data.quizId as string;
  const questions = [
    {
      textEn: 'Which are ways to save every month?',
      textMr: 'दर महिन्याला बचत करण्याचे मार्ग कोणते?',
      explanationEn: SECRET_EXPLANATION,
      explanationMr: 'SIP आणि RD दोन्हीमध्ये दर महिन्याला पैसे बाजूला ठेवले जातात',
      options: [
        { textEn: 'A recurring deposit', textMr: 'आवर्ती ठेव', correct: true },
        { textEn: 'A credit card bill', textMr: 'क्रेडिट कार्ड बिल', correct: false },
        { textEn: 'A SIP', textMr: 'SIP', correct: true },
      ],
    },
    {
      textMr: 'शेअर म्हणजे काय?',
      options: [
        { textMr: 'कंपनीतील हिस्सा', correct: true },
        { textMr: 'कर्ज', correct: false },
      ],
    },
  ];
  for (const question of questions) {
    expect((await call(t, 'mutation', 'quizzes.saveQuestion', { quizId, ...question }, admin)).status).toBe(200);
  }
  const forAdmin = await call(t, 'query', 'quizzes.ofPackageForAdmin', { packageId: String(pkg.id) }, admin);
  const [first, second] = forAdmin.data[0].questions as { id: string; options: { id: string; correct: boolean }[] }[];
  const right = (question: typeof first) => question!.options.filter((choice) => choice.correct).map((choice) => choice.id);
  const wrong = (question: typeof first) => question!.options.filter((choice) => !choice.correct).map((choice) => choice.id);
  return { pkg, lecture, learner, quizId, first: first!, second: second!, right, wrong };
}

describe('the admin writes quizzes', () => {
  it('refuses a question without text, without a right choice, or with too few choices, in the admin’s language', async () => {
    const { quizId } = await quizSetup();
    const cases = [
      {
        options: [
          { textEn: 'A', correct: true },
          { textEn: 'B', correct: false },
        ],
      },
      {
        textEn: 'Q?',
        options: [
          { textEn: 'A', correct: false },
          { textEn: 'B', correct: false },
        ],
      },
      { textEn: 'Q?', options: [{ textEn: 'A', correct: true }] },
      { textEn: 'Q?', options: [{ correct: true }, { textEn: 'B', correct: false }] },
    ];
    for (const input of cases) {
      const refused = await call(t, 'mutation', 'quizzes.saveQuestion', { quizId, ...input }, admin, 'mr');
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('moves a question up or down a place, the learner seeing the new order; the first stays first', async () => {
    const { pkg, learner, quizId, first, second } = await quizSetup();
    const order = async () =>
      ((await call(t, 'query', 'quizzes.take', { quizId }, learner.token)).data.questions as { id: string }[]).map((question) => question.id);
    expect(await order()).toEqual([first.id, second.id]);
    expect((await call(t, 'mutation', 'quizzes.moveQuestion', { questionId: second.id, direction: 'up' }, admin)).data).toEqual({ moved: true });
    expect(await order()).toEqual([second.id, first.id]);
    expect((await call(t, 'mutation', 'quizzes.moveQuestion', { questionId: second.id, direction: 'up' }, admin)).data).toEqual({ moved: false });
    expect((await call(t, 'mutation', 'quizzes.moveQuestion', { questionId: second.id, direction: 'down' }, admin)).data).toEqual({ moved: true });
    expect(await order()).toEqual([first.id, second.id]);
    const admins = await call(t, 'query', 'quizzes.ofPackageForAdmin', { packageId: String(pkg.id) }, admin);
    expect(admins.data[0].questions.map((question: { id: string }) => question.id)).toEqual([first.id, second.id]);
    expect((await call(t, 'mutation', 'quizzes.moveQuestion', { questionId: '999999', direction: 'up' }, admin)).status).toBe(404);
    expect((await call(t, 'mutation', 'quizzes.moveQuestion', { questionId: first.id, direction: 'sideways' }, admin)).status).toBe(400);
  });

  it('allows one quiz per lecture and one at the end of the package', async () => {
    const { pkg, lecture } = await quizSetup();
    const again = await call(t, 'mutation', 'quizzes.create', { packageId: String(pkg.id), lectureId: String(lecture.id), passPercent: 60 }, admin);
    expect(again.status).toBe(409);
    const final = await call(t, 'mutation', 'quizzes.create', { packageId: String(pkg.id), passPercent: 60 }, admin);
    expect(final.status).toBe(200);
    expect((await call(t, 'mutation', 'quizzes.create', { packageId: String(pkg.id), passPercent: 60 }, admin)).status).toBe(409);
    const elsewhere = addLecture(t.db, createPackage(t.db).id, 0);
    expect((await call(t, 'mutation', 'quizzes.create', { packageId: String(pkg.id), lectureId: String(elsewhere.id), passPercent: 60 }, admin)).status).toBe(
      404,
    );
  });
});

describe('a quiz’s right answers never leave the server before an attempt is submitted', () => {
  it('gives the learner the questions and choices only, through every read they can make', async () => {
    const { pkg, learner, quizId } = await quizSetup();
    const token = learner.token;
    const taken = await call(t, 'query', 'quizzes.take', { quizId }, token);
    expect(taken.status).toBe(200);
    // The page names its package and the lecture it follows, numbered as the player numbers it.
    expect(taken.data).toMatchObject({ packageName: pkg.name, lecture: { number: 1 } });
    for (const question of taken.data.questions) {
      expect(Object.keys(question).sort()).toEqual(['id', 'options', 'textEn', 'textMr']);
      for (const choice of question.options) expect(Object.keys(choice).sort()).toEqual(['id', 'textEn', 'textMr']);
    }
    const reads = [
      taken,
      await call(t, 'query', 'quizzes.ofPackage', { packageId: String(pkg.id) }, token),
      await call(t, 'query', 'quizzes.attempts', { quizId }, token),
      await call(t, 'query', 'lectures.forPackage', { packageId: String(pkg.id) }, token),
      await call(t, 'query', 'catalog.byId', { id: String(pkg.id) }, token),
      await call(t, 'query', 'progress.ofPackage', { packageId: String(pkg.id) }, token),
      await call(t, 'query', 'certificates.status', { packageId: String(pkg.id) }, token),
      await call(t, 'query', 'quizzes.ofPackageForAdmin', { packageId: String(pkg.id) }, token),
    ];
    const raw = await callJson(t.url, 'GET', `/trpc/quizzes.take?input=${encodeURIComponent(JSON.stringify({ quizId }))}`, { token });
    for (const answer of [...reads.map((read) => JSON.stringify(read.data ?? read.error)), JSON.stringify(raw.body)]) {
      expect(answer).not.toMatch(/correct|rightOption|explanation/i);
      expect(answer).not.toContain(SECRET_EXPLANATION);
    }
    // The admin's read is refused to the learner (it is the one that carries them).
    expect(reads.at(-1)!.status).toBe(403);
  });
});

describe('attempts', () => {
  it('checks answers on the server, keeps every attempt, and shows the right answers once passed (QUIZ_SHOW_ANSWERS=passed)', async () => {
    const { pkg, learner, quizId, first, second, right, wrong } = await quizSetup();
    const token = learner.token;
    // One right choice of two: the question is wrong; the second wrong too: 0%.
    const failed = await call(
      t,
      'mutation',
      'quizzes.submit',
      {
        quizId,
        answers: [
          { questionId: first.id, optionIds: [right(first)[0]] },
          { questionId: second.id, optionIds: wrong(second) },
        ],
      },
      token,
    );
    expect(failed.status).toBe(200);
    expect(failed.data).toMatchObject({ rightCount: 0, questionCount: 2, scorePercent: 0, passPercent: 50, passed: false, showsAnswers: false });
    expect(JSON.stringify(failed.data)).not.toMatch(/rightOption|explanation/);
    // The score only: which questions were right would let a learner guess one question at a time.
    expect(failed.data.questions).toEqual([]);

    const passed = await call(
      t,
      'mutation',
      'quizzes.submit',
      {
        quizId,
        answers: [
          { questionId: first.id, optionIds: right(first) },
          { questionId: second.id, optionIds: wrong(second) },
        ],
      },
      token,
    );
    expect(passed.data).toMatchObject({ rightCount: 1, scorePercent: 50, passed: true, showsAnswers: true });
    expect(passed.data.questions[0]).toMatchObject({ right: true, rightOptionIds: right(first), explanationEn: SECRET_EXPLANATION });
    expect(passed.data.questions[1]).toMatchObject({ right: false, rightOptionIds: right(second) });

    const attempts = await call(t, 'query', 'quizzes.attempts', { quizId }, token);
    expect(attempts.data.map((attempt: { passed: boolean }) => attempt.passed)).toEqual([true, false]);
    const summary = await call(t, 'query', 'quizzes.ofPackage', { packageId: String(pkg.id) }, token);
    expect(summary.data[0]).toMatchObject({ attempts: 2, passed: true, bestPercent: 50, questionCount: 2 });
  });

  it('follows QUIZ_SHOW_ANSWERS: never shows them with never, always with always', async () => {
    const { learner, quizId, first, second, wrong } = await quizSetup();
    const answers = [
      { questionId: first.id, optionIds: wrong(first) },
      { questionId: second.id, optionIds: [] },
    ];
    try {
      t.deps.config.quizShowAnswers = 'always';
      const always = await call(t, 'mutation', 'quizzes.submit', { quizId, answers }, learner.token);
      expect(always.data).toMatchObject({ passed: false, showsAnswers: true });
      expect(always.data.questions[0].rightOptionIds).toHaveLength(2);
      t.deps.config.quizShowAnswers = 'never';
      const never = await call(t, 'mutation', 'quizzes.submit', { quizId, answers }, learner.token);
      expect(never.data.showsAnswers).toBe(false);
      expect(JSON.stringify(never.data)).not.toMatch(/rightOption|explanation|"right"/);
      expect(never.data.questions).toEqual([]);
    } finally {
      t.deps.config.quizShowAnswers = 'passed';
    }
  });

  it('slows down repeated attempts at a quiz: a wait growing with each attempt, told in the learner’s language', async () => {
    const { learner, quizId, first, second, wrong } = await quizSetup();
    const answers = [
      { questionId: first.id, optionIds: wrong(first) },
      { questionId: second.id, optionIds: wrong(second) },
    ];
    const submit = () => call(t, 'mutation', 'quizzes.submit', { quizId, answers }, learner.token, 'mr');
    const firstTry = await submit();
    expect(firstTry.data.nextAttemptAt).toBeNull();
    const secondTry = await submit();
    expect(secondTry.status).toBe(200);
    expect(secondTry.data.nextAttemptAt).toBe(clock.now() + 60_000);
    const tooSoon = await submit();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.error?.data.code).toBe('QUIZ_WAIT');
    expect(tooSoon.error?.message).toContain('1 मिनिटांनी');
    const english = await call(t, 'mutation', 'quizzes.submit', { quizId, answers }, learner.token, 'en');
    expect(english.error?.message).toBe('Go over the lecture again first: you can try this quiz again in 1 minute.');
    clock.advance(60_000);
    expect((await submit()).data.nextAttemptAt).toBe(clock.now() + 2 * 60_000);
    clock.advance(60_000);
    expect((await submit()).error?.message).toContain('1 मिनिटांनी');
    clock.advance(60_000);
    expect((await submit()).data.nextAttemptAt).toBe(clock.now() + 4 * 60_000);
    // Refused attempts are not kept; another learner and another quiz are not slowed.
    const attempts = await call(t, 'query', 'quizzes.attempts', { quizId }, learner.token);
    expect(attempts.data).toHaveLength(4);
    const other = await quizSetup();
    grantPackage(t.db, learner.user.id, other.pkg.id);
    expect((await call(t, 'mutation', 'quizzes.submit', { quizId: other.quizId, answers: [] }, learner.token)).status).toBe(200);
    expect((await call(t, 'mutation', 'quizzes.submit', { quizId, answers }, other.learner.token)).status).toBe(403);
    // A day later the wait starts again.
    clock.advance(24 * 60 * 60_000);
    expect((await submit()).data.nextAttemptAt).toBeNull();
  });

  it('refuses answers naming a choice of another question, and a learner who did not buy the package', async () => {
    const { learner, quizId, first, second } = await quizSetup();
    const mixed = await call(
      t,
      'mutation',
      'quizzes.submit',
      { quizId, answers: [{ questionId: first.id, optionIds: [second.options[0]!.id] }] },
      learner.token,
    );
    expect(mixed.status).toBe(409);
    expect(mixed.error?.data.code).toBe('QUIZ_CHANGED');
    const stranger = await createUserWithToken(t.db);
    expect((await call(t, 'query', 'quizzes.take', { quizId }, stranger.token)).status).toBe(403);
    expect((await call(t, 'mutation', 'quizzes.submit', { quizId, answers: [] }, stranger.token)).status).toBe(403);
  });
});
