import en from '../../locales/en/catalog.json';
import mr from '../../locales/mr/catalog.json';
import { defineMessages } from '../../lib/i18n';

export const useCatalogMessages = defineMessages({ en, mr });
