import type { Language } from '../../../shared/domain.js';
import type { Localized } from '../../lib/errors.js';

const texts = {
  ORDER_TAKEN: {
    en: 'Payment successful! Course will be added to your account.',
    mr: 'UTR मिळाला! आम्ही तुमचे पेमेंट तपासत आहोत.',
  },
  APPROVED: {
    en: "Order approved. The package is now in the buyer's account.",
    mr: 'ऑर्डर मंजूर झाली. पॅकेज आता खरेदीदाराच्या खात्यात आहे.',
  },
  REJECTED: { en: 'Order rejected. The buyer has been told by email.', mr: 'ऑर्डर नामंजूर झाली. खरेदीदाराला ईमेलने कळवले आहे.' },
} satisfies Record<string, Localized>;

export function orderText(key: keyof typeof texts, lang: Language): string {
  return texts[key][lang];
}
