import en from '../../locales/en/certificates.json';
import mr from '../../locales/mr/certificates.json';
import { defineMessages } from '../../lib/i18n';

export const useCertificatesMessages = defineMessages({ en, mr });
