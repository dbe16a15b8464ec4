/**
 * Quizzes (docs/decisions/014-quizzes.md): multiple-choice questions after a lecture or at the end of a
 * package, with a pass mark. Answers are checked here, every attempt is kept, and which choices
 * are right never leaves the server before an attempt is submitted: the questions a learner gets
 * carry no sign of it (not even how many are right), and what is shown after an attempt follows
 * QUIZ_SHOW_ANSWERS.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { lectures, packages, quizAttempts, quizOptions, quizQuestions, quizzes, type QuizRow } from '../../db/schema.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { isAdminRole } from '../../../shared/domain.js';
import type { Viewer } from '../catalog/access.service.js';
import { catalogErrors } from '../catalog/catalog.errors.js';
import { requirePackage } from '../../lib/packages.js';
import { requireWatchAccess } from '../catalog/lectures.service.js';
import { lectureOpenings } from '../drip/drip.service.js';
import { quizErrors, quizWait } from './quizzes.errors.js';
import type { AdminQuiz, AttemptResult, QuizForLearner, QuizSummary } from './quizzes.views.js';

type Learner = NonNullable<Viewer>;
type Deps = { db: Db; now: () => number };

/** Attempts a learner may submit in an hour, over all quizzes: enough to learn, too few to guess through. */
const attemptsPerHour = { points: 30, durationSeconds: 60 * 60 };

const MINUTE = 60_000;
/** The attempts at one quiz that count towards the wait before the next: those of the last day. */
const ATTEMPT_MEMORY_MS = 24 * 60 * MINUTE;
/** Attempts at one quiz within a day that need no wait after them. */
const FREE_ATTEMPTS = 1;
const LONGEST_WAIT_MS = 60 * MINUTE;

/**
 * When this learner may next submit this quiz: at once after their first attempt of the day, then
 * 1, 2, 4, 8... minutes after the last one (an hour at most), so that guessing the answers one
 * attempt at a time takes days while a learner who goes over the lecture again hardly waits.
 */
export function nextAttemptAt(db: Queryable, userId: number, quizId: number, now: number): number | null {
  const recent = db
    .select({ submittedAt: quizAttempts.submittedAt })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId), gt(quizAttempts.submittedAt, now - ATTEMPT_MEMORY_MS)))
    .orderBy(desc(quizAttempts.submittedAt))
    .all();
  const last = recent[0];
  if (!last || recent.length <= FREE_ATTEMPTS) return null;
  const wait = Math.min(LONGEST_WAIT_MS, MINUTE * 2 ** (recent.length - FREE_ATTEMPTS - 1));
  return last.submittedAt + wait;
}

function requireQuiz(db: Queryable, quizId: number): QuizRow {
  const quiz = db.select().from(quizzes).where(eq(quizzes.id, quizId)).get();
  if (!quiz) throw quizErrors.QUIZ_NOT_FOUND();
  return quiz;
}

function questionsOf(db: Queryable, quizId: number) {
  const questions = db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position), asc(quizQuestions.id)).all();
  const options =
    questions.length === 0
      ? []
      : db
          .select()
          .from(quizOptions)
          .where(
            inArray(
              quizOptions.questionId,
              questions.map((question) => question.id),
            ),
          )
          .orderBy(asc(quizOptions.position), asc(quizOptions.id))
          .all();
  return questions.map((question) => ({ ...question, options: options.filter((choice) => choice.questionId === question.id) }));
}

// Admin

/** A package's quizzes, in the order they were made. */
function quizzesOf(db: Queryable, packageId: number): QuizRow[] {
  return db.select().from(quizzes).where(eq(quizzes.packageId, packageId)).orderBy(asc(quizzes.id)).all();
}

/** A package's quizzes with every question and which choices are right: for admins only. */
export function adminQuizzes(db: Queryable, packageId: number): AdminQuiz[] {
  requirePackage(db, packageId);
  return quizzesOf(db, packageId).map((quiz) => ({ quiz, questions: questionsOf(db, quiz.id) }));
}

