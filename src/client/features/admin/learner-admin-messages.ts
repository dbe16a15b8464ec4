import en from '../../locales/en/learner-admin.json';
import mr from '../../locales/mr/learner-admin.json';
import { defineMessages } from '../../lib/i18n';

export const useLearnerAdminMessages = defineMessages({ en, mr });
