import en from '../../locales/en/affiliate.json';
import mr from '../../locales/mr/affiliate.json';
import { defineMessages } from '../../lib/i18n';

export const useAffiliateMessages = defineMessages({ en, mr });
