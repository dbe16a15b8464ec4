import { defineErrors } from './errors.js';
import catalog from './account.errors.json' with { type: 'json' };

/**
 * Errors about a person's account that many features meet (a user looked up by id or by email,
 * an account gone while signed in, someone else's data asked for): declared once, here.
 */
export const accountErrors = defineErrors(catalog);
