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

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const quizzesInputs = {
  ofPackageForAdmin: z.object({ packageId: entityId }),
  create: newQuizInput,
  setPassPercent: quizSettingsInput,
  remove: quizRef,
  saveQuestion: questionInput,
  moveQuestion: moveQuestionInput,
  removeQuestion: z.object({ questionId: entityId }),
  ofPackage: z.object({ packageId: entityId }),
  take: quizRef,
  submit: answersInput,
  attempts: quizRef,
};

export const quizzesRouter = router({
  // Admins
  /** A package's quizzes with their questions and right answers. */
  ofPackageForAdmin: adminProcedure
    .input(quizzesInputs.ofPackageForAdmin)
    .query(({ ctx, input }) => adminQuizzes(ctx.db, input.packageId).map(toAdminQuizView)),
  create: adminProcedure.input(quizzesInputs.create).mutation(({ ctx, input }) => ({ quizId: String(createQuiz(ctx, input).id) })),
  setPassPercent: adminProcedure.input(quizzesInputs.setPassPercent).mutation(({ ctx, input }) => {
    setPassPercent(ctx.db, input.quizId, input.passPercent);
    return { ok: true as const };
  }),
  remove: adminProcedure.input(quizzesInputs.remove).mutation(({ ctx, input }) => {
    deleteQuiz(ctx.db, input.quizId);
    return { ok: true as const };
  }),
  saveQuestion: adminProcedure.input(quizzesInputs.saveQuestion).mutation(({ ctx, input }) => ({ questionId: String(saveQuestion(ctx, input).questionId) })),
  moveQuestion: adminProcedure.input(quizzesInputs.moveQuestion).mutation(({ ctx, input }) => moveQuestion(ctx.db, input)),
  removeQuestion: adminProcedure.input(quizzesInputs.removeQuestion).mutation(({ ctx, input }) => {
    deleteQuestion(ctx.db, input.questionId);
    return { ok: true as const };
  }),

  // Learners (buyers and admins)
  /** The package's quizzes as this learner stands with them. */
  ofPackage: protectedProcedure
    .input(quizzesInputs.ofPackage)
    .query(({ ctx, input }) => quizzesOfPackage(ctx, ctx.user, input.packageId).map(toQuizSummaryView)),
  /** The questions to answer, without anything that tells the right answers. */
  take: protectedProcedure.input(quizzesInputs.take).query(({ ctx, input }) => toQuizToTakeView(quizToTake(ctx, ctx.user, input.quizId))),
  /** Checks and keeps an attempt; answers the result. */
  submit: protectedProcedure.input(quizzesInputs.submit).mutation(async ({ ctx, input }) => toAttemptResultView(await submitAttempt(ctx, ctx.user, input))),
  /** The learner's own attempts at a quiz. */
  attempts: protectedProcedure.input(quizzesInputs.attempts).query(({ ctx, input }) => ownAttempts(ctx, ctx.user, input.quizId)),
});
