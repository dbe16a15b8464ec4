import { z } from 'zod';
import { entityId } from '../../../shared/schemas.js';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { lectureRef, watchedInput } from './progress.schemas.js';
import { markLectureDone, progressFor, progressOfOwned, reportWatched, startLecture } from './progress.service.js';
import { toLectureProgressView, toOwnedProgressView } from './progress.views.js';

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const progressInputs = {
  start: lectureRef,
  watched: watchedInput,
  markDone: lectureRef,
  ofPackage: z.object({ packageId: entityId }),
};

export const progressRouter = router({
  /** The learner tapped play on an open lecture of a package they may watch. */
  start: protectedProcedure.input(progressInputs.start).mutation(({ ctx, input }) => startLecture(ctx, ctx.user, input)),

  /** The player's report of how much was played: the server decides whether that makes it done. */
  watched: protectedProcedure.input(progressInputs.watched).mutation(({ ctx, input }) => reportWatched(ctx, ctx.user, input)),

  /** Marks a played lecture done where its player cannot tell how much was played. */
  markDone: protectedProcedure.input(progressInputs.markDone).mutation(({ ctx, input }) => markLectureDone(ctx, ctx.user, input)),

  /** Each lecture of a package as this learner stands with it: buyers and admins only. */
  ofPackage: protectedProcedure
    .input(progressInputs.ofPackage)
    .query(({ ctx, input }) => progressFor(ctx.db, ctx.user, input.packageId).map(toLectureProgressView)),

  /** Lectures done of each package the learner owns, for My Packages. */
  mine: protectedProcedure.query(({ ctx }) => progressOfOwned(ctx.db, ctx.user.id).map(toOwnedProgressView)),
});
