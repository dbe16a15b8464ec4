import en from '../../locales/en/progress.json';
import mr from '../../locales/mr/progress.json';
import { defineMessages } from '../../lib/i18n';

export const useProgressMessages = defineMessages({ en, mr });
