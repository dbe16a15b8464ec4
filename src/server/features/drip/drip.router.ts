import { z } from 'zod';
import { dripModes, MAX_OPEN_AFTER_DAYS } from '../../../shared/learning.js';
import { entityId } from '../../../shared/schemas.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { dripSchedule, setDripSchedule } from './drip.service.js';

const packageRef = z.object({ packageId: entityId });

const days = z
  .number({ error: 'DRIP_MODE_INVALID' })
  .int('DRIP_MODE_INVALID')
  .min(0, 'DRIP_MODE_INVALID')
  .max(MAX_OPEN_AFTER_DAYS, 'DRIP_MODE_INVALID')
  .nullable();

const scheduleInput = packageRef.extend({
  mode: z.enum(dripModes, { error: 'DRIP_MODE_INVALID' }).nullable(),
  days: z
    .array(z.object({ lectureId: entityId, days }), { error: 'DRIP_MODE_INVALID' })
    .max(1000, 'DRIP_MODE_INVALID')
    .default([]),
});

function toScheduleView(schedule: ReturnType<typeof dripSchedule>) {
  return { mode: schedule.mode, lectures: schedule.lectures.map((lecture) => ({ ...lecture, id: String(lecture.id) })) };
}

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const dripInputs = {
  schedule: packageRef,
  set: scheduleInput,
};

export const dripRouter = router({
  /** A package's schedule: none, weekly, or each lecture's days after purchase. */
  schedule: adminProcedure.input(dripInputs.schedule).query(({ ctx, input }) => toScheduleView(dripSchedule(ctx.db, input.packageId))),
  set: adminProcedure.input(dripInputs.set).mutation(({ ctx, input }) => toScheduleView(setDripSchedule(ctx.db, input))),
});
