import { defineErrors } from '../../lib/errors.js';
import catalog from './access.errors.json' with { type: 'json' };

export const accessErrors = defineErrors(catalog);
