import fc from 'fast-check';
import pino from 'pino';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPackage, createUser } from '../../../test/factories.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type Db } from '../../db/client.js';
import { orders as ordersTable } from '../../db/schema.js';
import type { Mailer } from '../../lib/mailer.js';
import { deleteUserByEmail } from '../admin/users.service.js';
import { decideOrder, placeOrder } from '../orders/orders.service.js';
import { bookOpeningLine } from './ledger.service.js';
import { payEarnings } from './payouts.service.js';

const silentMailer: Mailer = { send: async () => undefined, sendInBackground: () => undefined, close: async () => undefined };

type Op =
  | { kind: 'order'; buyer: number; pkg: number }
  | { kind: 'approve'; order: number }
  | { kind: 'reject'; order: number }
  | { kind: 'pay'; user: number; rupees: number }
  | { kind: 'delete'; user: number }
  | { kind: 'opening'; user: number; rupees: number; paidRupees: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), buyer: fc.nat(7), pkg: fc.nat(2) }),
  fc.record({ kind: fc.constant('approve' as const), order: fc.nat(30) }),
  fc.record({ kind: fc.constant('reject' as const), order: fc.nat(30) }),
  fc.record({ kind: fc.constant('pay' as const), user: fc.nat(7), rupees: fc.integer({ min: 1, max: 800 }) }),
  fc.record({ kind: fc.constant('delete' as const), user: fc.nat(7) }),
  fc.record({ kind: fc.constant('opening' as const), user: fc.nat(7), rupees: fc.integer({ min: 1, max: 3000 }), paidRupees: fc.nat(3000) }),
);

/** Every promise about money, checked over the whole database. */
function checkLedger(db: Db) {
  const drift = db.all(sql`
    select u.id from users u
    left join (select user_id,
                      sum(case when kind in ('commission', 'correction') then amount_paise else 0 end) as earned,
                      sum(case when kind = 'payout' then amount_paise else 0 end) as paid
               from ledger group by user_id) l on l.user_id = u.id
    where u.earned_paise != coalesce(l.earned, 0) or u.paid_paise != coalesce(l.paid, 0)`);
  expect(drift, 'kept totals equal the sums of the ledger lines').toEqual([]);
  const overpaid = db.all(sql`select id from users where paid_paise > earned_paise`);
  expect(overpaid, 'payouts never exceed earnings').toEqual([]);
  const orphan = db.all(sql`
    select l.id from ledger l left join orders o on o.id = l.order_id
    where l.kind = 'commission' and (o.status is null or o.status != 'approved')`);
  expect(orphan, 'no commission without an approved order').toEqual([]);
  const doubled = db.all(sql`select order_id from ledger where kind = 'commission' group by order_id having count(*) > 1`);
  expect(doubled, 'at most one commission per order').toEqual([]);
  const unowned = db.all(sql`
    select o.id from orders o left join enrollments e on e.order_id = o.id where o.status = 'approved' and e.order_id is null`);
  expect(unowned, 'every approved order granted its package').toEqual([]);
}

describe('money, for any sequence of orders, decisions, payouts and deletions', () => {
  it('keeps earnings equal to the ledger, approves each order once, books no commission without approval, never overpays', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60 }), async (ops) => {
        const db = openDatabase(':memory:');
        const config = loadConfig({ DATA_DIR: '/tmp/unused', UPI_ID: 'shop@okaxis', LOG_LEVEL: 'silent' });
        let clock = Date.parse('2026-11-20T10:00:00+05:30');
        const deps = { db, config, mailer: silentMailer, log: pino({ level: 'silent' }), now: () => (clock += 60_000) };
        try {
          const admin = await createUser(db, { role: 'superadmin' });
          const people: Awaited<ReturnType<typeof createUser>>[] = [];
          for (let i = 0; i < 8; i += 1) people.push(await createUser(db, { sponsorId: i > 0 ? people[Math.floor(i / 2)]!.id : null }));
          const packages = [0, 1, 2].map((i) => createPackage(db, { pricePaise: (i + 1) * 500_00, commissionPaise: i === 1 ? null : 75_00 }));
          const orders: number[] = [];
          let utr = 500_000_000_000;
          const decided = new Set<number>();

          for (const step of ops) {
            try {
              if (step.kind === 'order') {
                utr += 1;
                const buyer = people[step.buyer]!;
                orders.push(placeOrder(deps, buyer.id, { name: buyer.name, email: buyer.email, packageId: packages[step.pkg]!.id, utr: String(utr) }).id);
              } else if (step.kind === 'approve' || step.kind === 'reject') {
                const orderId = orders[step.order % Math.max(1, orders.length)];
                if (orderId === undefined) continue;
                const wasDecided = decided.has(orderId);
                try {
                  decideOrder(deps, admin.id, { orderId, action: step.kind });
                  expect(wasDecided, 'a decided order is never decided again').toBe(false);
                  decided.add(orderId);
                } catch (error) {
                  expect((error as { appCode?: string }).appCode).toBe('ORDER_DECIDED');
                  expect(wasDecided).toBe(true);
                }
              } else if (step.kind === 'opening') {
                // The legacy import's opening balance: earnings, then what was already paid (never more than earned).
                const userId = people[step.user]!.id;
                const paid = Math.min(step.paidRupees, step.rupees) * 100;
                db.transaction((tx) => {
                  bookOpeningLine(tx, { userId, kind: 'earning', amountPaise: step.rupees * 100, note: 'opening', now: deps.now() });
                  if (paid > 0) bookOpeningLine(tx, { userId, kind: 'payout', amountPaise: paid, note: 'opening', now: deps.now() });
                });
              } else if (step.kind === 'pay') {
                payEarnings(deps, admin.id, { email: people[step.user]!.email, amountPaise: step.rupees * 100 });
              } else {
                const deleted = deleteUserByEmail(db, admin.id, people[step.user]!.email, deps.now());
                // Their waiting orders are rejected with the deletion.
                for (const { id } of db.select({ id: ordersTable.id }).from(ordersTable).where(eq(ordersTable.userId, deleted.id)).all()) decided.add(id);
              }
            } catch (error) {
              // Refusals are expected (owned, waiting, nothing owed, deleted…); they must be errors a person can act on.
              const appCode = (error as { appCode?: string }).appCode;
              expect(appCode, String(error)).toBeTruthy();
            }
            checkLedger(db);
            const waitingForDeleted = db.get<{ n: number }>(
              sql`select count(*) as n from orders o join users u on u.id = o.user_id where u.deleted_at is not null and o.status = 'pending'`,
            )!;
            expect(waitingForDeleted.n, "no order of a deleted user waits for approval").toBe(0);
          }
        } finally {
          db.$client.close();
        }
      }),
      { numRuns: 100 },
    );
  });
});
