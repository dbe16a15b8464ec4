import { defineErrors } from '../../lib/errors.js';
import catalog from './admin.errors.json' with { type: 'json' };

export const adminErrors = defineErrors(catalog);
