import { z } from 'zod';
import { entityId } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { watermarkFor } from './access.service.js';
import { lectureChangesInput, newLectureInput, progressInput, reorderInput } from './catalog.schemas.js';
import { toLectureView, toPlayerView } from './catalog.views.js';
import {
  appendLecture,
  deleteLecture,
  lastLectureId,
  lecturesWithoutLength,
  lockedLectures,
  reorderLectures,
  requireWatchAccess,
  saveProgress,
  updateLecture,
  watchableLectures,
} from './lectures.service.js';

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const lecturesInputs = {
  forPackage: z.object({ packageId: entityId }),
  add: newLectureInput,
  update: lectureChangesInput,
  remove: z.object({ id: entityId }),
  reorder: reorderInput,
  saveProgress: progressInput,
};

export const lecturesRouter = router({
  /** A package's open lectures with their links, the ones not open yet (titles and when), and where this learner stopped: buyers and admins only. */
  forPackage: protectedProcedure.input(lecturesInputs.forPackage).query(({ ctx, input }) => {
    requireWatchAccess(ctx.db, ctx.user, input.packageId);
    const now = ctx.now();
    return toPlayerView(
      watchableLectures(ctx.db, ctx.user, input.packageId, now),
      lastLectureId(ctx.db, ctx.user.id, input.packageId),
      watermarkFor(ctx.db, ctx.user, input.packageId),
      lockedLectures(ctx.db, ctx.user, input.packageId, now),
    );
  }),

  add: adminProcedure.input(lecturesInputs.add).mutation(({ ctx, input }) => {
    const lecture = appendLecture(ctx, input);
    return { lecture: toLectureView(lecture) };
  }),

  /** Edits a lecture's title, link and length in place: its progress, quizzes and drip day stay. */
  update: adminProcedure.input(lecturesInputs.update).mutation(({ ctx, input }) => ({ lecture: toLectureView(updateLecture(ctx.db, input)) })),

  /** Lectures whose length is not set yet, which nobody can finish: the admin's warning. */
  withoutLength: adminProcedure.query(({ ctx }) =>
    lecturesWithoutLength(ctx.db).map((lecture) => ({ ...lecture, id: String(lecture.id), packageId: String(lecture.packageId) })),
  ),

  remove: adminProcedure.input(lecturesInputs.remove).mutation(({ ctx, input }) => {
    deleteLecture(ctx.db, input.id);
    return { ok: true as const };
  }),

  /** The package's lectures in their new order: every lecture exactly once. */
  reorder: adminProcedure.input(lecturesInputs.reorder).mutation(({ ctx, input }) => {
    const lectures = reorderLectures(ctx.db, input.packageId, input.lectureIds);
    return { lectures: lectures.map(toLectureView) };
  }),

  saveProgress: protectedProcedure.input(lecturesInputs.saveProgress).mutation(({ ctx, input }) => {
    requireWatchAccess(ctx.db, ctx.user, input.packageId);
    saveProgress(ctx.db, ctx.user, input.packageId, input.lectureId, ctx.now());
    return { ok: true as const };
  }),
});
