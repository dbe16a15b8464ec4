import { z } from 'zod';
import { entityId, wholeNumber } from '../../../shared/schemas.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { packageReports, stuckLearners } from './learning-report.service.js';

const stuckInput = z.object({
  packageId: entityId,
  days: wholeNumber(1, 365, 'LIMIT_INVALID').default(14),
});

const id = (value: number | null) => (value === null ? null : String(value));

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const learningReportInputs = {
  stuck: stuckInput,
};

export const learningReportRouter = router({
  /** Completion per package and pass rates per quiz. */
  packages: adminProcedure.query(({ ctx }) =>
    packageReports(ctx.db).map((row) => ({
      ...row,
      packageId: String(row.packageId),
      quizzes: row.quizzes.map((quiz) => ({ ...quiz, quizId: String(quiz.quizId), lectureId: id(quiz.lectureId) })),
    })),
  ),

  /** Who is stuck on which lecture of a package: no progress for `days` days (14 unless given). */
  stuck: adminProcedure
    .meta({ audit: true })
    .input(learningReportInputs.stuck)
    .query(({ ctx, input }) =>
      stuckLearners(ctx.db, input.packageId, input.days, ctx.now()).map((group) => ({
        ...group,
        lectureId: String(group.lectureId),
        learners: group.learners.map((learner) => ({ ...learner, userId: String(learner.userId) })),
      })),
    ),
});
