import type { Language } from './domain.js';

/** Values for a text's `{{name}}` placeholders. */
export type Params = Record<string, string | number>;

/** Fills `{{name}}` placeholders from `params`; unknown ones stay as they are. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * A text that says a count: a form per plural category of the language (CLDR's, through
 * `Intl.PluralRules`: "one" and "other" in English and Marathi), `other` when a category has none.
 * "1 lecture", "2 lectures"; "1 लेक्चर", "2 लेक्चर्स".
 */
export type PluralForms = { one?: string; other: string };

const rules = new Map<Language, Intl.PluralRules>();

/** The form of `forms` for `count` in `lang`, with `{{count}}` (and `params`) filled in. */
export function pluralText(forms: PluralForms, lang: Language, count: number, params?: Params): string {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang === 'mr' ? 'mr-IN' : 'en-IN');
    rules.set(lang, rule);
  }
  const category = rule.select(count);
  const form = (forms as Record<string, string | undefined>)[category] ?? forms.other;
  return interpolate(form, { ...params, count });
}

/** Whether a catalogue value is a set of plural forms. */
export function isPluralForms(value: unknown): value is PluralForms {
  return typeof value === 'object' && value !== null && typeof (value as PluralForms).other === 'string';
}
