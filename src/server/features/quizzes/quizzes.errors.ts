import { AppError, defineErrors } from '../../lib/errors.js';
import catalog from './quizzes.errors.json' with { type: 'json' };

export const quizErrors = defineErrors(catalog);

/**
 * The learner tried this quiz again before the wait after their last attempt was over (the wait
 * grows with attempts: see `nextAttemptAt`): a 429 saying when they may try again.
 */
export function quizWait(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    'QUIZ_WAIT',
    'TOO_MANY_REQUESTS',
    {
      en: `Go over the lecture again first: you can try this quiz again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      mr: `आधी लेक्चर पुन्हा पाहा: ही क्विझ तुम्ही ${minutes} मिनिटांनी पुन्हा देऊ शकता.`,
    },
    { retryAfterSeconds: Math.ceil(retryAfterSeconds) },
  );
}
