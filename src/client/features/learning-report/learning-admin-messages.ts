import en from '../../locales/en/learning-admin.json';
import mr from '../../locales/mr/learning-admin.json';
import { defineMessages } from '../../lib/i18n';

export const useLearningAdminMessages = defineMessages({ en, mr });
