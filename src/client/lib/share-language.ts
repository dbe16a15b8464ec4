import { useSyncExternalStore } from 'react';
import { languages, type Language } from '../../shared/domain';
import { siteConfig } from './site-config';
import { readStored, writeStored } from './storage';

/**
 * The language of the people a sponsor shares links with (their audience), apart from the
 * language the sponsor reads the site in: a sponsor who reads in English may share with Marathi
 * readers. Remembered on this browser; the site's default until the sponsor picks one.
 */
const STORAGE_KEY = 'shareLang';
const listeners = new Set<() => void>();

function chosen(): Language {
  const stored = readStored('local', STORAGE_KEY);
  return stored && (languages as readonly string[]).includes(stored) ? (stored as Language) : siteConfig.defaultLanguage;
}

export function chooseShareLanguage(lang: Language): void {
  writeStored('local', STORAGE_KEY, lang);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The audience's language; a page drawn by the server (no storage there) starts with the site's default. */
export function useShareLanguage(): Language {
  return useSyncExternalStore(subscribe, chosen, () => siteConfig.defaultLanguage);
}
