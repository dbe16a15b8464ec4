import { defineErrors } from '../../lib/errors.js';
import catalog from './certificates.errors.json' with { type: 'json' };

export const certificateErrors = defineErrors(catalog);
