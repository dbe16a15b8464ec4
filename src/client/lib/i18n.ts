/**
 * Two languages, English and Marathi, with typed message keys.
 *
 * Each feature declares its catalogue once: `const useMessages = defineMessages({ en, mr })`.
 * The Marathi catalogue must have the English one's shape (a missing key fails the typecheck),
 * and `t('some.key')` only accepts keys that exist. The choice is remembered in localStorage (when
 * storage is blocked, for this visit only) and in a cookie the server reads to draw pages in it; a
 * visitor who has chosen none gets the site's default (shared/language.ts).
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { languages, type Language } from '../../shared/domain';
import { interpolate, isPluralForms, type Params, type PluralForms, pluralText } from '../../shared/texts';
import { decideLanguage, LANGUAGE_COOKIE } from '../../shared/language';
import { siteConfig } from './site-config';
import { readStored, writeStored } from './storage';

// Tests and pages fill texts the same way the hooks do.
export { interpolate, type Params };

const STORAGE_KEY = 'lang';

/** Tells the server the reader's language, so that it draws the next page in it. */
function rememberInCookie(lang: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain first-party cookie; the Cookie Store API is missing from the browsers learners use
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/** Keeps the choice on this browser: in storage for the app, in a cookie for the pages the server draws. */
function rememberChoice(lang: Language): void {
  writeStored('local', STORAGE_KEY, lang);
  rememberInCookie(lang);
}

/** A `?lang=` in the address (a link shared in one language), else the remembered choice, else the site's default. */
export function detectLanguage(): Language {
  const asked = new URLSearchParams(window.location.search).get('lang');
  const lang = decideLanguage(asked, readStored('local', STORAGE_KEY), siteConfig.defaultLanguage);
  if (lang === asked) rememberChoice(lang);
  return lang;
}

let current: Language = 'en';
/** The language the app started in: the drawn page's, which hydration must find whatever was chosen meanwhile. */
let started: Language = 'en';
const listeners = new Set<() => void>();

/**
 * Starts in the language the server drew the page in (`<html lang>`, decided from `?lang=`, the
 * cookie and the site's default), so that hydration finds the same texts; a page the server
 * did not draw detects it here. The reader's remembered choice, when it differs, is applied after
 * hydration (`applyRememberedLanguage`).
 */
export function initI18n(drawnOnServer: boolean): void {
  const drawn = document.documentElement.lang;
  current = drawnOnServer && (languages as readonly string[]).includes(drawn) ? (drawn as Language) : detectLanguage();
  started = current;
  document.documentElement.lang = current;
  if (new URLSearchParams(window.location.search).has('lang')) writeStored('local', STORAGE_KEY, current);
}

/** After hydration: the language this browser chose before, if the server did not know it (no cookie yet). */
export function applyRememberedLanguage(): void {
  const stored = readStored('local', STORAGE_KEY);
  if (stored && stored !== current && (languages as readonly string[]).includes(stored) && !new URLSearchParams(window.location.search).has('lang')) {
    changeLanguage(stored as Language);
  } else rememberInCookie(current);
}

export function currentLanguage(): Language {
  return current;
}

/**
 * The language of one page drawn on the server. The server draws pages of both languages side by
 * side, so there it comes from this context, never from the module's `current`.
 */
const DrawnLanguage = createContext<Language | null>(null);
export const DrawnLanguageProvider = DrawnLanguage.Provider;

export function changeLanguage(lang: Language): void {
  rememberChoice(lang);
  if (lang === current) return;
  current = lang;
  document.documentElement.lang = lang;
  // An address that names a language (a shared link) now names this one, so a reload keeps it.
  const address = new URL(window.location.href);
  if (address.searchParams.has('lang')) {
    address.searchParams.set('lang', lang);
    history.replaceState(history.state, '', address);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLanguage(): Language {
  const drawn = useContext(DrawnLanguage);
  // While hydrating, the language the page was drawn in, whatever was chosen meanwhile: hydration
  // must find the server's texts; React draws the chosen language once it is done.
  const live = useSyncExternalStore(subscribe, currentLanguage, () => started);
  return drawn ?? live;
}

type Join<K extends string, P> = P extends string ? `${K}.${P}` : never;
/** Catalogues nest at most a few levels; the counter keeps the compiler from recursing forever. */
type Depth = [never, 0, 1, 2, 3, 4];

/** Dotted paths to a catalogue's values that are a `Leaf`, looking into its groups (not into its texts or lists). */
type PathsTo<T, Leaf, D extends number = 5> = [D] extends [never]
  ? never
  : {
      [K in keyof T & string]: T[K] extends Leaf
        ? K
        : T[K] extends string | readonly unknown[]
          ? never
          : T[K] extends object
            ? Join<K, PathsTo<T[K], Leaf, Depth[D]>>
            : never;
    }[keyof T & string];

/** Dotted paths to the string leaves of a catalogue. */
export type TextKey<T> = PathsTo<T, string>;

/** Dotted paths to the catalogue's texts that say a count: `{ "one": "…", "other": "…" }`. */
export type CountKey<T> = PathsTo<T, { other: string }>;

/** Dotted paths to every value of a catalogue (lists and groups included). */
export type ValueKey<T, D extends number = 5> = [D] extends [never]
  ? never
  : {
      [K in keyof T & string]: T[K] extends string | readonly unknown[] ? K : T[K] extends object ? K | Join<K, ValueKey<T[K], Depth[D]>> : K;
    }[keyof T & string];

export type ValueAt<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? ValueAt<T[K], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

function lookup(catalogue: unknown, key: string): unknown {
  let value = catalogue;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

export type Messages<T> = {
  lang: Language;
  /** The text at `key`, with `{{name}}` placeholders filled from `params`. */
  t: (key: TextKey<T>, params?: Params) => string;
  /** The text at `key` that says `count`, in the form the language's plural rules pick ("1 lecture", "2 lectures"). */
  count: (key: CountKey<T>, count: number, params?: Params) => string;
  /** Any value of the catalogue as it is, such as a list of paragraphs. */
  get: <P extends ValueKey<T>>(key: P) => ValueAt<T, P>;
};

export function defineMessages<T extends object>(catalogues: { en: T; mr: NoInfer<T> }): () => Messages<T> {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per catalogue at module level, so each hook keeps one identity
  return function useMessages() {
    const lang = useLanguage();
    const catalogue = catalogues[lang];
    const t = useCallback(
      (key: string, params?: Params) => {
        const value = lookup(catalogue, key);
        return typeof value === 'string' ? interpolate(value, params) : key;
      },
      [catalogue],
    );
    const count = useCallback(
      (key: string, value: number, params?: Params) => {
        const forms = lookup(catalogue, key);
        return isPluralForms(forms) ? pluralText(forms as PluralForms, lang, value, params) : key;
      },
      [catalogue, lang],
    );
    const get = useCallback((key: string) => lookup(catalogue, key), [catalogue]);
    return { lang, t, count, get } as Messages<T>;
  };
}