/** A new quiz after a lecture of the package, or at its end; one of each at most. */
export function createQuiz(deps: Deps, input: { packageId: number; lectureId: number | null; passPercent: number }): QuizRow {
  return deps.db.transaction((tx) => {
    requirePackage(tx, input.packageId);
    if (input.lectureId !== null) {
      const lecture = tx
        .select({ id: lectures.id })
        .from(lectures)
        .where(and(eq(lectures.id, input.lectureId), eq(lectures.packageId, input.packageId)))
        .get();
      if (!lecture) throw catalogErrors.LECTURE_NOT_FOUND();
    }
    const existing = tx
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(input.lectureId === null ? and(eq(quizzes.packageId, input.packageId), isNull(quizzes.lectureId)) : eq(quizzes.lectureId, input.lectureId))
      .get();
    if (existing) throw quizErrors.QUIZ_EXISTS();
    return tx
      .insert(quizzes)
      .values({ packageId: input.packageId, lectureId: input.lectureId, passPercent: input.passPercent, createdAt: deps.now() })
      .returning()
      .get();
  });
}

export function setPassPercent(db: Db, quizId: number, passPercent: number): void {
  requireQuiz(db, quizId);
  db.update(quizzes).set({ passPercent }).where(eq(quizzes.id, quizId)).run();
}

/** Deletes a quiz with its questions and attempts; certificates already issued stay. */
export function deleteQuiz(db: Db, quizId: number): void {
  const result = db.delete(quizzes).where(eq(quizzes.id, quizId)).run();
  if (result.changes === 0) throw quizErrors.QUIZ_NOT_FOUND();
}

export type QuestionInput = {
  quizId: number;
  questionId: number | null;
  textEn: string | null;
  textMr: string | null;
  explanationEn: string | null;
  explanationMr: string | null;
  options: { textEn: string | null; textMr: string | null; correct: boolean }[];
};

/** Adds a question at the end of the quiz, or replaces one (its choices too), in one transaction. */
export function saveQuestion(deps: Deps, input: QuestionInput): { questionId: number } {
  return deps.db.transaction((tx) => {
    requireQuiz(tx, input.quizId);
    const texts = { textEn: input.textEn, textMr: input.textMr, explanationEn: input.explanationEn, explanationMr: input.explanationMr };
    let questionId: number;
    if (input.questionId !== null) {
      const updated = tx
        .update(quizQuestions)
        .set(texts)
        .where(and(eq(quizQuestions.id, input.questionId), eq(quizQuestions.quizId, input.quizId)))
        .run();
      if (updated.changes === 0) throw quizErrors.QUESTION_NOT_FOUND();
      questionId = input.questionId;
      tx.delete(quizOptions).where(eq(quizOptions.questionId, questionId)).run();
    } else {
      const last = tx
        .select({ position: max(quizQuestions.position) })
        .from(quizQuestions)
        .where(eq(quizQuestions.quizId, input.quizId))
        .get();
      questionId = tx
        .insert(quizQuestions)
        .values({ quizId: input.quizId, position: (last?.position ?? -1) + 1, ...texts, createdAt: deps.now() })
        .returning({ id: quizQuestions.id })
        .get().id;
    }
    input.options.forEach((choice, position) => {
      tx.insert(quizOptions).values({ questionId, position, textEn: choice.textEn, textMr: choice.textMr, correct: choice.correct }).run();
    });
    return { questionId };
  });
}

/** Moves a question one place up or down in its quiz, swapping places with its neighbour; the first stays first, the last last. */
export function moveQuestion(db: Db, input: { questionId: number; direction: 'up' | 'down' }): { moved: boolean } {
  return db.transaction((tx) => {
    const question = tx.select().from(quizQuestions).where(eq(quizQuestions.id, input.questionId)).get();
    if (!question) throw quizErrors.QUESTION_NOT_FOUND();
    const up = input.direction === 'up';
    const neighbour = tx
      .select()
      .from(quizQuestions)
      .where(and(eq(quizQuestions.quizId, question.quizId), up ? lt(quizQuestions.position, question.position) : gt(quizQuestions.position, question.position)))
      .orderBy(up ? desc(quizQuestions.position) : asc(quizQuestions.position))
      .limit(1)
      .get();
    if (!neighbour) return { moved: false };
    tx.update(quizQuestions).set({ position: neighbour.position }).where(eq(quizQuestions.id, question.id)).run();
    tx.update(quizQuestions).set({ position: question.position }).where(eq(quizQuestions.id, neighbour.id)).run();
    return { moved: true };
  });
}

export function deleteQuestion(db: Db, questionId: number): void {
  const result = db.delete(quizQuestions).where(eq(quizQuestions.id, questionId)).run();
  if (result.changes === 0) throw quizErrors.QUESTION_NOT_FOUND();
}

