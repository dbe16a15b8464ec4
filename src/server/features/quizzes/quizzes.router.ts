import { z } from 'zod';
import { entityId } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { answersInput, moveQuestionInput, newQuizInput, questionInput, quizSettingsInput } from './quizzes.schemas.js';
import {
  adminQuizzes,
  createQuiz,
  deleteQuestion,
  deleteQuiz,
  moveQuestion,
  ownAttempts,
  quizToTake,
  quizzesOfPackage,
  saveQuestion,
  setPassPercent,
  submitAttempt,
} from './quizzes.service.js';
import { toAdminQuizView, toAttemptResultView, toQuizSummaryView, toQuizToTakeView } from './quizzes.views.js';

const quizRef = z.object({ quizId: entityId });

export const quizzesRouter = router({
  // Admins
  /** A package's quizzes with their questions and right answers. */
  ofPackageForAdmin: adminProcedure
    .input(z.object({ packageId: entityId }))
    .query(({ ctx, input }) => adminQuizzes(ctx.db, input.packageId).map(toAdminQuizView)),
  create: adminProcedure.input(newQuizInput).mutation(({ ctx, input }) => ({ quizId: String(createQuiz(ctx, input).id) })),
  setPassPercent: adminProcedure.input(quizSettingsInput).mutation(({ ctx, input }) => {
    setPassPercent(ctx.db, input.quizId, input.passPercent);
    return { ok: true as const };
  }),
  remove: adminProcedure.input(quizRef).mutation(({ ctx, input }) => {
    deleteQuiz(ctx.db, input.quizId);
    return { ok: true as const };
  }),
  saveQuestion: adminProcedure.input(questionInput).mutation(({ ctx, input }) => ({ questionId: String(saveQuestion(ctx, input).questionId) })),
  moveQuestion: adminProcedure.input(moveQuestionInput).mutation(({ ctx, input }) => moveQuestion(ctx.db, input)),
  removeQuestion: adminProcedure.input(z.object({ questionId: entityId })).mutation(({ ctx, input }) => {
    deleteQuestion(ctx.db, input.questionId);
    return { ok: true as const };
  }),

  // Learners (buyers and admins)
  /** The package's quizzes as this learner stands with them. */
  ofPackage: protectedProcedure
    .input(z.object({ packageId: entityId }))
    .query(({ ctx, input }) => quizzesOfPackage(ctx, ctx.user, input.packageId).map(toQuizSummaryView)),
  /** The questions to answer, without anything that tells the right answers. */
  take: protectedProcedure.input(quizRef).query(({ ctx, input }) => toQuizToTakeView(quizToTake(ctx, ctx.user, input.quizId))),
  /** Checks and keeps an attempt; answers the result. */
  submit: protectedProcedure.input(answersInput).mutation(async ({ ctx, input }) => toAttemptResultView(await submitAttempt(ctx, ctx.user, input))),
  /** The learner's own attempts at a quiz. */
  attempts: protectedProcedure.input(quizRef).query(({ ctx, input }) => ownAttempts(ctx, ctx.user, input.quizId)),
});
