import { defineTexts } from '../../lib/texts.js';
import catalog from './catalog.messages.json' with { type: 'json' };

/** What a successful catalogue REST call says as its `message`, in the request's language. */
export const catalogText = defineTexts(catalog);
