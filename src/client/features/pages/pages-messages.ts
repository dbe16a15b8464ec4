import en from '../../locales/en/pages.json';
import mr from '../../locales/mr/pages.json';
import { defineMessages } from '../../lib/i18n';

export const usePagesMessages = defineMessages({ en, mr });

export type StaticPageKey = 'about' | 'privacy' | 'terms' | 'contact' | 'refund';
