import { createHash } from 'node:crypto';
import type { Db } from '../server/db/client.js';

function tableNames(db: Db): string[] {
  return db.$client
    .prepare<[], { name: string }>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name",
    )
    .all()
    .map((row) => row.name);
}

/** How many rows each table holds. */
export function rowCounts(db: Db): Record<string, number> {
  return Object.fromEntries(tableNames(db).map((name) => [name, db.$client.prepare<[], { n: number }>(`select count(*) as n from "${name}"`).get()!.n]));
}

/**
 * A checksum of every row of every table (migrations' own bookkeeping aside): equal before and
 * after a call means the call changed nothing stored. `except` leaves tables out.
 */
export function dbChecksum(db: Db, options: { except?: readonly string[] } = {}): string {
  const hash = createHash('sha256');
  for (const name of tableNames(db)) {
    if (options.except?.includes(name)) continue;
    hash.update(`\u0000${name}\u0000`);
    for (const row of db.$client.prepare(`select * from "${name}" order by rowid`).iterate()) {
      hash.update(JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : value)));
    }
  }
  return hash.digest('hex');
}
