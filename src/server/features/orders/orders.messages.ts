import { defineTexts } from '../../lib/texts.js';
import catalog from './orders.messages.json' with { type: 'json' };

/** What a successful REST call says as its `message`, in the request's language. */
export const orderText = defineTexts(catalog);
