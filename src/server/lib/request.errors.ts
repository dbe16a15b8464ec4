import { defineErrors } from './errors.js';
import catalog from './request.errors.json' with { type: 'json' };
import { tooManyAttempts } from './rate-limit.js';

/**
 * What the server answers before any procedure runs: a body it cannot read, a path it does not
 * know, a write from another site, a form that is not multipart. The English texts are the ones
 * existing clients have always read.
 */
export const requestErrors = {
  ...defineErrors(catalog),
  /** A 429 raised before any procedure runs answers as the rate limits do (TOO_MANY_REQUESTS, one minute). */
  TOO_MANY_REQUESTS: () => tooManyAttempts(60),
};
