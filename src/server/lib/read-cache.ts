/**
 * Answers of hot reads, kept in memory until a write changes what they show. Each entry names
 * the kinds of data it depends on; a service that changes such data invalidates that kind after
 * its transaction commits. One cache per database, so test apps never share answers.
 */
export type CacheTag = 'catalog' | 'earnings';

type Entry = { value: unknown; tags: readonly CacheTag[] };

/** Enough for every viewer's leaderboard rank of a busy week; the oldest entries go first beyond it. */
const MAX_ENTRIES = 20_000;

/** Every object a cache has handed out: the same object is answered until a write invalidates it. */
const handedOut = new WeakSet<object>();

export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  get<T>(key: string, tags: readonly CacheTag[], compute: () => T): T {
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const value = compute();
    if (typeof value === 'object' && value !== null) handedOut.add(value);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, tags });
    return value;
  }

  invalidate(tag: CacheTag): void {
    for (const [key, entry] of this.entries) if (entry.tags.includes(tag)) this.entries.delete(key);
  }
}

const caches = new WeakMap<object, ReadCache>();

export function readCache(db: object): ReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReadCache();
    caches.set(db, cache);
  }
  return cache;
}

const jsonTexts = new WeakMap<object, Map<unknown, string>>();

/**
 * The JSON text of `shape(value)`. For a value a read cache handed out it is made once per shape
 * and kept with the value (serializing a catalogue costs more than the rest of the request);
 * anything else is serialized afresh. `shape` must depend on the value alone.
 */
export function jsonOf<T>(value: T, shape: (value: T) => unknown): string {
  if (typeof value !== 'object' || value === null || !handedOut.has(value)) return JSON.stringify(shape(value));
  let byShape = jsonTexts.get(value);
  if (!byShape) {
    byShape = new Map();
    jsonTexts.set(value, byShape);
  }
  let text = byShape.get(shape);
  if (text === undefined) {
    text = JSON.stringify(shape(value));
    byShape.set(shape, text);
  }
  return text;
}
