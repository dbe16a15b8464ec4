import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../server/db/client.js';

/**
 * The promises of the ledger over a whole database, for tests that crash or restore it: the file is
 * sound, no commission outlives its order or is booked twice, and each person's kept totals match
 * their ledger lines (never more paid than earned).
 */
export function expectLedgerInvariants(db: Db) {
  expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
  const orphanCommissions = db.get<{ n: number }>(sql`
    select count(*) as n from ledger l left join orders o on o.id = l.order_id
    where l.kind = 'commission' and (o.id is null or o.status != 'approved')`)!.n;
  expect(orphanCommissions).toBe(0);
  const doubled = db.get<{ n: number }>(
    sql`select count(*) as n from (select order_id from ledger where kind = 'commission' group by order_id having count(*) > 1)`,
  )!.n;
  expect(doubled).toBe(0);
  const drift = db.all(sql`
    select u.id from users u
    left join (select user_id,
                      sum(case when kind in ('commission', 'correction') then amount_paise else 0 end) as earned,
                      sum(case when kind = 'payout' then amount_paise else 0 end) as paid
               from ledger group by user_id) l on l.user_id = u.id
    where u.earned_paise != coalesce(l.earned, 0) or u.paid_paise != coalesce(l.paid, 0) or u.paid_paise > u.earned_paise`);
  expect(drift).toEqual([]);
}
