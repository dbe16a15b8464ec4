import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

function connection() {
  const sqlite = new Database(':memory:');
  sqlite.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b'), ('c')");
  return sqlite;
}

describe('the statement cache Drizzle prepares through', () => {
  it('hands out the statement it prepared for the same SQL again, in the state a new one starts in', () => {
    const client = withStatementCache(connection());
    const first = client.prepare('select id, name from t where id = ?');
    expect(first.raw().get(1)).toEqual([1, 'a']);

    const again = client.prepare('select id, name from t where id = ?');
    expect(again).toBe(first);
    expect(again.get(2)).toEqual({ id: 2, name: 'b' });
    expect(client.prepare('select name from t where id = ?').pluck().get(3)).toBe('c');
    expect(client.prepare('select name from t where id = ?').get(3)).toEqual({ name: 'c' });
  });

  it('prepares a statement of its own while the kept one is still being iterated', () => {
    const client = withStatementCache(connection());
    const names: string[] = [];
    for (const row of client.prepare('select name from t order by id').iterate() as Iterable<{ name: string }>) {
      names.push(...(client.prepare('select name from t order by id').all() as { name: string }[]).map((inner) => `${row.name}${inner.name}`));
    }
    expect(names).toEqual(['aa', 'ab', 'ac', 'ba', 'bb', 'bc', 'ca', 'cb', 'cc']);
  });

  it('keeps only the most recent statements', () => {
    const client = withStatementCache(connection(), 2);
    const one = client.prepare('select 1');
    client.prepare('select 2');
    expect(client.prepare('select 1')).toBe(one);
    client.prepare('select 3');
    expect(client.prepare('select 1')).toBe(one);
    const two = client.prepare('select 2');
    expect(client.prepare('select 2')).toBe(two);
    expect(client.prepare('select 3')).not.toBe(client.prepare('select 1'));
  });

  it('leaves the connection itself alone: transactions and pragmas are its own', () => {
    const sqlite = connection();
    const client = withStatementCache(sqlite);
    const insert = client.transaction((name: string) => client.prepare('insert into t (name) values (?)').run(name));
    insert('d');
    expect(sqlite.prepare('select count(*) from t').pluck().get()).toBe(4);
    expect(client.pragma('journal_mode', { simple: true })).toBe('memory');
    expect(sqlite.prepare('select 1')).not.toBe(client.prepare('select 1'));
  });
});
