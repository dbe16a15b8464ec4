import type Database from 'better-sqlite3';

/**
 * Drizzle asks SQLite to prepare (parse and plan) a new statement for every query it runs; on the
 * approval path that was the largest single cost after the query building itself. Drizzle is given
 * this client, which keeps the statements it prepared by their SQL text (the most recent `size`)
 * and hands one out again in the state a new statement starts in: not raw, not plucked, not
 * expanded.
 *
 * Only Drizzle uses it. Code that prepares a statement of its own on `db.$client` and keeps it
 * (with its own modes, or iterating over it) gets a statement nobody else shares.
 */
export function withStatementCache(sqlite: Database.Database, size = 500): Database.Database {
  const statements = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const kept = statements.get(source);
    if (kept && !kept.busy) {
      statements.delete(source);
      statements.set(source, kept);
      if (kept.reader) kept.raw(false).pluck(false).expand(false);
      return kept;
    }
    const statement = sqlite.prepare(source);
    if (!kept) {
      if (statements.size >= size) statements.delete(statements.keys().next().value!);
      statements.set(source, statement);
    }
    return statement;
  };
  // Everything else (transactions, pragmas, exec) is the connection's own, through the prototype.
  return Object.create(sqlite, { prepare: { value: prepare } }) as Database.Database;
}
