import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnCommission } from '../../../test/earnings.js';
import { addLecture, createPackage, createUser, createUserWithToken, grantPackage } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { enrollments, ledger, orders, users } from '../../db/schema.js';
import { createSession } from '../auth/sessions.service.js';
import { maskedContact } from './access.service.js';

let t: TestApp;
let adminToken: string;
let otherAdmin: { token: string };

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t.db, { role: 'admin', name: 'Meera Admin' })).token;
  otherAdmin = await createUserWithToken(t.db, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

/** A learner who bought a package through an approved order that paid their sponsor a commission. */
async function boughtPackage() {
  const sponsor = await createUser(t.db);
  const admin = await createUser(t.db, { role: 'admin' });
  const { order, buyer, pkg } = await earnCommission(t, { earnerId: sponsor.id, adminId: admin.id, amountPaise: 50_000, at: Date.now() });
  t.db.update(users).set({ phone: '9876543210' }).where(eq(users.id, buyer.id)).run();
  addLecture(t.db, pkg.id, 0);
  const token = createSession(t.db, buyer.id, Date.now()).token;
  return { order, buyer, pkg, sponsor, token };
}

const admin = (path: string, type: 'query' | 'mutation', input: unknown, token = adminToken) => callProcedure(t.url, path, type, input, { token });

describe('taking back access to a package', () => {
  it('removes it from My Courses, answers 403 for its lectures, emails the reason, and changes nothing financial', async () => {
    const { order, buyer, pkg, sponsor, token } = await boughtPackage();
    const ledgerBefore = t.db.select().from(ledger).where(eq(ledger.userId, sponsor.id)).all();

    const revoked = await admin('access.revoke', 'mutation', {
      userId: String(buyer.id),
      packageId: String(pkg.id),
      reason: 'Shared the login in a Telegram group',
    });
    expect(revoked.status).toBe(200);
    expect(trpcData(revoked.body).packages).toEqual([
      expect.objectContaining({ id: String(pkg.id), revoked: expect.objectContaining({ reason: 'Shared the login in a Telegram group', by: 'Meera Admin' }) }),
    ]);

    const mine = await callJson(t.url, 'GET', '/api/mycourse', { token });
    expect(mine.body.courses).toEqual([]);
    expect(trpcData((await callProcedure(t.url, 'catalog.mine', 'query', undefined, { token })).body)).toEqual([]);
    const lectures = await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token });
    expect(lectures.status).toBe(403);
    expect(lectures.body.code).toBe('ACCESS_REVOKED');
    const course = await callJson(t.url, 'GET', `/api/course/${pkg.id}`, { token });
    expect(course.body.course.lectures).toBeUndefined();
    const progress = await callProcedure(t.url, 'lectures.saveProgress', 'mutation', { packageId: String(pkg.id), lectureId: '1' }, { token });
    expect(progress.status).toBe(403);

    const email = await waitForEmail(t.outbox, buyer.email, (message) => message.subject.includes('taken back'));
    expect(email.text).toContain('Shared the login in a Telegram group');
    expect(email.text).toContain(pkg.name);

    // The order, the enrollment and the sponsor's commission stay.
    expect(t.db.select().from(orders).where(eq(orders.id, order.id)).get()!.status).toBe('approved');
    expect(t.db.select().from(enrollments).where(eq(enrollments.userId, buyer.id)).all()).toHaveLength(1);
    expect(t.db.select().from(ledger).where(eq(ledger.userId, sponsor.id)).all()).toEqual(ledgerBefore);
  });

  it('gives it back: My Courses and the lectures again, and an email', async () => {
    const { buyer, pkg, token } = await boughtPackage();
    await admin('access.revoke', 'mutation', { userId: String(buyer.id), packageId: String(pkg.id), reason: 'Checking a report' });
    const restored = await admin('access.restore', 'mutation', { userId: String(buyer.id), packageId: String(pkg.id) }, otherAdmin.token);
    expect(restored.status).toBe(200);
    expect(trpcData(restored.body).packages[0].revoked).toBeNull();

    expect((await callJson(t.url, 'GET', '/api/mycourse', { token })).body.courses.map((c: { _id: string }) => c._id)).toEqual([String(pkg.id)]);
    expect((await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token })).status).toBe(200);
    await waitForEmail(t.outbox, buyer.email, (message) => message.subject.includes('is back'));

    // And it can be taken back again.
    const again = await admin('access.revoke', 'mutation', { userId: String(buyer.id), packageId: String(pkg.id), reason: 'Again' });
    expect(again.status).toBe(200);
  });

  it('refuses what makes no sense with a clear 4xx', async () => {
    const { buyer, pkg } = await boughtPackage();
    const stranger = await createUser(t.db);
    const notOwned = await admin('access.revoke', 'mutation', { userId: String(stranger.id), packageId: String(pkg.id), reason: 'x' });
    expect(notOwned.status).toBe(404);
    expect(notOwned.body.error.data.code).toBe('NOT_OWNED');
    const noReason = await admin('access.revoke', 'mutation', { userId: String(buyer.id), packageId: String(pkg.id), reason: '  ' });
    expect(noReason.status).toBe(400);
    const notRevoked = await admin('access.restore', 'mutation', { userId: String(buyer.id), packageId: String(pkg.id) });
    expect(notRevoked.status).toBe(409);
    expect(notRevoked.body.error.data.code).toBe('NOT_REVOKED');
    await admin('access.revoke', 'mutation', { userId: String(buyer.id), packageId: String(pkg.id), reason: 'once' });
    const twice = await admin('access.revoke', 'mutation', { userId: String(buyer.id), packageId: String(pkg.id), reason: 'twice' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.data.code).toBe('ALREADY_REVOKED');
    const noUser = await admin('access.ofUser', 'query', { userId: '999999' });
    expect(noUser.status).toBe(404);
  });

  it('is for admins only', async () => {
    const { buyer, pkg, token } = await boughtPackage();
    const byLearner = await callProcedure(t.url, 'access.revoke', 'mutation', { userId: String(buyer.id), packageId: String(pkg.id), reason: 'x' }, { token });
    expect(byLearner.status).toBe(403);
    expect((await callProcedure(t.url, 'access.ofUser', 'query', { userId: String(buyer.id) }, { token })).status).toBe(403);
  });
});

describe('the watermark of the player', () => {
  it('names the viewer by masked phone (or email) and the order that granted the package', async () => {
    const { order, pkg, token } = await boughtPackage();
    const answer = trpcData((await callProcedure(t.url, 'lectures.forPackage', 'query', { packageId: String(pkg.id) }, { token })).body);
    expect(answer.watermark).toEqual({ viewer: '••••••3210', order: `#${order.id}` });

    const noPhone = await createUser(t.db, { phone: null, email: 'nophone@example.com' });
    const granted = createPackage(t.db);
    grantPackage(t.db, noPhone.id, granted.id);
    const noPhoneToken = createSession(t.db, noPhone.id, Date.now()).token;
    const second = trpcData((await callProcedure(t.url, 'lectures.forPackage', 'query', { packageId: String(granted.id) }, { token: noPhoneToken })).body);
    expect(second.watermark).toEqual({ viewer: 'nophone@example.com', order: null });
  });

  it('masks every digit but the last four', () => {
    expect(maskedContact({ phone: '9876543210', email: 'a@b.c' })).toBe('••••••3210');
    expect(maskedContact({ phone: null, email: 'a@b.c' })).toBe('a@b.c');
  });
});
