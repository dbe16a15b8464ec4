import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { earnCommission } from '../../../test/earnings.js';
import { createPackage, createUserWithToken, grantPackage } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { insertOrder } from '../../../test/world.js';
import { callJson, startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { ledger, orders, users } from '../../db/schema.js';

/** A moment given in IST (UTC+05:30). */
const ist = (text: string) => Date.parse(`${text}+05:30`);

let t: TestApp;
const clock = testClock();
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

beforeEach(async () => {
  clock.set(ist('2026-11-25T12:00:00')); // a Wednesday
  t = await startTestApp({ now: clock.now });
  admin = await createUserWithToken(t.db, { role: 'admin', name: 'Meena Admin' });
});
afterEach(async () => {
  await t.close();
});

const trpcGet = (token: string | undefined, path: string, input?: unknown) =>
  callJson(t.url, 'GET', `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { token });

async function earn(earnerId: number, rupees: number, at: string) {
  return earnCommission(t, { earnerId, adminId: admin.user.id, amountPaise: rupees * 100, at: ist(at) });
}

describe('earnings cards', () => {
  it('count IST days, weeks from Monday and months from the 1st', async () => {
    const ravi = await createUserWithToken(t.db, { name: 'Ravi' });
    await earn(ravi.user.id, 1, '2026-10-31T23:59:00'); // last month
    await earn(ravi.user.id, 10, '2026-11-22T23:59:00'); // Sunday: this month, last week
    await earn(ravi.user.id, 100, '2026-11-24T23:59:00'); // yesterday, this week
    await earn(ravi.user.id, 1000, '2026-11-25T00:01:00'); // today
    const dashboard = (await trpcGet(ravi.token, 'affiliate.dashboard', { userId: ravi.user.id })).body.result.data;
    expect(dashboard.earnings).toEqual({ today: 1000_00, week: 1100_00, month: 1110_00, total: 1111_00 });
  });

  it('equal the sums of the ledger lines, and REST /api/user/me carries them in rupees', async () => {
    const ravi = await createUserWithToken(t.db);
    await earn(ravi.user.id, 250, '2026-11-25T09:00:00');
    await earn(ravi.user.id, 125, '2026-11-02T09:00:00');
    const sum = t.db.get<{ total: number }>(sql`select sum(amount_paise) as total from ledger where user_id = ${ravi.user.id} and kind != 'payout'`)!.total;
    const me = await callJson(t.url, 'GET', '/api/user/me', { token: ravi.token });
    expect(me.body.user.earnings).toEqual({ today: 250, week: 250, month: 375, total: 375 });
    expect(me.body.user.earnings.total * 100).toBe(sum);
    expect(t.db.select().from(users).where(eq(users.id, ravi.user.id)).get()!.earnedPaise).toBe(sum);
  });

  it('show the highest tier owned, by rank and not by alphabet', async () => {
    const asha = await createUserWithToken(t.db);
    grantPackage(t.db, asha.user.id, createPackage(t.db, { tier: 'Silver' }).id);
    grantPackage(t.db, asha.user.id, createPackage(t.db, { tier: 'Platinum' }).id);
    grantPackage(t.db, asha.user.id, createPackage(t.db, { tier: 'Elite' }).id);
    const dashboard = (await trpcGet(asha.token, 'affiliate.dashboard', { userId: asha.user.id })).body.result.data;
    expect(dashboard.highestTier).toBe('Platinum');
  });

  it('are seen by the user and by admins only', async () => {
    const [asha, kiran] = [await createUserWithToken(t.db), await createUserWithToken(t.db)];
    expect((await trpcGet(kiran.token, 'affiliate.dashboard', { userId: asha.user.id })).status).toBe(403);
    expect((await trpcGet(undefined, 'affiliate.dashboard', { userId: asha.user.id })).status).toBe(401);
    expect((await trpcGet(admin.token, 'affiliate.dashboard', { userId: asha.user.id })).status).toBe(200);
  });
});

describe('payouts', () => {
  const pay = (token: string, email: string, amount: unknown) => callJson(t.url, 'POST', '/api/admin/sendMail', { token, body: { email, amount } });

  it('are recorded, emailed in the user’s language, lower what is owed and never the earnings', async () => {
    const ravi = await createUserWithToken(t.db, { name: 'Ravi', lang: 'mr' });
    await earn(ravi.user.id, 1000, '2026-11-25T09:00:00');
    const answer = await pay(admin.token, ravi.user.email.toUpperCase(), 600);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: 'Email sent successfully!', payout: { amount: 600 } });
    const mail = await waitForEmail(t.outbox, ravi.user.email, (m) => m.subject.includes('कमाईपैकी'));
    expect(mail.subject).toBe('Marathi Success ने तुमच्या कमाईपैकी ₹600 तुम्हाला दिले आहेत');
    const dashboard = (await trpcGet(ravi.token, 'affiliate.dashboard', { userId: ravi.user.id })).body.result.data;
    expect(dashboard).toMatchObject({ paidOutPaise: 600_00, owedPaise: 400_00 });
    expect(dashboard.earnings.total).toBe(1000_00);
    expect(dashboard.payouts).toEqual([expect.objectContaining({ amountPaise: 600_00, paidBy: 'Meena Admin' })]);
    const seenByAdmin = (await trpcGet(admin.token, 'affiliate.dashboard', { userId: ravi.user.id })).body.result.data;
    expect(seenByAdmin.payouts).toHaveLength(1);
  });

  it('cannot exceed what is owed', async () => {
    const ravi = await createUserWithToken(t.db, { name: 'Ravi' });
    await earn(ravi.user.id, 1000, '2026-11-25T09:00:00');
    await pay(admin.token, ravi.user.email, 600);
    const tooMuch = await pay(admin.token, ravi.user.email, 400.01);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: 'PAYOUT_TOO_LARGE', message: 'This is more than Ravi is owed (₹400).' });
    expect((await pay(admin.token, ravi.user.email, '400')).status).toBe(200);
    expect((await pay(admin.token, ravi.user.email, 1)).body.code).toBe('NOTHING_OWED');
    const paid = t.db.get<{ total: number }>(sql`select sum(amount_paise) as total from ledger where user_id = ${ravi.user.id} and kind = 'payout'`)!;
    expect(paid.total).toBe(1000_00);
  });

  it('need an email and a positive amount, and an admin', async () => {
    const ravi = await createUserWithToken(t.db);
    expect((await pay(admin.token, '', 10)).status).toBe(400);
    for (const amount of [0, -5, 'ten', 1.234, '0x1F4', '1e3', '0b11', ' ', 'Infinity', '0x10', '1e2', '1,0,0']) {
      const answer = await pay(admin.token, ravi.user.email, amount);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please enter an amount in rupees, such as 1500 or 1500.50.');
    }
    expect((await pay(admin.token, 'nobody@example.com', 10)).status).toBe(404);
    expect((await pay(ravi.token, ravi.user.email, 10)).status).toBe(403);
    expect(t.db.select().from(ledger).where(eq(ledger.kind, 'payout')).all()).toHaveLength(0);
  });

  it('take rupees typed with grouping and paise', async () => {
    const ravi = await createUserWithToken(t.db, { name: 'Ravi' });
    await earn(ravi.user.id, 2000, '2026-11-25T09:00:00');
    expect((await pay(admin.token, ravi.user.email, '₹1,500.50')).body.payout).toEqual({ _id: expect.any(String), amount: 1500.5 });
  });
});

describe('leaderboard', () => {
  const board = (token: string, period = 'all') => trpcGet(token, 'affiliate.leaderboard', { period });

  it('ranks by total, ties to whoever got there first, shows only earners, and hides deleted users', async () => {
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin' });
    const [a, b, c] = [
      await createUserWithToken(t.db, { name: 'A' }),
      await createUserWithToken(t.db, { name: 'B' }),
      await createUserWithToken(t.db, { name: 'C' }),
    ];
    const nobody = await createUserWithToken(t.db, { name: 'Nobody' });
    await earn(b.user.id, 500, '2026-11-20T09:00:00');
    await earn(a.user.id, 500, '2026-11-21T09:00:00');
    await earn(c.user.id, 900, '2026-11-22T09:00:00');
    const rest = await callJson(t.url, 'GET', '/api/leaderboard', { token: nobody.token });
    expect(rest.body.success).toBe(true);
    expect(rest.body.leaderboard.map((row: { name: string }) => row.name)).toEqual(['C', 'B', 'A']);
    expect(rest.body.leaderboard[0]).toEqual({ _id: String(c.user.id), name: 'C', profileImage: null, totalEarnings: 900 });
    expect((await board(nobody.token)).body.result.data.me).toBeNull();
    expect((await board(a.token)).body.result.data.me).toEqual({ rank: 3, totalPaise: 500_00 });

    await callJson(t.url, 'DELETE', '/api/users/delete', { token: superadmin.token, body: { email: c.user.email } });
    const after = (await board(a.token)).body.result.data;
    expect(after.entries.map((row: { name: string }) => row.name)).toEqual(['B', 'A']);
    expect(after.me.rank).toBe(2);
  });

  it('sends first names only, in the app and through REST (the privacy notice promises no more)', async () => {
    const earner = await createUserWithToken(t.db, { name: 'Sunita Ramesh Jadhav' });
    await earn(earner.user.id, 700, '2026-11-24T09:00:00');
    const viewer = await createUserWithToken(t.db);
    const sent =
      JSON.stringify((await board(viewer.token)).body) + JSON.stringify((await callJson(t.url, 'GET', '/api/leaderboard', { token: viewer.token })).body);
    expect(sent).toContain('"Sunita"');
    expect(sent).not.toContain('Jadhav');
    expect(sent).not.toContain('Ramesh');
  });

  it('tells the viewer their own rank when they are outside the list', async () => {
    for (let i = 0; i < 51; i += 1) {
      const earner = await createUserWithToken(t.db);
      await earn(earner.user.id, 1000 + i, '2026-11-25T08:00:00');
    }
    const last = await createUserWithToken(t.db, { name: 'Last' });
    await earn(last.user.id, 5, '2026-11-25T09:00:00');
    const all = (await board(last.token)).body.result.data;
    expect(all.entries).toHaveLength(50);
    expect(all.me).toEqual({ rank: 52, totalPaise: 5_00 });
    const week = (await board(last.token, 'week')).body.result.data;
    expect(week.me).toEqual({ rank: 52, totalPaise: 5_00 });
  });

  it('has tabs for this week and this month', async () => {
    const [old, recent] = [await createUserWithToken(t.db, { name: 'Old' }), await createUserWithToken(t.db, { name: 'Recent' })];
    await earn(old.user.id, 5000, '2026-11-03T09:00:00'); // this month, an earlier week
    await earn(recent.user.id, 100, '2026-11-24T09:00:00'); // this week
    const names = async (period: string) => (await board(old.token, period)).body.result.data.entries.map((row: { name: string }) => row.name);
    expect(await names('week')).toEqual(['Recent']);
    expect(await names('month')).toEqual(['Old', 'Recent']);
    // A new line moves the cached ranking at once.
    await earn(old.user.id, 1, '2026-11-25T10:00:00');
    expect(await names('week')).toEqual(['Recent', 'Old']);
  });
});

describe('my affiliates', () => {
  it('lists the people I sponsor with how many packages each bought, never someone else’s, never deleted ones', async () => {
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin' });
    const ravi = await createUserWithToken(t.db);
    const asha = await createUserWithToken(t.db, { name: 'Asha', phone: '9876500001', sponsorId: ravi.user.id });
    const gone = await createUserWithToken(t.db, { name: 'Gone', sponsorId: ravi.user.id });
    await createUserWithToken(t.db, { name: 'Not mine' });
    const [p1, p2] = [createPackage(t.db), createPackage(t.db)];
    grantPackage(t.db, asha.user.id, p1.id);
    grantPackage(t.db, asha.user.id, p2.id);
    await callJson(t.url, 'DELETE', '/api/users/delete', { token: superadmin.token, body: { email: gone.user.email } });
    const answer = await callJson(t.url, 'GET', '/api/affiliates', { headers: { cookie: `session=${ravi.token}` } });
    expect(answer.body).toEqual({
      success: true,
      affiliates: [{ _id: String(asha.user.id), name: 'Asha', contact: '9876500001', purchasedCourses: [String(p1.id), String(p2.id)] }],
    });
    expect((await callJson(t.url, 'GET', '/api/affiliates', { token: asha.token })).body.affiliates).toEqual([]);
    expect((await callJson(t.url, 'GET', '/api/affiliates')).status).toBe(401);
  });
});

describe('users, for admins', () => {
  it('lists name, email, contact, role, earnings and what is owed, searchable and paged', async () => {
    const ravi = await createUserWithToken(t.db, { name: 'Ravi Searchable', email: 'ravi.s@example.com' });
    await earn(ravi.user.id, 300, '2026-11-25T09:00:00');
    const found = await callJson(t.url, 'GET', '/api/admin/users?search=Searchable', { token: admin.token });
    expect(found.body.users).toEqual([
      { _id: String(ravi.user.id), name: 'Ravi Searchable', email: 'ravi.s@example.com', contact: ravi.user.phone, role: 'user', earnings: 300, owed: 300 },
    ]);
    expect(found.body.total).toBe(1);
    const page2 = await callJson(t.url, 'GET', '/api/admin/users?page=2', { token: admin.token });
    expect(page2.status).toBe(200);
    expect((await callJson(t.url, 'GET', '/api/admin/users', { token: ravi.token })).status).toBe(403);
  });

  it('lets only a superadmin make someone an admin or take it away', async () => {
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin' });
    const asha = await createUserWithToken(t.db);
    const set = (token: string, role: string) => callJson(t.url, 'POST', '/trpc/admin.setRole', { token, body: { userId: asha.user.id, role } });
    expect((await set(admin.token, 'admin')).status).toBe(403);
    expect((await set(superadmin.token, 'admin')).status).toBe(200);
    expect((await callJson(t.url, 'GET', '/api/admin/users', { token: asha.token })).status).toBe(200);
    expect((await set(superadmin.token, 'user')).status).toBe(200);
    expect((await callJson(t.url, 'GET', '/api/admin/users', { token: asha.token })).status).toBe(403);
    const own = await callJson(t.url, 'POST', '/trpc/admin.setRole', { token: superadmin.token, body: { userId: superadmin.user.id, role: 'user' } });
    expect(own.status).toBe(403);
  });
});

describe('deleting a user', () => {
  it('ends their sessions, keeps their orders and ledger lines, frees the email, and is for superadmins only', async () => {
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin' });
    const ravi = await createUserWithToken(t.db);
    await earn(ravi.user.id, 100, '2026-11-25T09:00:00');
    const del = (token: string, email: string) => callJson(t.url, 'DELETE', '/api/users/delete', { token, body: { email } });

    expect((await del(admin.token, ravi.user.email)).status).toBe(403);
    expect((await del(superadmin.token, '')).body.message).toBe('Please enter a valid email address.');
    const done = await del(superadmin.token, ravi.user.email);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'User deleted successfully!' });
    expect((await callJson(t.url, 'GET', '/api/user/me', { token: ravi.token })).status).toBe(401);
    expect(t.db.select().from(ledger).where(eq(ledger.userId, ravi.user.id)).all()).toHaveLength(1);
    expect((await del(superadmin.token, ravi.user.email)).status).toBe(404);
    expect((await del(superadmin.token, superadmin.user.email)).status).toBe(403);
    const again = await createUserWithToken(t.db, { email: ravi.user.email });
    expect(again.user.id).not.toBe(ravi.user.id);
  });

  const del = (token: string, email: string) => callJson(t.url, 'DELETE', '/api/users/delete', { token, body: { email } });
  const trpcPost = (token: string, path: string, body: unknown) => callJson(t.url, 'POST', `/trpc/${path}`, { token, body });

  it("rejects the deleted user's waiting orders at once, and no approval can slip through", async () => {
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin' });
    const sponsor = await createUserWithToken(t.db);
    const buyer = await createUserWithToken(t.db, { sponsorId: sponsor.user.id });
    const pkg = createPackage(t.db, { pricePaise: 1_000_00, commissionPaise: 100_00 });
    const placed = await trpcPost(buyer.token, 'orders.purchase', {
      name: 'Buyer',
      email: buyer.user.email,
      packageId: String(pkg.id),
      utr: '123456789012',
    });
    expect(placed.status).toBe(200);
    const orderId = Number(placed.body.result.data.order._id ?? placed.body.result.data.order.id);
    expect((await del(superadmin.token, buyer.user.email)).status).toBe(200);

    const row = t.db.select().from(orders).where(eq(orders.id, orderId)).get()!;
    expect(row).toMatchObject({ status: 'rejected', reason: 'The account was deleted.', decidedBy: superadmin.user.id });
    const approve = await trpcPost(admin.token, 'orders.decide', { orderId: String(orderId), action: 'approve' });
    expect(approve.status).toBe(409);
    expect(t.db.select().from(ledger).where(eq(ledger.userId, sponsor.user.id)).all()).toHaveLength(0);
    expect((await trpcGet(admin.token, 'admin.stats')).body.result.data.pendingOrders).toBe(0);
  });

  it('refuses to approve a waiting order whose buyer was deleted behind its back', async () => {
    const buyer = await createUserWithToken(t.db);
    const pkg = createPackage(t.db, { pricePaise: 1_000_00 });
    const order = insertOrder(t, buyer.user, pkg, null, clock.now());
    t.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, buyer.user.id)).run();
    const approve = await trpcPost(admin.token, 'orders.decide', { orderId: String(order.id), action: 'approve' });
    expect(approve.status).toBe(409);
    expect(approve.body.error.data.code).toBe('BUYER_DELETED');
    expect(t.db.select().from(orders).where(eq(orders.id, order.id)).get()!.status).toBe('pending');
  });

  it('lets a buyer whose sponsor was deleted name a new sponsor, who then earns', async () => {
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin' });
    const gone = await createUserWithToken(t.db);
    const fresh = await createUserWithToken(t.db);
    const buyer = await createUserWithToken(t.db, { sponsorId: gone.user.id });
    expect((await del(superadmin.token, gone.user.email)).status).toBe(200);
    // The checkout names no sponsor ...
    expect((await trpcGet(buyer.token, 'auth.referrer', { userId: String(buyer.user.id) })).body.result.data).toBeNull();
    // ... and a referral ID typed in its one code box counts.
    const pkg = createPackage(t.db, { pricePaise: 1_000_00, commissionPaise: 100_00 });
    const placed = await trpcPost(buyer.token, 'orders.purchase', {
      name: 'Buyer',
      email: buyer.user.email,
      code: fresh.user.referralCode,
      packageId: String(pkg.id),
      utr: '123456789014',
    });
    expect(placed.status).toBe(200);
    expect(t.db.select().from(users).where(eq(users.id, buyer.user.id)).get()!.sponsorId).toBe(fresh.user.id);
    const order = t.db.select().from(orders).where(eq(orders.userId, buyer.user.id)).get()!;
    expect(order.referrerId).toBe(fresh.user.id);
    expect((await trpcPost(admin.token, 'orders.decide', { orderId: String(order.id), action: 'approve' })).status).toBe(200);
    expect(t.db.select().from(users).where(eq(users.id, fresh.user.id)).get()!.earnedPaise).toBe(100_00);
  });

  it("leaves a deleted user's unpaid earnings out of the owed total (they can never be paid)", async () => {
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin' });
    const stays = await createUserWithToken(t.db);
    const leaves = await createUserWithToken(t.db);
    await earn(stays.user.id, 100, '2026-11-25T09:00:00');
    await earn(leaves.user.id, 250, '2026-11-25T09:00:00');
    expect((await trpcGet(admin.token, 'admin.stats')).body.result.data.owedPaise).toBe(350_00);
    expect((await del(superadmin.token, leaves.user.email)).status).toBe(200);
    const stats = (await trpcGet(admin.token, 'admin.stats')).body.result.data;
    expect(stats.owedPaise).toBe(100_00);
    expect(stats.commissionsPaise).toBe(350_00);
  });
});
