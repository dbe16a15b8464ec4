import en from '../../locales/en/notifications.json';
import mr from '../../locales/mr/notifications.json';
import { defineMessages } from '../../lib/i18n';

/** Texts of the admin's "Messages not delivered" screen: shipped only in the admin chunks. */
export const useNotificationsMessages = defineMessages({ en, mr });
