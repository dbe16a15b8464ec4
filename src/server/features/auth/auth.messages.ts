import { defineTexts } from '../../lib/texts.js';
import catalog from './auth.messages.json' with { type: 'json' };

/** What a successful REST call says as its `message`, in the request's language (the app's own texts are in its locales). */
export const authText = defineTexts(catalog);
