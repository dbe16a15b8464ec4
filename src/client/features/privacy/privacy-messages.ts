import en from '../../locales/en/privacy.json';
import mr from '../../locales/mr/privacy.json';
import { defineMessages } from '../../lib/i18n';

export const usePrivacyMessages = defineMessages({ en, mr });