// Learners

/**
 * Whether a quiz is open for this viewer: a lecture's quiz with its lecture (drip), the package's
 * final quiz once every lecture is open.
 */
function quizOpen(db: Queryable, viewer: Learner, quiz: QuizRow, now: number): boolean {
  const openings = lectureOpenings(db, { id: viewer.id, isAdmin: isAdminRole(viewer.role) }, quiz.packageId, now);
  if (quiz.lectureId === null) return openings.every((opening) => opening.open);
  return openings.find((opening) => opening.lecture.id === quiz.lectureId)?.open ?? false;
}

function attemptStats(db: Queryable, userId: number, quizId: number) {
  const rows = db
    .select({ scorePercent: quizAttempts.scorePercent, passed: quizAttempts.passed })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId)))
    .all();
  return {
    attempts: rows.length,
    passed: rows.some((row) => row.passed),
    bestPercent: rows.length === 0 ? null : Math.max(...rows.map((row) => row.scorePercent)),
  };
}

/** The quizzes of a package as this learner stands with them (no questions): buyers and admins only. */
export function quizzesOfPackage(deps: Deps, viewer: Learner, packageId: number): QuizSummary[] {
  requireWatchAccess(deps.db, viewer, packageId);
  const now = deps.now();
  return deps.db
    .select({ quiz: quizzes, questions: count(quizQuestions.id) })
    .from(quizzes)
    .leftJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
    .where(eq(quizzes.packageId, packageId))
    .groupBy(quizzes.id)
    .orderBy(asc(quizzes.id))
    .all()
    .filter((row) => row.questions > 0)
    .map((row) => ({
      quiz: row.quiz,
      questionCount: row.questions,
      open: quizOpen(deps.db, viewer, row.quiz, now),
      ...attemptStats(deps.db, viewer.id, row.quiz.id),
    }));
}

/** Each quiz (with questions) of the package, and whether this learner passed it. */
export function quizProgress(db: Queryable, userId: number, packageId: number): { quizId: number; passed: boolean }[] {
  return db
    .select({ quizId: quizzes.id })
    .from(quizzes)
    .innerJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
    .where(eq(quizzes.packageId, packageId))
    .groupBy(quizzes.id)
    .all()
    .map((row) => ({ quizId: row.quizId, passed: attemptStats(db, userId, row.quizId).passed }));
}

function requireLearnerQuiz(deps: Deps, viewer: Learner, quizId: number): QuizRow {
  const quiz = requireQuiz(deps.db, quizId);
  requireWatchAccess(deps.db, viewer, quiz.packageId);
  if (!quizOpen(deps.db, viewer, quiz, deps.now())) throw quizErrors.QUIZ_LOCKED();
  return quiz;
}

/** The quiz to answer: its questions and choices in both languages, and nothing that tells which are right. */
export function quizToTake(deps: Deps, viewer: Learner, quizId: number): QuizForLearner {
  const quiz = requireLearnerQuiz(deps, viewer, quizId);
  const questions = questionsOf(deps.db, quiz.id);
  if (questions.length === 0) throw quizErrors.QUIZ_EMPTY();
  return { quiz, questions, ...attemptStats(deps.db, viewer.id, quiz.id), ...placeOf(deps.db, quiz) };
}

/** Where a quiz stands, for its page's heading: the package's name, and its lecture's number (as the player counts) and title. */
function placeOf(db: Queryable, quiz: QuizRow): Pick<QuizForLearner, 'packageName' | 'lecture'> {
  const packageName = db.select({ name: packages.name }).from(packages).where(eq(packages.id, quiz.packageId)).get()?.name ?? '';
  if (quiz.lectureId === null) return { packageName, lecture: null };
  const ordered = db
    .select({ id: lectures.id, title: lectures.title })
    .from(lectures)
    .where(eq(lectures.packageId, quiz.packageId))
    .orderBy(asc(lectures.position), asc(lectures.id))
    .all();
  const index = ordered.findIndex((lecture) => lecture.id === quiz.lectureId);
  return { packageName, lecture: index < 0 ? null : { number: index + 1, title: ordered[index]!.title } };
}

