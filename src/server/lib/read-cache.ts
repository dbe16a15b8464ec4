import type Database from 'better-sqlite3';

/**
 * Answers of hot reads, kept in memory until a write changes what they show. Each entry names
 * the kinds of data it depends on, and the user it belongs to when it is one person's (their
 * session, profile, earnings cards, leaderboard rank). The database reports each write to a table
 * that feeds these answers (db/cache-feeds.ts declares which, once), and the cache drops that kind
 * or forgets that user as the row is written: the cache neither answers nor keeps anything while
 * the connection is inside a transaction, so a drop made inside one holds from its commit on, and
 * a rolled-back write leaves nothing stale behind. A connection whose writes are not reported
 * (`watched` never called) is never answered from memory.
 *
 * Another process writing the same database (the admin CLI, the legacy import, a restore) goes
 * through none of our services: SQLite's `PRAGMA data_version` changes on this connection
 * whenever another connection commits (never for this connection's own writes, so a "last seen"
 * update does not empty the cache), and the cache reads it before trusting anything it holds,
 * dropping everything when it moved. It reads it at most once per FOREIGN_COMMIT_LAG_MS (see
 * there). One cache per database, so test apps never share answers.
 */
export type CacheTag = 'catalog' | 'earnings';

type Entry = { value: unknown; tags: readonly CacheTag[]; userId: number | null };

/**
 * Enough for every signed-in learner of a busy day (a session, a profile, earnings cards and a
 * leaderboard rank each); the oldest entries go first beyond it.
 */
export const MAX_ENTRIES = 50_000;

/** Every object a cache has handed out: the same object is answered until a write invalidates it. */
const handedOut = new WeakSet<object>();

/**
 * How long a commit by another process may go unseen: a request that begins this long after it
 * or later is answered from the database. Reading `PRAGMA data_version` takes SQLite's shared-memory
 * locks: about 13 of the 72 µs of CPU a signed-in read took under load (bench/throughput.ts).
 * Read at most once per millisecond, it costs next to nothing, and a request sent because of that
 * commit (by whoever ran the admin command) comes later than that: the command alone takes tens
 * of milliseconds to exit. This process's own writes are seen at once, always.
 */
export const FOREIGN_COMMIT_LAG_MS = 1;

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<CacheTag, Set<string>>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly version: Database.Statement<[], number> | null;
  private dataVersion: number | null;
  /** When data_version was last read, on `clock`. */
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** Whether the database reports this connection's writes (db/cache-feeds.ts). */
  private isWatched = false;

  /**
   * Without a database connection (unit tests), nothing but explicit invalidation drops entries.
   * `clock` counts milliseconds and never goes back.
   */
  constructor(
    private readonly client: Database.Database | null = null,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.version = client ? client.prepare<[], number>('pragma data_version').pluck() : null;
    this.dataVersion = this.version ? this.version.get()! : null;
  }

  /**
   * Whether the cache may answer now: not inside a transaction, and after emptying it when
   * another connection has committed since the last look (see FOREIGN_COMMIT_LAG_MS).
   */
  private usable(): boolean {
    if (!this.client || !this.version) return true;
    if (!this.isWatched || this.client.inTransaction) return false;
    const now = this.clock();
    if (now - this.checkedAt < FOREIGN_COMMIT_LAG_MS) return true;
    const version = this.version.get()!;
    if (version !== this.dataVersion) {
      this.clear();
      this.dataVersion = version;
    }
    this.checkedAt = now;
    return true;
  }

  /** From now on the database reports every write that feeds the cache, so it may answer from memory. */
  watched(): void {
    this.isWatched = true;
  }

  get<T>(key: string, tags: readonly CacheTag[], compute: () => T): T {
    if (!this.usable()) return compute();
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const value = compute();
    this.store(key, value, tags, null);
    return value;
  }

  /**
   * One person's answer: `compute` answers the value and whose it is, or null (nothing is kept,
   * so an unknown token or a missing user costs a lookup each time and fills nothing).
   */
  getOwned<T>(key: string, tags: readonly CacheTag[], compute: () => { value: T; userId: number } | null): T | null {
    if (!this.usable()) return compute()?.value ?? null;
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const computed = compute();
    if (!computed) return null;
    this.store(key, computed.value, tags, computed.userId);
    return computed.value;
  }

  private store(key: string, value: unknown, tags: readonly CacheTag[], userId: number | null): void {
    if (typeof value === 'object' && value !== null) handedOut.add(value);
    if (this.entries.size >= MAX_ENTRIES) this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { value, tags, userId });
    for (const tag of tags) indexed(this.byTag, tag).add(key);
    if (userId !== null) indexed(this.byUser, userId).add(key);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) unindex(this.byTag, tag, key);
    if (entry.userId !== null) unindex(this.byUser, entry.userId, key);
  }

  /** Drops every entry that depends on this kind of data. */
  invalidate(tag: CacheTag): void {
    const keys = this.byTag.get(tag);
    if (keys) for (const key of [...keys]) this.drop(key);
  }

  /** Drops everything kept for this user: their sessions, the user behind them, their answers. */
  forgetUser(userId: number): void {
    const keys = this.byUser.get(userId);
    if (keys) for (const key of [...keys]) this.drop(key);
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

function indexed<K>(index: Map<K, Set<string>>, name: K): Set<string> {
  let keys = index.get(name);
  if (!keys) {
    keys = new Set();
    index.set(name, keys);
  }
  return keys;
}

function unindex<K>(index: Map<K, Set<string>>, name: K, key: string): void {
  const keys = index.get(name);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) index.delete(name);
}

/** The better-sqlite3 connection behind a Drizzle database or one of its transactions. */
function connectionOf(db: object): Database.Database | null {
  const handle = db as { $client?: Database.Database; session?: { client?: Database.Database }; inTransaction?: boolean };
  if (typeof handle.inTransaction === 'boolean') return db as Database.Database;
  return handle.$client ?? handle.session?.client ?? null;
}

const caches = new WeakMap<object, ReadCache>();

/** The cache of a database (Drizzle's or its better-sqlite3 connection); a transaction on it (`tx`) reaches the same cache. */
export function readCache(db: object): ReadCache {
  const key = connectionOf(db) ?? db;
  let cache = caches.get(key);
  if (!cache) {
    cache = new ReadCache(connectionOf(db));
    caches.set(key, cache);
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
