import { defineErrors } from '../../lib/errors.js';
import catalog from './payments.errors.json' with { type: 'json' };

/** Paying through the payment gateway, and what admins do with its payments. */
export const paymentErrors = defineErrors(catalog);
