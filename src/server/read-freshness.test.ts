/**
 * Signed-in reads are answered from memory (sessions, the session user, profiles, earnings cards,
 * leaderboard ranks). Each test first reads twice, so the answer is kept, then makes a write the
 * way the product makes it, and checks that the very next request sees it. The database reports
 * every write to a table that feeds these answers (db/cache-feeds.ts): without those reports
 * these tests fail, and the first test shows the answers are indeed kept in memory, so a write
 * straight to the database (no service involved) is seen only because it is reported. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledger, sessions, users } from './db/schema.js';
import { readCache } from './lib/read-cache.js';
import { DAY_MS, istDayStart } from '../shared/ist.js';
import { projectRoot } from './http/serve-client.js';
import { createPackage, createUser, createUserWithToken, TEST_PASSWORD } from '../test/factories.js';
import { waitForEmail } from '../test/outbox.js';
import { callJson, startTestApp, testClock, type TestApp } from '../test/test-app.js';
import { callProcedure, trpcData } from '../test/trpc-http.js';
import { insertOrder } from '../test/world.js';

let t: TestApp;
const clock = testClock();

beforeEach(async () => {
  clock.set(Date.now());
  t = await startTestApp({ now: clock.now, env: { MAX_DEVICES_PER_LEARNER: '2' } });
});
afterEach(async () => {
  await t.close();
});

const me = (token: string) => callJson(t.url, 'GET', '/api/user/me', { token });
const query = (path: string, token: string, input?: unknown) => callProcedure(t.url, path, 'query', input, { token });
const mutate = (path: string, token: string, input?: unknown) => callProcedure(t.url, path, 'mutation', input, { token });
const login = (email: string) => callJson(t.url, 'POST', '/api/user/login', { body: { email, password: TEST_PASSWORD } });

/** Reads twice, so the second answer came from memory; answers the second. */
async function warm<T>(read: () => Promise<T>): Promise<T> {
  await read();
  return read();
}

/** A pending order by a buyer sponsored by `sponsorId` for a package with this commission. */
async function pendingOrder(sponsorId: number, commissionPaise: number) {
  const pkg = createPackage(t.db, { pricePaise: commissionPaise * 4, commissionPaise });
  const buyer = await createUserWithToken(t.db, { sponsorId });
  const order = insertOrder(t, buyer.user, pkg, sponsorId, clock.now());
  return { order, pkg, buyer };
}

