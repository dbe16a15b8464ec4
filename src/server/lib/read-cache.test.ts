import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FOREIGN_COMMIT_LAG_MS, jsonOf, readCache, ReadCache } from './read-cache.js';

const shape = (rows: { n: number }[]) => ({ rows: rows.map((row) => row.n) });

describe('the read cache', () => {
  it('answers the same value until its kind of data is invalidated', () => {
    const cache = new ReadCache();
    let computed = 0;
    const read = () => cache.get('k', ['catalog'], () => [{ n: ++computed }]);
    const first = read();
    expect(read()).toBe(first);
    cache.invalidate('earnings');
    expect(read()).toBe(first);
    cache.invalidate('catalog');
    expect(read()).not.toBe(first);
    expect(read()).toEqual([{ n: 2 }]);
  });
});

describe('jsonOf', () => {
  it('keeps the text of a cached value, and makes it anew for the value that replaces it', () => {
    const cache = new ReadCache();
    let n = 0;
    const read = () => cache.get('k', ['catalog'], () => [{ n: ++n }]);
    expect(jsonOf(read(), shape)).toBe('{"rows":[1]}');
    expect(jsonOf(read(), shape)).toBe('{"rows":[1]}');
    expect(jsonOf(read(), (rows) => rows.length)).toBe('1');
    cache.invalidate('catalog');
    expect(jsonOf(read(), shape)).toBe('{"rows":[2]}');
  });

  it('serializes any other value afresh each time', () => {
    const rows = [{ n: 1 }];
    expect(jsonOf(rows, shape)).toBe('{"rows":[1]}');
    rows[0]!.n = 5;
    expect(jsonOf(rows, shape)).toBe('{"rows":[5]}');
    expect(jsonOf(null, () => null)).toBe('null');
  });
});

/** A cache told that its connection's writes are reported (as db/cache-feeds.ts makes them). */
function watchedCache(db: Database.Database, clock?: () => number): ReadCache {
  const cache = new ReadCache(db, clock);
  cache.watched();
  return cache;
}

describe('the read cache on a database', () => {
  const withDatabase = (run: (db: Database.Database, file: string) => void) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'read-cache-'));
    const file = path.join(dir, 'app.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('create table t (n integer)');
    try {
      run(db, file);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("forgets one user's answers and keeps everyone else's", () => {
    withDatabase((db) => {
      const cache = watchedCache(db);
      const a = cache.getOwned('profile:1', [], () => ({ value: { n: 1 }, userId: 1 }));
      const b = cache.getOwned('profile:2', [], () => ({ value: { n: 2 }, userId: 2 }));
      cache.forgetUser(1);
      expect(cache.getOwned('profile:1', [], () => ({ value: { n: 3 }, userId: 1 }))).not.toBe(a);
      expect(cache.getOwned('profile:2', [], () => null)).toBe(b);
      expect(cache.getOwned('missing', [], () => null)).toBeNull();
      expect(cache.size).toBe(2);
    });
  });

  it('neither answers nor keeps inside a transaction, so a rolled-back write leaves nothing behind', () => {
    withDatabase((db) => {
      const cache = watchedCache(db);
      const count = () => cache.get('count', ['earnings'], () => ({ n: (db.prepare('select count(*) as n from t').get() as { n: number }).n }));
      expect(count().n).toBe(0);
      expect(() =>
        db.transaction(() => {
          db.prepare('insert into t values (1)').run();
          cache.invalidate('earnings');
          expect(count().n).toBe(1);
          throw new Error('rolled back');
        })(),
      ).toThrow('rolled back');
      expect(count().n).toBe(0);
    });
  });

  it("drops everything when another connection commits, and nothing for this connection's own writes", () => {
    withDatabase((db, file) => {
      let now = 0;
      const cache = watchedCache(db, () => now);
      const first = cache.get('k', ['catalog'], () => ({ n: 1 }));
      db.prepare('insert into t values (1)').run();
      now += FOREIGN_COMMIT_LAG_MS;
      expect(cache.get('k', ['catalog'], () => ({ n: 2 }))).toBe(first);
      const other = new Database(file);
      other.prepare('insert into t values (2)').run();
      other.close();
      // A read that comes FOREIGN_COMMIT_LAG_MS after the other connection's commit sees it.
      now += FOREIGN_COMMIT_LAG_MS;
      expect(cache.get('k', ['catalog'], () => ({ n: 3 }))).toEqual({ n: 3 });
    });
  });

  it(`looks for other connections' commits at most once per ${FOREIGN_COMMIT_LAG_MS} ms`, () => {
    withDatabase((db, file) => {
      let now = 0;
      const cache = watchedCache(db, () => now);
      const first = cache.get('k', [], () => ({ n: 1 }));
      const other = new Database(file);
      other.prepare('insert into t values (2)').run();
      other.close();
      now += FOREIGN_COMMIT_LAG_MS / 2;
      expect(cache.get('k', [], () => ({ n: 2 }))).toBe(first);
      now += FOREIGN_COMMIT_LAG_MS / 2;
      expect(cache.get('k', [], () => ({ n: 3 }))).toEqual({ n: 3 });
    });
  });

  it("sees another connection's commit on the real clock, without being told", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'read-cache-'));
    const file = path.join(dir, 'app.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    try {
      const cache = watchedCache(db);
      const first = cache.get('k', [], () => ({ n: 1 }));
      const other = new Database(file);
      other.exec('create table u (n integer)');
      other.close();
      await new Promise((resolve) => setTimeout(resolve, FOREIGN_COMMIT_LAG_MS + 1));
      expect(cache.get('k', [], () => ({ n: 2 }))).not.toBe(first);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers nothing from memory on a connection whose writes are not reported', () => {
    withDatabase((db) => {
      const cache = new ReadCache(db);
      expect(cache.get('k', [], () => ({ n: 1 }))).not.toBe(cache.get('k', [], () => ({ n: 1 })));
      expect(cache.size).toBe(0);
    });
  });

  it('reaches the same cache from a Drizzle database and its transactions', () => {
    withDatabase((sqlite) => {
      const db = drizzle(sqlite);
      db.transaction((tx) => expect(readCache(tx)).toBe(readCache(db)));
    });
  });
});
