import en from '../../locales/en/statements.json';
import mr from '../../locales/mr/statements.json';
import { defineMessages } from '../../lib/i18n';

export const useStatementsMessages = defineMessages({ en, mr });