describe('signed-in reads kept in memory', () => {
  it('are kept in memory, and a write straight to the database (no service) is seen by the next request', async () => {
    const { user, token } = await createUserWithToken(t.db, { name: 'Asha' });
    readCache(t.db).clear();
    expect((await warm(() => me(token))).body.user.name).toBe('Asha');
    // Kept: the session under its token, the session's user and the answer itself.
    expect(readCache(t.db).size).toBeGreaterThanOrEqual(2);
    t.db.update(users).set({ name: 'Asha Patil' }).where(eq(users.id, user.id)).run();
    expect(readCache(t.db).size).toBe(0);
    expect((await me(token)).body.user.name).toBe('Asha Patil');
  });

  it('"last seen" being written does not empty the cache, and a rolled-back write leaves the answers as they were', async () => {
    const { user, token } = await createUserWithToken(t.db, { name: 'Ravi' });
    await warm(() => me(token));
    const kept = readCache(t.db).size;
    t.db
      .update(sessions)
      .set({ lastSeenAt: clock.now() + 1 })
      .where(eq(sessions.userId, user.id))
      .run();
    expect(readCache(t.db).size).toBe(kept);
    expect(() =>
      t.db.transaction((tx) => {
        tx.update(users).set({ name: 'Never Saved' }).where(eq(users.id, user.id)).run();
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect((await warm(() => me(token))).body.user.name).toBe('Ravi');
  });

  it('a logout is seen by the very next request of that session', async () => {
    const { token } = await createUserWithToken(t.db);
    expect((await warm(() => me(token))).status).toBe(200);
    expect((await warm(() => query('auth.profile', token))).status).toBe(200);
    expect((await callJson(t.url, 'POST', '/api/user/logout', { token })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await query('auth.profile', token)).status).toBe(401);
  });

  it('a password reset ends every kept session at once', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const { token } = (await login('asha@example.com')).body;
    expect((await warm(() => me(token))).status).toBe(200);
    await callJson(t.url, 'POST', '/api/user/forgot', { body: { email: 'asha@example.com' } });
    const message = await waitForEmail(t.outbox, 'asha@example.com', (m) => /Reset your/.test(m.subject));
    const resetToken = message.text.match(/\/reset-password\/(\S+)/)![1]!;
    const reset = await callJson(t.url, 'POST', `/api/user/reset?token=${encodeURIComponent(resetToken)}`, { body: { password: 'a-brand-new-password' } });
    expect(reset.status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('a role given or taken away applies to the very next request', async () => {
    const boss = await createUserWithToken(t.db, { role: 'superadmin' });
    const { user, token } = await createUserWithToken(t.db);
    expect((await warm(() => query('orders.pending', token))).status).toBe(403);
    expect(trpcData((await warm(() => query('auth.me', token))).body).role).toBe('user');

    expect((await mutate('admin.setRole', boss.token, { userId: String(user.id), role: 'admin' })).status).toBe(200);
    expect(trpcData((await query('auth.me', token)).body).role).toBe('admin');
    expect((await warm(() => query('orders.pending', token))).status).toBe(200);

    expect((await mutate('admin.setRole', boss.token, { userId: String(user.id), role: 'user' })).status).toBe(200);
    expect((await query('orders.pending', token)).status).toBe(403);
    expect((await me(token)).body.user.role).toBe('user');
  });

  it('a deleted user is logged out and leaves the leaderboard on the very next request', async () => {
    const boss = await createUserWithToken(t.db, { role: 'superadmin' });
    const earner = await createUserWithToken(t.db, { email: 'earner@example.com' });
    const viewer = await createUserWithToken(t.db);
    const { order } = await pendingOrder(earner.user.id, 5_000);
    expect((await mutate('orders.decide', boss.token, { orderId: String(order.id), action: 'approve' })).status).toBe(200);
    const board = async () => trpcData((await query('affiliate.leaderboard', viewer.token, { period: 'all' })).body);
    expect((await warm(board)).entries.map((entry: { userId: string }) => entry.userId)).toEqual([String(earner.user.id)]);
    expect((await warm(() => me(earner.token))).status).toBe(200);

    expect((await mutate('admin.deleteUser', boss.token, { email: 'earner@example.com' })).status).toBe(200);
    expect((await me(earner.token)).status).toBe(401);
    expect((await board()).entries).toEqual([]);
  });

  it("an approval shows in the sponsor's earnings, cards and rank, and in the buyer's packages, on the very next request", async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const earner = await createUserWithToken(t.db);
    const { order, pkg, buyer } = await pendingOrder(earner.user.id, 25_000);
    const profile = async () => trpcData((await query('auth.profile', earner.token)).body);
    const cards = async () => trpcData((await query('affiliate.dashboard', earner.token, { userId: String(earner.user.id) })).body);
    const rank = async () => trpcData((await query('affiliate.leaderboard', earner.token, { period: 'week' })).body).me;
    expect((await warm(profile)).earnings.today).toBe(0);
    expect((await warm(cards)).owedPaise).toBe(0);
    expect(await warm(rank)).toBeNull();
    expect((await warm(() => me(buyer.token))).body.user.purchasedCourses).toEqual([]);

    expect((await mutate('orders.decide', admin.token, { orderId: String(order.id), action: 'approve' })).status).toBe(200);
    expect((await profile()).earnings).toEqual({ today: 25_000, week: 25_000, month: 25_000, total: 25_000 });
    expect(await cards()).toMatchObject({ owedPaise: 25_000, earnings: { today: 25_000 } });
    expect(await rank()).toEqual({ rank: 1, totalPaise: 25_000 });
    expect((await me(buyer.token)).body.user.purchasedCourses).toEqual([String(pkg.id)]);
  });

  it('a payout shows on the earnings cards on the very next request', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const earner = await createUserWithToken(t.db, { email: 'earner@example.com' });
    const { order } = await pendingOrder(earner.user.id, 30_000);
    await mutate('orders.decide', admin.token, { orderId: String(order.id), action: 'approve' });
    const cards = async () => trpcData((await query('affiliate.dashboard', earner.token, { userId: String(earner.user.id) })).body);
    expect((await warm(cards)).owedPaise).toBe(30_000);
    expect((await mutate('affiliate.pay', admin.token, { email: 'earner@example.com', amount: 100 })).status).toBe(200);
    expect(await cards()).toMatchObject({ owedPaise: 20_000, paidOutPaise: 10_000 });
    expect(t.db.select().from(ledger).where(eq(ledger.kind, 'payout')).all()).toHaveLength(1);
  });

  it('a device logged out, by the learner or by an admin, is refused on its very next request', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const learner = await createUser(t.db, { email: 'learner@example.com' });
    const first = (await login('learner@example.com')).body.token as string;
    const second = (await login('learner@example.com')).body.token as string;
    expect((await warm(() => me(first))).status).toBe(200);
    expect((await warm(() => me(second))).status).toBe(200);

    const devices = trpcData((await query('devices.mine', first)).body).devices as { id: string; current: boolean }[];
    const other = devices.find((device) => !device.current)!;
    expect((await mutate('devices.logOut', first, { deviceId: other.id })).status).toBe(200);
    expect((await me(second)).status).toBe(401);
    expect((await me(first)).status).toBe(200);

    expect((await mutate('devices.logOutAll', admin.token, { userId: String(learner.id) })).status).toBe(200);
    expect((await me(first)).status).toBe(401);
  });

  it('a session that expires is refused though it is kept', async () => {
    const { token } = await createUserWithToken(t.db);
    expect((await warm(() => me(token))).status).toBe(200);
    clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await me(token)).status).toBe(401);
  });

  it('noting "last seen" keeps what is kept: it is this connection\'s own write', async () => {
    // A profile is kept per IST day: six minutes from noon stay within the day whenever this runs.
    clock.set(istDayStart(Date.now()) + DAY_MS + DAY_MS / 2);
    const { token } = await createUserWithToken(t.db);
    await warm(() => query('auth.profile', token));
    const kept = readCache(t.db).size;
    clock.advance(6 * 60 * 1000);
    expect((await query('auth.profile', token)).status).toBe(200);
    expect(readCache(t.db).size).toBe(kept);
  });

  it('a write from another process (the admin command promoting a user) is seen by the very next request', async () => {
    const { token } = await createUserWithToken(t.db, { email: 'meena@example.com' });
    expect((await warm(() => query('orders.pending', token))).status).toBe(403);
    expect((await warm(() => me(token))).body.user.role).toBe('user');

    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', 'create', '--email', 'meena@example.com'], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: t.dataDir },
    });
    expect((await me(token)).body.user.role).toBe('admin');
    expect((await query('orders.pending', token)).status).toBe(200);
  });
});
