import en from '../../locales/en/devices.json';
import mr from '../../locales/mr/devices.json';
import { defineMessages } from '../../lib/i18n';

export const useDevicesMessages = defineMessages({ en, mr });
