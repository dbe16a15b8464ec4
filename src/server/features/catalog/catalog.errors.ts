import { defineErrors } from '../../lib/errors.js';
import catalog from './catalog.errors.json' with { type: 'json' };

export const catalogErrors = defineErrors(catalog);
