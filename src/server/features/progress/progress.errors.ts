import { defineErrors } from '../../lib/errors.js';
import catalog from './progress.errors.json' with { type: 'json' };

export const progressErrors = defineErrors(catalog);
