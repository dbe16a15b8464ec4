import en from '../../locales/en/payouts.json';
import mr from '../../locales/mr/payouts.json';
import { defineMessages } from '../../lib/i18n';

export const usePayoutsMessages = defineMessages({ en, mr });
