import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { migrationsFolder, type Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';

/**
 * Opens the database for the import alone. SQLite's exclusive locking mode takes the database
 * for this connection until it closes: when a running server has the file open the lock cannot
 * be had, and the import refuses instead of writing under the server's feet; while the import
 * holds it, a server that starts waits and then fails to open the database rather than serve a
 * half-imported one. Answers null when the database is in use.
 */
export function openDatabaseForImport(file: string): Db | null {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  try {
    sqlite.pragma('busy_timeout = 0');
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('BEGIN EXCLUSIVE');
    sqlite.exec('COMMIT');
  } catch {
    sqlite.close();
    return null;
  }
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder });
  return db;
}
