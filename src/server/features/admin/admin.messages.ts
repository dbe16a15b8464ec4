import type { Language } from '../../../shared/domain.js';
import type { Localized } from '../../lib/errors.js';

const texts = {
  USER_DELETED: { en: 'User deleted successfully!', mr: 'वापरकर्ता यशस्वीरीत्या हटवला!' },
} satisfies Record<string, Localized>;

export function adminText(key: keyof typeof texts, lang: Language): string {
  return texts[key][lang];
}
