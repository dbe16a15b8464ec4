import { defineErrors } from '../../lib/errors.js';
import catalog from './whatsapp.errors.json' with { type: 'json' };

/** Turning WhatsApp updates on and off. */
export const whatsappErrors = defineErrors(catalog);
