import en from '../../locales/en/payments.json';
import mr from '../../locales/mr/payments.json';
import { defineMessages } from '../../lib/i18n';

export const usePaymentsMessages = defineMessages({ en, mr });
