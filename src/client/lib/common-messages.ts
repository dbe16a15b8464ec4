import en from '../locales/en/common.json';
import mr from '../locales/mr/common.json';
import { defineMessages } from './i18n';

/** The shell's texts: header, menu, footer, loading and error states. */
export const useCommonMessages = defineMessages({ en, mr });