/**
 * Checks an attempt and keeps it. A question is right when exactly its right choices were
 * ticked; one left unanswered is wrong. The score is the share of right questions (rounded
 * down), passing at the quiz's pass mark. The answer says which questions and choices were right
 * only as QUIZ_SHOW_ANSWERS allows (else the score alone), and a learner who tries again before
 * `nextAttemptAt` is told when they may.
 */
export async function submitAttempt(
  deps: Deps & { config: Pick<Config, 'quizShowAnswers'>; rateLimits: RateLimits },
  viewer: Learner,
  input: { quizId: number; answers: { questionId: number; optionIds: number[] }[] },
): Promise<AttemptResult> {
  const quiz = requireLearnerQuiz(deps, viewer, input.quizId);
  await deps.rateLimits.get('quiz:attempts', attemptsPerHour).hit(String(viewer.id));
  const questions = questionsOf(deps.db, quiz.id);
  if (questions.length === 0) throw quizErrors.QUIZ_EMPTY();
  const chosen = new Map<number, Set<number>>();
  for (const answer of input.answers) {
    const question = questions.find((item) => item.id === answer.questionId);
    if (!question || chosen.has(answer.questionId)) throw quizErrors.QUIZ_CHANGED();
    if (answer.optionIds.some((optionId) => !question.options.some((choice) => choice.id === optionId))) throw quizErrors.QUIZ_CHANGED();
    chosen.set(answer.questionId, new Set(answer.optionIds));
  }
  const checked = questions.map((question) => {
    const ticked = chosen.get(question.id) ?? new Set<number>();
    const right = question.options.filter((choice) => choice.correct).map((choice) => choice.id);
    const isRight = right.length === ticked.size && right.every((optionId) => ticked.has(optionId));
    return { question, ticked: [...ticked], right, isRight };
  });
  const rightCount = checked.filter((item) => item.isRight).length;
  const scorePercent = Math.floor((100 * rightCount) / questions.length);
  const passed = scorePercent >= quiz.passPercent;
  const submittedAt = deps.now();
  const allowedAt = nextAttemptAt(deps.db, viewer.id, quiz.id, submittedAt);
  if (allowedAt !== null && allowedAt > submittedAt) throw quizWait((allowedAt - submittedAt) / 1000);
  deps.db
    .insert(quizAttempts)
    .values({
      quizId: quiz.id,
      userId: viewer.id,
      submittedAt,
      rightCount,
      questionCount: questions.length,
      scorePercent,
      passed,
      answers: JSON.stringify(Object.fromEntries(checked.map((item) => [item.question.id, item.ticked]))),
    })
    .run();
  const everPassed = passed || attemptStats(deps.db, viewer.id, quiz.id).passed;
  const show = deps.config.quizShowAnswers === 'always' || (deps.config.quizShowAnswers === 'passed' && everPassed);
  return {
    quiz,
    submittedAt,
    rightCount,
    questionCount: questions.length,
    scorePercent,
    passed,
    showsAnswers: show,
    nextAttemptAt: nextAttemptAt(deps.db, viewer.id, quiz.id, submittedAt),
    checked,
  };
}

/** The learner's own attempts at a quiz, newest first. */
export function ownAttempts(deps: Deps, viewer: Learner, quizId: number) {
  const quiz = requireQuiz(deps.db, quizId);
  requireWatchAccess(deps.db, viewer, quiz.packageId);
  return deps.db
    .select({
      submittedAt: quizAttempts.submittedAt,
      rightCount: quizAttempts.rightCount,
      questionCount: quizAttempts.questionCount,
      scorePercent: quizAttempts.scorePercent,
      passed: quizAttempts.passed,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, viewer.id), eq(quizAttempts.quizId, quizId)))
    .orderBy(desc(quizAttempts.submittedAt), desc(quizAttempts.id))
    .limit(50)
    .all();
}

/** For the admin's report: each quiz of the package with its learners who tried, who passed, and attempts. */
export function quizStats(db: Queryable, packageId: number): { quiz: QuizRow; learners: number; passedLearners: number; attempts: number }[] {
  return quizzesOf(db, packageId).map((quiz) => {
    const rows = db.select({ userId: quizAttempts.userId, passed: quizAttempts.passed }).from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id)).all();
    const learners = new Set(rows.map((row) => row.userId));
    const passedLearners = new Set(rows.filter((row) => row.passed).map((row) => row.userId));
    return { quiz, learners: learners.size, passedLearners: passedLearners.size, attempts: rows.length };
  });
}
