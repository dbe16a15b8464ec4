import { defineErrors } from '../../lib/errors.js';
import catalog from './statements.errors.json' with { type: 'json' };

export const statementErrors = defineErrors(catalog);
