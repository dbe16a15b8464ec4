import { defineErrors } from '../../lib/errors.js';
import catalog from './orders.errors.json' with { type: 'json' };

export const orderErrors = defineErrors(catalog);
