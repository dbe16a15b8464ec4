import { languages, type Language } from './domain.js';

function isLanguage(value: string | null | undefined): value is Language {
  return !!value && (languages as readonly string[]).includes(value);
}

/**
 * The language a page opens in, decided the same way by the server and the app: the one a link
 * asks for (`?lang=`, a shared link), else the one the visitor chose on this browser, else the
 * site's default (`DEFAULT_LANGUAGE`, Marathi out of the box). The browser's own language setting
 * does not count: most phones in India are set to English whatever their owner reads best.
 */
export function decideLanguage(asked: string | null | undefined, chosen: string | null | undefined, siteDefault: Language): Language {
  if (isLanguage(asked)) return asked;
  if (isLanguage(chosen)) return chosen;
  return siteDefault;
}

/** The cookie that tells the server the language chosen on this browser, so its drawn pages match the app's. */
export const LANGUAGE_COOKIE = 'lang';
