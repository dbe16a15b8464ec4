import en from '../../locales/en/discounts.json';
import mr from '../../locales/mr/discounts.json';
import { defineMessages } from '../../lib/i18n';

export const useDiscountsMessages = defineMessages({ en, mr });
