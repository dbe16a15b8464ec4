import { z } from 'zod';
import { entityId } from '../../../shared/schemas.js';

export const lectureRef = z.object({ packageId: entityId, lectureId: entityId });

/** Seconds of a video: whole or not, never negative, at most a day (a longer report is refused). */
const seconds = z.number({ error: 'SECONDS_INVALID' }).finite('SECONDS_INVALID').min(0, 'SECONDS_INVALID').max(86_400, 'SECONDS_INVALID');

/** The player's length is optional and decides nothing: the server keeps each lecture's length (decision 144). */
export const watchedInput = lectureRef.extend({ watchedSeconds: seconds, durationSeconds: seconds.min(1, 'SECONDS_INVALID').optional() });
