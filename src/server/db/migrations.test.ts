import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from './client.js';

const temp: string[] = [];
afterEach(() => {
  while (temp.length) rmSync(temp.pop()!, { recursive: true, force: true });
});

/** A copy of the migrations folder holding only the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  temp.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** A database as the release before the gateway left it: users, a package, orders with everything that points at them. */
function databaseBeforeGateway(file: string) {
  const sqlite = new Database(file);
  sqlite.pragma('foreign_keys = ON');
  migrate(drizzle({ client: sqlite }), { migrationsFolder: migrationsUpTo(8) });
  const now = Date.UTC(2026, 10, 1);
  sqlite.exec(`
    insert into users (id, name, email, password_hash, referral_code, created_at) values
      (1, 'Admin', 'admin@example.com', 'x', 'ADMIN1', ${now}),
      (2, 'Asha', 'asha@example.com', 'x', 'ASHA01', ${now}),
      (3, 'Ravi', 'ravi@example.com', 'x', 'RAVI01', ${now});
    update users set role = 'superadmin' where id = 1;
    update users set sponsor_id = 2 where id = 3;
    insert into packages (id, name, description, price_paise, image, created_at) values (1, 'Basics', 'd', 99900, 'uploads/x.webp', ${now});
    insert into orders (id, user_id, package_id, amount_paise, utr, referrer_id, status, buyer_name, buyer_email, decided_by, decided_at, created_at) values
      (1, 3, 1, 99900, '412345678901', 2, 'approved', 'Ravi', 'ravi@example.com', 1, ${now}, ${now}),
      (2, 2, 1, 99900, '412345678902', null, 'pending', 'Asha', 'asha@example.com', null, null, ${now});
    insert into enrollments (user_id, package_id, order_id, created_at) values (3, 1, 1, ${now});
    insert into ledger (user_id, kind, amount_paise, order_id, created_at) values (2, 'commission', 9990, 1, ${now});
    insert into order_reversals (order_id, reason, commission_paise, reversed_by, reversed_at) values (1, 'Fake UTR', 9990, 1, ${now});
  `);
  sqlite.close();
}

describe('the migration that lets an order be paid through the gateway (0008)', () => {
  it('keeps every order and everything that points at it, and leaves the foreign keys naming the new tables', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrate-'));
    temp.push(dir);
    const file = path.join(dir, 'app.db');
    databaseBeforeGateway(file);

    const db = openDatabase(file);
    const sqlite = db.$client;
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      expect(sqlite.prepare('select id, utr, status, payment_method as method, gateway_order_id as gatewayOrder from orders order by id').all()).toEqual([
        { id: 1, utr: '412345678901', status: 'approved', method: 'utr', gatewayOrder: null },
        { id: 2, utr: '412345678902', status: 'pending', method: 'utr', gatewayOrder: null },
      ]);
      expect(sqlite.prepare('select order_id as orderId, reversed_by as reversedBy from order_reversals').all()).toEqual([{ orderId: 1, reversedBy: 1 }]);
      expect(sqlite.prepare('select count(*) as n from ledger where order_id = 1').get()).toEqual({ n: 1 });
      // No table points at a table the migration renamed away.
      const schemaSql = (sqlite.prepare("select group_concat(sql, ';') as text from sqlite_master").get() as { text: string }).text;
      expect(schemaSql).not.toContain('__old_');
      expect(schemaSql).toContain('REFERENCES `orders`');
      // The rules the old indexes kept still hold: a UTR of a live order cannot be used twice.
      expect(() =>
        sqlite
          .prepare(
            "insert into orders (user_id, package_id, amount_paise, utr, status, buyer_name, buyer_email, created_at) values (2, 1, 99900, '412345678901', 'rejected', 'A', 'a@example.com', 1)",
          )
          .run(),
      ).not.toThrow();
      expect(() =>
        sqlite
          .prepare(
            "insert into orders (user_id, package_id, amount_paise, utr, buyer_name, buyer_email, created_at) values (1, 1, 99900, '412345678902', 'A', 'a@example.com', 1)",
          )
          .run(),
      ).toThrow(/UNIQUE/);
      // An order paid through the gateway has no UTR.
      sqlite
        .prepare(
          "insert into orders (user_id, package_id, amount_paise, payment_method, gateway_order_id, buyer_name, buyer_email, created_at) values (1, 1, 99900, 'gateway', 'order_A', 'A', 'a@example.com', 1)",
        )
        .run();
    } finally {
      sqlite.close();
    }
  });
});
