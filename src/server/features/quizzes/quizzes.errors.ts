import { defineErrors } from '../../lib/errors.js';
import catalog from './quizzes.errors.json' with { type: 'json' };

export const quizErrors = defineErrors(catalog);
