import { defineErrors } from '../../lib/errors.js';
import catalog from './discounts.errors.json' with { type: 'json' };

/** Discount codes at checkout, and their management. A refusal names why, never which other codes exist. */
export const discountErrors = defineErrors(catalog);
