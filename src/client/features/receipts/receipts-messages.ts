import en from '../../locales/en/receipts.json';
import mr from '../../locales/mr/receipts.json';
import { defineMessages } from '../../lib/i18n';

export const useReceiptsMessages = defineMessages({ en, mr });
