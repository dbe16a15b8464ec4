import type Database from 'better-sqlite3';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { readCache, type CacheTag, type ReadCache } from '../lib/read-cache.js';
import {
  enrollments,
  ledger,
  lectures,
  loginDevices,
  orderReversals,
  orders,
  packageAccessRevocations,
  packages,
  payoutBatches,
  payoutDetails,
  payoutLines,
  payoutRequests,
  sessions,
  users,
} from './schema.js';

/**
 * Which tables feed the answers the read cache keeps (lib/read-cache.ts), declared once: a write
 * to a table here drops the entries of its tags and everything kept for the row's owner. The
 * database itself reports each write (a temporary trigger per table and kind of write, on this
 * connection), so no service, script or test factory has to remember to invalidate; a table
 * missing from this list is one whose rows no cached answer shows.
 */
type Feed = {
  table: SQLiteTable;
  /** The user the row belongs to: their session, profile, earnings cards and rank are dropped. */
  owner?: SQLiteColumn;
  tags?: readonly CacheTag[];
  /** Columns whose updates no cached answer shows (written often, so they must not empty the cache). */
  unseen?: readonly SQLiteColumn[];
};

export const cacheFeeds: readonly Feed[] = [
  // Names, pictures, roles and earnings totals: the user's own answers, and every leaderboard.
  { table: users, owner: users.id, tags: ['earnings'] },
  { table: sessions, owner: sessions.userId, unseen: [sessions.lastSeenAt] },
  { table: loginDevices, owner: loginDevices.userId },
  { table: enrollments, owner: enrollments.userId },
  { table: packageAccessRevocations, owner: packageAccessRevocations.userId },
  { table: orders, owner: orders.userId },
  { table: ledger, owner: ledger.userId, tags: ['earnings'] },
  { table: payoutDetails, owner: payoutDetails.userId },
  { table: payoutRequests, owner: payoutRequests.userId, tags: ['earnings'] },
  { table: payoutLines, owner: payoutLines.userId, tags: ['earnings'] },
  { table: payoutBatches, tags: ['earnings'] },
  { table: orderReversals, tags: ['earnings', 'catalog'] },
  { table: packages, tags: ['catalog'] },
  { table: lectures, tags: ['catalog'] },
];

const FUNCTION = 'read_cache_changed';

/** The triggers' statements for one table: after each insert, update and delete, report the owner(s). */
function triggersOf(feed: Feed): string[] {
  const { name, columns } = getTableConfig(feed.table);
  const tags = `'${(feed.tags ?? []).join(',')}'`;
  const report = (row: 'NEW' | 'OLD') => `SELECT ${FUNCTION}(${tags}, ${feed.owner ? `${row}."${feed.owner.name}"` : 'NULL'});`;
  const unseen = new Set((feed.unseen ?? []).map((column) => column.name));
  const seen = columns.filter((column) => !unseen.has(column.name)).map((column) => `"${column.name}"`);
  const trigger = (event: string, body: string) =>
    `CREATE TEMP TRIGGER IF NOT EXISTS "${FUNCTION}_${name}_${event.split(' ')[0]!.toLowerCase()}" AFTER ${event} ON main."${name}" BEGIN ${body} END`;
  return [
    trigger('INSERT', report('NEW')),
    trigger(`UPDATE OF ${seen.join(', ')}`, feed.owner ? `${report('OLD')} ${report('NEW')}` : report('NEW')),
    trigger('DELETE', report('OLD')),
  ];
}

/**
 * Makes the database report every write to a feeding table to this connection's read cache. Called
 * once per connection, after the migrations, outside any transaction (a rolled-back transaction
 * would take its temporary triggers with it). Until then the cache answers nothing from memory.
 */
export function reportWritesToReadCache(client: Database.Database): ReadCache {
  const cache = readCache(client);
  client.function(FUNCTION, { deterministic: false }, (tags: string, owner: number | bigint | null) => {
    for (const tag of tags ? (tags.split(',') as CacheTag[]) : []) cache.invalidate(tag);
    if (owner !== null) cache.forgetUser(Number(owner));
    return null;
  });
  for (const feed of cacheFeeds) for (const statement of triggersOf(feed)) client.exec(statement);
  cache.watched();
  return cache;
}
