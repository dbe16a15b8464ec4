import { defineErrors } from '../../lib/errors.js';
import catalog from './privacy.errors.json' with { type: 'json' };

/** A person's rights over their data: consent, a copy, erasure. */
export const privacyErrors = defineErrors(catalog);
