import { eq } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { lectureWatches, lectures, packages, quizAttempts, quizOptions, quizQuestions, quizzes } from '../server/db/schema.js';
import { callProcedure, trpcData, type ProcedureType } from './trpc-http.js';
import type { TestApp } from './test-app.js';

export type Answer = { status: number; data: any; error: { message: string; data: { code: string; httpStatus: number } } | undefined };

/** Calls a procedure over HTTP as the app does and answers its status, data and error. */
export async function call(t: TestApp, type: ProcedureType, path: string, input: unknown, token?: string | null, lang?: 'en' | 'mr'): Promise<Answer> {
  const answer = await callProcedure(t.url, path, type, input, { token: token ?? null, ...(lang && { headers: { 'x-lang': lang } }) });
  return { status: answer.status, data: answer.status < 400 ? trpcData(answer.body) : undefined, error: answer.body?.error };
}

/** Every lecture of the package done by the learner (watched), as if they had played each one through. */
export function watchEveryLecture(db: Db, userId: number, packageId: number, at = Date.now()): void {
  for (const lecture of db.select().from(lectures).where(eq(lectures.packageId, packageId)).all()) {
    db.insert(lectureWatches)
      .values({
        userId,
        lectureId: lecture.id,
        packageId,
        startedAt: at,
        watchedSeconds: 600,
        durationSeconds: 600,
        doneAt: at,
        doneHow: 'watched',
        updatedAt: at,
      })
      .onConflictDoNothing()
      .run();
  }
}

/**
 * A quiz (of a lecture, or the package's final one) with one question whose right choices are
 * the first and third of four, and the explanation given.
 */
export function quizWithQuestion(db: Db, packageId: number, lectureId: number | null, explanation = 'Both are ways to save.') {
  const quiz = db.insert(quizzes).values({ packageId, lectureId, passPercent: 100, createdAt: Date.now() }).returning().get();
  const question = db
    .insert(quizQuestions)
    .values({
      quizId: quiz.id,
      position: 0,
      textEn: 'Which are ways to save?',
      textMr: 'बचतीचे मार्ग कोणते?',
      explanationEn: explanation,
      explanationMr: explanation,
      createdAt: Date.now(),
    })
    .returning()
    .get();
  const choices = [
    { textEn: 'A recurring deposit', textMr: 'आवर्ती ठेव', correct: true },
    { textEn: 'A credit card bill', textMr: 'क्रेडिट कार्ड बिल', correct: false },
    { textEn: 'A SIP in a mutual fund', textMr: 'म्युच्युअल फंडातील SIP', correct: true },
    { textEn: 'A personal loan', textMr: 'वैयक्तिक कर्ज', correct: false },
  ].map((choice, position) =>
    db
      .insert(quizOptions)
      .values({ questionId: question.id, position, ...choice })
      .returning()
      .get(),
  );
  return { quiz, question, choices, right: [choices[0]!.id, choices[2]!.id] };
}

/** A passing attempt of the learner at the quiz. */
export function passQuiz(db: Db, userId: number, quizId: number): void {
  db.insert(quizAttempts)
    .values({ quizId, userId, submittedAt: Date.now(), rightCount: 1, questionCount: 1, scorePercent: 100, passed: true, answers: '{}' })
    .run();
}

export function enableCertificates(db: Db, packageId: number): void {
  db.update(packages).set({ certificates: true }).where(eq(packages.id, packageId)).run();
}
