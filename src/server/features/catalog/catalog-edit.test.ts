import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addLecture, createPackage, createUserWithToken, grantPackage, insertPendingOrder } from '../../../test/factories.js';
import { makePng } from '../../../test/images.js';
import { call } from '../../../test/learning.js';
import { postForm } from '../../../test/multipart.js';
import { appPerFile } from '../../../test/app-per-test.js';
import type { TestApp } from '../../../test/test-app.js';
import { auditLog, lectureWatches } from '../../db/schema.js';
import { decideOrder } from '../orders/order-decisions.service.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

appPerFile(async (app) => {
  t = app;
  admin = await createUserWithToken(t.db, { role: 'admin' });
});

const changes = { name: 'Share Market Basics, 2nd edition', description: 'Learn the share market, again.', price: '1299', tier: 'Gold', commission: '' };

describe('editing a package', () => {
  it('keeps its id; a new price is for new orders, and an order placed before keeps its amount and its receipt what was paid', async () => {
    const pkg = createPackage(t.db);
    const buyer = await createUserWithToken(t.db);
    const placed = insertPendingOrder(t.db, { buyer: buyer.user, pkg, utr: '412345678901', referrerId: null });
    const edited = await call(t, 'mutation', 'catalog.update', { id: String(pkg.id), ...changes }, admin.token);
    expect(edited.status).toBe(200);
    expect(edited.data.package).toMatchObject({ id: String(pkg.id), name: changes.name, pricePaise: 129_900, tier: 'Gold', commissionPaise: null });
    expect((await call(t, 'query', 'catalog.byId', { id: String(pkg.id) })).data).toMatchObject({ name: changes.name, pricePaise: 129_900 });
    decideOrder(t.deps, admin.user.id, { orderId: placed.id, action: 'approve' });
    const receipt = await call(t, 'query', 'receipts.byOrder', { orderId: String(placed.id) }, buyer.token);
    expect(receipt.data.amountPaise).toBe(pkg.pricePaise);
    const next = await call(t, 'query', 'orders.paymentDetails', { packageId: String(pkg.id) }, (await createUserWithToken(t.db)).token);
    expect(next.data.amountPaise).toBe(129_900);
    const audit = t.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.update')).all();
    expect(audit.some((entry) => entry.actorId === admin.user.id)).toBe(true);
  });

  it('refuses bad changes with their reasons, an unknown package, and anyone but an admin', async () => {
    const pkg = createPackage(t.db);
    const bad = await call(t, 'mutation', 'catalog.update', { id: String(pkg.id), ...changes, name: ' ', price: 'ten' }, admin.token, 'mr');
    expect(bad.status).toBe(400);
    expect(await call(t, 'mutation', 'catalog.update', { id: '999999', ...changes }, admin.token)).toMatchObject({ status: 404 });
    const learner = await createUserWithToken(t.db);
    expect((await call(t, 'mutation', 'catalog.update', { id: String(pkg.id), ...changes }, learner.token)).status).toBe(403);
  });

  it('takes a new picture through the REST form, under the same id', async () => {
    const pkg = createPackage(t.db);
    const before = (await call(t, 'query', 'catalog.byId', { id: String(pkg.id) })).data.image;
    const png = await makePng(64, 64);
    const answer = await postForm(
      `${t.url}/api/course/${pkg.id}/edit`,
      changes,
      { field: 'image', name: 'new.png', type: 'image/png', content: png },
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.course).toMatchObject({ _id: String(pkg.id), name: changes.name });
    const after = (await call(t, 'query', 'catalog.byId', { id: String(pkg.id) })).data.image;
    expect(after).not.toBe(before);
    expect((await fetch(`${t.url}${after}`)).status).toBe(200);
    // Without a picture the old one stays.
    const kept = await postForm(`${t.url}/api/course/${pkg.id}/edit`, { ...changes, price: '1399' }, null, { token: admin.token });
    expect(kept.status).toBe(200);
    expect((await call(t, 'query', 'catalog.byId', { id: String(pkg.id) })).data).toMatchObject({ image: after, pricePaise: 139_900 });
  });
});

describe('editing a lecture', () => {
  it("keeps its id, place and learners' progress while its title, link and length change", async () => {
    const pkg = createPackage(t.db);
    const first = addLecture(t.db, pkg.id, 0);
    const second = addLecture(t.db, pkg.id, 1, undefined, null);
    const learner = await createUserWithToken(t.db);
    grantPackage(t.db, learner.user.id, pkg.id);
    t.db.insert(lectureWatches).values({ userId: learner.user.id, lectureId: second.id, packageId: pkg.id, startedAt: 1, updatedAt: 1 }).run();
    const edited = await call(
      t,
      'mutation',
      'lectures.update',
      { id: String(second.id), video: 'https://vimeo.com/76979871', title: 'Part two, redone', lengthSeconds: '8:20' },
      admin.token,
    );
    expect(edited.data.lecture).toEqual({
      id: String(second.id),
      title: 'Part two, redone',
      video: 'https://player.vimeo.com/video/76979871',
      position: 1,
      lengthSeconds: 500,
    });
    const list = await call(t, 'query', 'lectures.forPackage', { packageId: String(pkg.id) }, learner.token);
    expect(list.data.lectures.map((lecture: { id: string }) => lecture.id)).toEqual([String(first.id), String(second.id)]);
    expect((await call(t, 'query', 'progress.ofPackage', { packageId: String(pkg.id) }, learner.token)).data[1]).toMatchObject({
      started: true,
      lengthKnown: true,
    });
    const badLink = await call(
      t,
      'mutation',
      'lectures.update',
      { id: String(second.id), video: 'https://example.com/video', title: '', lengthSeconds: '' },
      admin.token,
    );
    expect(badLink.error?.data.code).toBe('VIDEO_LINK_UNSUPPORTED');
    const missing = await call(
      t,
      'mutation',
      'lectures.update',
      { id: '999999', video: 'https://vimeo.com/76979871', title: '', lengthSeconds: '' },
      admin.token,
    );
    expect(missing.status).toBe(404);
    expect((await call(t, 'mutation', 'lectures.update', { id: String(first.id), video: 'https://vimeo.com/1', title: '' }, learner.token)).status).toBe(403);
  });
});
