import en from '../../locales/en/payouts-admin.json';
import mr from '../../locales/mr/payouts-admin.json';
import { defineMessages } from '../../lib/i18n';

export const usePayoutsAdminMessages = defineMessages({ en, mr });
