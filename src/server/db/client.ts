import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { reportWritesToReadCache } from './cache-feeds.js';
import * as schema from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * Opens the database file (creating its folder), sets the pragmas every connection needs and
 * applies pending migrations. WAL lets readers go on while one writer writes; the busy timeout
 * makes a second writer (a CLI next to the server) wait instead of failing. The file is created
 * readable by its owner only (0600; SQLite gives its -wal and -shm files the same mode), in a
 * folder made 0700.
 *
 * Every `db.transaction` begins IMMEDIATE (it takes the write lock at BEGIN, waiting the busy
 * timeout for it): a deferred one that read first and then wrote would fail at once with
 * SQLITE_BUSY_SNAPSHOT if another process had written in between, a 500 for the person.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    closeSync(openSync(file, 'a', 0o600));
    // A database made by an older version was left readable by everyone: tighten it.
    for (const part of [file, `${file}-wal`, `${file}-shm`]) {
      try {
        chmodSync(part, 0o600);
      } catch {
        // Missing (-wal, -shm) or not ours to change.
      }
    }
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: withStatementCache(sqlite), schema }) as Db;
  db.$client = sqlite;
  const deferred = db.transaction.bind(db);
  db.transaction = ((transaction, config) =>
    deferred(
      (tx) => {
        rootOfTransaction.set(tx, db);
        return transaction(tx);
      },
      { behavior: 'immediate', ...config },
    )) as Db['transaction'];
  applyMigrations(db);
  reportWritesToReadCache(sqlite);
  return db;
}

/**
 * Applies pending migrations with foreign keys off, as SQLite's procedure for changing a table
 * asks (a migration may rebuild a table that others point at; PRAGMA foreign_keys cannot change
 * inside the migrations' transaction), then checks every foreign key once and turns them back on.
 * A database whose keys do not hold after a migration is not used.
 */
function applyMigrations(db: Db): void {
  const sqlite = db.$client;
  const applied = () =>
    (sqlite.prepare("select count(*) as n from sqlite_master where name = '__drizzle_migrations'").get() as { n: number }).n === 0
      ? 0
      : (sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
  const before = applied();
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(db, { migrationsFolder });
    if (applied() !== before) {
      const broken = sqlite.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
      if (broken.length > 0) {
        const first = broken[0]!;
        throw new Error(
          `After the migrations, ${broken.length} rows point at rows that do not exist (first: ${first.table} row ${first.rowid} -> ${first.parent}).`,
        );
      }
    }
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'app.db');
}

/** True when the database answers a trivial query. */
export function isDatabaseHealthy(db: Db): boolean {
  try {
    return db.$client.prepare('select 1 as ok').get() !== undefined;
  } catch {
    return false;
  }
}

/** The handle inside `db.transaction((tx) => ...)`. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a query function needs: the database, or a transaction on it. */
export type Queryable = Db | DbTransaction;

const preparedCache = new WeakMap<object, Map<string, unknown>>();
/** The database each transaction handle runs on: a query prepared on either runs on both (one connection). */
const rootOfTransaction = new WeakMap<object, Db>();

/**
 * A query prepared once per database (and shared by its transactions) and reused: building and
 * preparing a query costs more than running it, which matters on the reads every request makes
 * and on the approval's transaction.
 */
export function prepared<T>(db: Queryable, key: string, build: () => T): T {
  const owner = rootOfTransaction.get(db) ?? db;
  let byKey = preparedCache.get(owner);
  if (!byKey) {
    byKey = new Map();
    preparedCache.set(owner, byKey);
  }
  let query = byKey.get(key) as T | undefined;
  if (query === undefined) {
    query = build();
    byKey.set(key, query);
  }
  return query;
}

/** A named value of a prepared UPDATE: Drizzle's types take a placeholder in `set` only as SQL. */
export function setParam(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}
