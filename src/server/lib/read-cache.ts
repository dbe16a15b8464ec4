/**
 * Answers of hot reads, kept in memory until a write changes what they show. Each entry names
 * the kinds of data it depends on; a service that changes such data invalidates that kind after
 * its transaction commits. One cache per database, so test apps never share answers.
 */
export type CacheTag = 'catalog' | 'earnings';

type Entry = { value: unknown; tags: readonly CacheTag[] };

/** Enough for every viewer's leaderboard rank of a busy week; the oldest entries go first beyond it. */
const MAX_ENTRIES = 20_000;

export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  get<T>(key: string, tags: readonly CacheTag[], compute: () => T): T {
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const value = compute();
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
