import { defineErrors } from '../../lib/errors.js';
import catalog from './receipts.errors.json' with { type: 'json' };

export const receiptErrors = defineErrors(catalog);
