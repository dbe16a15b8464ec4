import type { Language } from '../../shared/domain.js';
import type { Localized } from './errors.js';

/**
 * A feature's texts (`*.messages.json`: each key in English and Marathi) as one function,
 * `text(key, lang)`. The catalog's keys are a typed union, so a misspelt key fails the typecheck.
 */
export function defineTexts<K extends string>(catalog: Record<K, Localized>): (key: K, lang: Language) => string {
  return (key, lang) => catalog[key][lang];
}
