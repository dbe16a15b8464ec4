import en from '../../locales/en/whatsapp.json';
import mr from '../../locales/mr/whatsapp.json';
import { defineMessages } from '../../lib/i18n';

export const useWhatsAppMessages = defineMessages({ en, mr });
