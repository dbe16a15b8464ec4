import type { Language } from '../../../shared/domain.js';
import type { Localized } from '../../lib/errors.js';

/** What a successful catalogue REST call says as its `message`, in the request's language. */
const texts = {
  PACKAGE_CREATED: { en: 'Package created.', mr: 'पॅकेज तयार झाले.' },
  PACKAGE_REMOVED: { en: 'Package deleted.', mr: 'पॅकेज हटवले.' },
  PACKAGE_ARCHIVED: {
    en: 'Package removed from the catalogue. Learners who bought it keep it.',
    mr: 'पॅकेज कॅटलॉगमधून काढले. ज्यांनी ते विकत घेतले आहे त्यांच्याकडे ते राहील.',
  },
  LECTURE_ADDED: { en: 'Lecture added.', mr: 'लेक्चर जोडले.' },
  LECTURE_REMOVED: { en: 'Lecture deleted.', mr: 'लेक्चर हटवले.' },
} satisfies Record<string, Localized>;

export type CatalogText = keyof typeof texts;

export function catalogText(key: CatalogText, lang: Language): string {
  return texts[key][lang];
}
