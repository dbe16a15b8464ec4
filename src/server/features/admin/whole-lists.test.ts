import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPackage, createUser, createUserWithToken } from '../../../test/factories.js';
import { callJson, type TestApp } from '../../../test/test-app.js';
import { appPerFile } from '../../../test/app-per-test.js';
import { insertOrder } from '../../../test/world.js';
import { orders } from '../../db/schema.js';
import { WHOLE_LIST_LIMIT } from '../../lib/list-window.js';
import { ORDERS_PAGE_SIZE } from '../orders/order-queries.service.js';
import { USERS_PAGE_SIZE } from './users.service.js';

let t: TestApp;
let admin: string;

appPerFile(async (app) => {
  t = app;
  admin = (await createUserWithToken(t.db, { role: 'admin' })).token;
});

const get = (url: string) => callJson(t.url, 'GET', url, { token: admin });

describe('the admin lists of REST.md, which the legacy client asks for without a page', () => {
  it('GET /api/admin/users answers every user without a page, and pages of 25 with one', async () => {
    for (let i = 0; i < USERS_PAGE_SIZE + 5; i += 1) await createUser(t.db);
    const whole = await get('/api/admin/users');
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ total: USERS_PAGE_SIZE + 6, pageSize: WHOLE_LIST_LIMIT });
    expect(whole.body.users).toHaveLength(USERS_PAGE_SIZE + 6);
    const first = await get('/api/admin/users?page=1');
    expect(first.body.users).toHaveLength(USERS_PAGE_SIZE);
    expect(first.body).toMatchObject({ total: USERS_PAGE_SIZE + 6, pageSize: USERS_PAGE_SIZE });
    const second = await get('/api/admin/users?page=2');
    expect(second.body.users).toHaveLength(6);
    expect([...first.body.users, ...second.body.users]).toEqual(whole.body.users);
  });

  it('GET /api/admin/pending-orders answers every pending order without a page, and pages of 50 with one', async () => {
    const buyer = await createUser(t.db);
    const placed = Array.from({ length: ORDERS_PAGE_SIZE + 3 }, () => insertOrder(t, buyer, createPackage(t.db)));
    const whole = await get('/api/admin/pending-orders');
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ total: placed.length, pageSize: WHOLE_LIST_LIMIT });
    expect(whole.body.orders.map((order: { _id: string }) => order._id)).toEqual(placed.map((order) => String(order.id)));
    const second = await get('/api/admin/pending-orders?page=2');
    expect(second.body.orders).toHaveLength(3);
    expect(second.body).toMatchObject({ total: placed.length, pageSize: ORDERS_PAGE_SIZE });
    const app = await callJson(t.url, 'GET', `/trpc/orders.pending?input=${encodeURIComponent(JSON.stringify({ page: 1 }))}`, { token: admin });
    expect(app.body.result.data.orders).toHaveLength(ORDERS_PAGE_SIZE);
  });
});

describe('a whole list', () => {
  it(`stops at ${WHOLE_LIST_LIMIT} rows, and its total says how many there are`, async () => {
    // Many learners at once, written by SQL: the factory would take a while for this many.
    t.db.$client.exec(`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${WHOLE_LIST_LIMIT})
      insert into users (name, email, phone, password_hash, role, referral_code, lang, created_at)
      select 'Bulk ' || i, 'bulk' || i || '@example.com', null, 'x', 'user', 'BULK' || i, 'en', 1 from n
    `);
    const whole = await get('/api/admin/users');
    expect(whole.body.users).toHaveLength(WHOLE_LIST_LIMIT);
    expect(whole.body.total).toBeGreaterThan(WHOLE_LIST_LIMIT);
  });
});

describe('decided orders, for the admin screen', () => {
  it('come with their total, so a screen of exactly 50 offers no empty next page', async () => {
    // Exactly one page of decided orders.
    const firstFifty = t.db
      .select({ id: orders.id })
      .from(orders)
      .limit(ORDERS_PAGE_SIZE)
      .all()
      .map((order) => order.id);
    t.db.update(orders).set({ status: 'approved', decidedAt: Date.now() }).where(inArray(orders.id, firstFifty)).run();
    const decided = async (page: number) =>
      (await callJson(t.url, 'GET', `/trpc/orders.decided?input=${encodeURIComponent(JSON.stringify({ page }))}`, { token: admin })).body.result.data;
    const first = await decided(1);
    expect(first).toMatchObject({ total: ORDERS_PAGE_SIZE, pageSize: ORDERS_PAGE_SIZE });
    expect(first.orders).toHaveLength(ORDERS_PAGE_SIZE);
    expect(await decided(2)).toMatchObject({ orders: [], total: ORDERS_PAGE_SIZE });
  });
});
