/**
 * The browser's storage, read and written without failing: storage can be blocked (private modes,
 * site settings), full, or hold text another version wrote. A read that fails is "nothing kept", a
 * write that fails is "not kept" (the visit goes on without it), and clearing what cannot be
 * reached clears nothing.
 */
type Area = 'local' | 'session';

function storageOf(area: Area): Storage {
  return area === 'local' ? localStorage : sessionStorage;
}

/** The text kept under `key`, or null (nothing kept, or storage blocked). */
export function readStored(area: Area, key: string): string | null {
  try {
    return storageOf(area).getItem(key);
  } catch {
    return null;
  }
}

/** The JSON value kept under `key` as written (the caller checks its shape), or null (nothing kept, unreadable, or storage blocked). */
export function readStoredJson<T>(area: Area, key: string): T | null {
  try {
    return JSON.parse(storageOf(area).getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** Keeps `value` (text, or JSON of anything else) under `key`; not kept when storage is blocked or full. */
export function writeStored(area: Area, key: string, value: unknown): void {
  try {
    storageOf(area).setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Not kept: the visit goes on without it.
  }
}

/** Forgets what is kept under `key` (nothing to clear when storage is blocked). */
export function clearStored(area: Area, key: string): void {
  try {
    storageOf(area).removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
