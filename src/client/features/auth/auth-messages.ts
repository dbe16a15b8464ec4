import en from '../../locales/en/auth.json';
import mr from '../../locales/mr/auth.json';
import { defineMessages } from '../../lib/i18n';

export const useAuthMessages = defineMessages({ en, mr });
