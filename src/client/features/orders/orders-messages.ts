import en from '../../locales/en/orders.json';
import mr from '../../locales/mr/orders.json';
import { defineMessages } from '../../lib/i18n';

export const useOrdersMessages = defineMessages({ en, mr });

/** The orders messages' `t`, for a helper outside a component. */
export type OrdersText = ReturnType<typeof useOrdersMessages>['t'];
