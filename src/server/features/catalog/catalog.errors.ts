import { defineErrors } from '../../lib/errors.js';
import { packageErrors } from '../../lib/packages.js';
import catalog from './catalog.errors.json' with { type: 'json' };

/** The catalogue's errors, PACKAGE_NOT_FOUND among them (declared in lib/packages.ts, which drip and quizzes use too). */
export const catalogErrors = { ...defineErrors(catalog), ...packageErrors };
