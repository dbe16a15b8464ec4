import { defineErrors } from '../../lib/errors.js';
import catalog from './order-reversal.errors.json' with { type: 'json' };

/** Reversing an approved order (admins, by its UTR). */
export const reversalErrors = defineErrors(catalog);
