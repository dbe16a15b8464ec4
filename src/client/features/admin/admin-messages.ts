import en from '../../locales/en/admin.json';
import mr from '../../locales/mr/admin.json';
import { defineMessages } from '../../lib/i18n';

/** Texts of the admin area's frame: sidebar and dashboard. */
export const useAdminMessages = defineMessages({ en, mr });
