import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { containsAny, containsPattern } from './search.js';

const people = sqliteTable('people', { name: text('name').notNull(), email: text('email').notNull() });

function dbWith(rows: { name: string; email: string }[]) {
  const sqlite = new Database(':memory:');
  sqlite.exec('create table people (name text not null, email text not null)');
  const db = drizzle(sqlite);
  db.insert(people).values(rows).run();
  return db;
}

describe('the search box', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('matches typed text in any of the columns, wildcards taken literally, and nothing typed matches all', () => {
    const db = dbWith([
      { name: 'Asha Pawar', email: 'asha@example.com' },
      { name: 'Ravi_K', email: 'ravi@example.com' },
      { name: 'Meena 100%', email: 'meena@example.com' },
    ]);
    const names = (search: string | undefined) =>
      db
        .select()
        .from(people)
        .where(containsAny(search, [people.name, people.email]))
        .all()
        .map((row) => row.name);
    expect(names('asha')).toEqual(['Asha Pawar']);
    expect(names('RAVI@')).toEqual(['Ravi_K']);
    expect(names('_')).toEqual(['Ravi_K']);
    expect(names('%')).toEqual(['Meena 100%']);
    expect(names('  ')).toHaveLength(3);
    expect(names(undefined)).toHaveLength(3);
  });
});
