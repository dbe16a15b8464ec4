import type { Language } from '../../../shared/domain.js';
import type { Localized } from '../../lib/errors.js';

const texts = {
  PAYOUT_SENT: { en: 'Email sent successfully!', mr: 'ईमेल यशस्वीरीत्या पाठवला!' },
} satisfies Record<string, Localized>;

export function affiliateText(key: keyof typeof texts, lang: Language): string {
  return texts[key][lang];
}
