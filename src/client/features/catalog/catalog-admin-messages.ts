import en from '../../locales/en/catalog-admin.json';
import mr from '../../locales/mr/catalog-admin.json';
import { defineMessages } from '../../lib/i18n';

/** Texts of the admin's catalogue screens: shipped only in the admin chunks. */
export const useCatalogAdminMessages = defineMessages({ en, mr });
