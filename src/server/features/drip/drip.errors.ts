import { defineErrors } from '../../lib/errors.js';
import catalog from './drip.errors.json' with { type: 'json' };

export const dripErrors = defineErrors(catalog);
