import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUserWithToken } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { ledgerOfOrder } from '../../../test/world.js';
import { enrollments, users } from '../../db/schema.js';
import { firstName } from './order-decisions.service.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let utrCounter = 100_000_000_000;

beforeAll(async () => {
  t = await startTestApp();
  admin = await createUserWithToken(t.db, { role: 'admin', email: 'meena.admin@example.com' });
});
afterAll(async () => {
  await t.close();
});

const nextUtr = () => String(++utrCounter);

function purchase(token: string | undefined, body: Record<string, unknown>) {
  return callJson(t.url, 'POST', '/api/course/purchase', { token, body });
}

async function buyer(overrides: Parameters<typeof createUserWithToken>[1] = {}) {
  return createUserWithToken(t.db, overrides);
}

function orderBody(courseId: number, user: { name: string; email: string }, extra: Record<string, unknown> = {}) {
  return { name: user.name, email: user.email, courseId: String(courseId), transactionId: nextUtr(), ...extra };
}

const decide = (token: string, orderId: string, action: string, reason?: string) =>
  callJson(t.url, 'POST', '/approve', { token, body: { orderId, action, ...(reason && { reason }) } });

describe('purchase', () => {
  it('takes a pending order at the price of the moment, answers in REST.md shape, and tells the admins', async () => {
    const pkg = createPackage(t.db, { name: 'Gold Business', pricePaise: 4_999_00 });
    const asha = await buyer({ name: 'Asha' });
    const answer = await purchase(asha.token, orderBody(pkg.id, asha.user, { transactionId: '5015 0125 9006' }));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Payment successful! Course will be added to your account.');
    expect(answer.body.order).toMatchObject({
      status: 'pending',
      amount: 4999,
      transactionId: '501501259006',
      user: { _id: String(asha.user.id), name: 'Asha', email: asha.user.email },
      course: { _id: String(pkg.id), name: 'Gold Business', price: 4999 },
      referrer: null,
    });
    expect(answer.body.order.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const mail = await waitForEmail(t.outbox, 'meena.admin@example.com', (m) => m.subject.includes('Gold Business'));
    expect(mail.subject).toBe('New payment to verify: Gold Business, ₹4,999');
    expect(mail.text).toContain('UTR: 501501259006');
  });

  it('needs a 12-digit UTR and says where to find it', async () => {
    const pkg = createPackage(t.db);
    const asha = await buyer();
    for (const transactionId of ['12345678901', '1234567890123', 'ABCDEFGHIJKL']) {
      const answer = await purchase(asha.token, orderBody(pkg.id, asha.user, { transactionId }));
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('BAD_INPUT');
      expect(answer.body.message).toBe('The transaction ID (UTR) is the 12-digit number your UPI app shows after paying.');
    }
    const empty = await purchase(asha.token, orderBody(pkg.id, asha.user, { transactionId: '' }));
    expect(empty.body.message).toBe('Please fill in all required fields including transaction ID.');
  });

  it("reads REST's names (`courseId`, `transactionId`) and names them in a refusal's fields", async () => {
    const pkg = createPackage(t.db);
    const asha = await buyer();
    const bad = await purchase(asha.token, {
      ...orderBody(pkg.id, asha.user, { transactionId: '123' }),
      courseId: 'x',
      packageId: String(pkg.id),
      utr: nextUtr(),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['courseId', 'transactionId']);
    const placed = await purchase(asha.token, orderBody(pkg.id, asha.user));
    expect(placed.status).toBe(200);
    expect(placed.body.message).toBe('Payment successful! Course will be added to your account.');
  });

  it('refuses a UTR already used by a pending or approved order, and accepts it again after a rejection', async () => {
    const pkg = createPackage(t.db);
    const [a, b] = [await buyer(), await buyer()];
    const utr = nextUtr();
    const first = await purchase(a.token, orderBody(pkg.id, a.user, { transactionId: utr }));
    expect(first.status).toBe(200);
    const reused = await purchase(b.token, orderBody(pkg.id, b.user, { transactionId: utr }));
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'UTR_TAKEN', message: 'This transaction ID (UTR) has already been used. Please check it in your UPI app.' });

    expect((await decide(admin.token, first.body.order._id, 'reject', 'No such credit')).status).toBe(200);
    const afterRejection = await purchase(b.token, orderBody(pkg.id, b.user, { transactionId: utr }));
    expect(afterRejection.status).toBe(200);
  });

  it('allows one pending order per buyer and package, and none for a package already owned', async () => {
    const pkg = createPackage(t.db);
    const asha = await buyer();
    const first = await purchase(asha.token, orderBody(pkg.id, asha.user));
    const second = await purchase(asha.token, orderBody(pkg.id, asha.user));
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('ORDER_WAITING');
    await decide(admin.token, first.body.order._id, 'approve');
    const third = await purchase(asha.token, orderBody(pkg.id, asha.user));
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ code: 'ALREADY_OWNED', message: 'You have already bought this package.' });
  });

  it('refuses an archived or unknown package, and needs a session', async () => {
    const archived = createPackage(t.db, { archivedAt: Date.now() });
    const asha = await buyer();
    expect((await purchase(asha.token, orderBody(archived.id, asha.user))).status).toBe(404);
    expect((await purchase(asha.token, orderBody(999_999, asha.user))).status).toBe(404);
    const noPackage = await purchase(asha.token, { name: 'A', email: asha.user.email, transactionId: nextUtr() });
    expect(noPackage.body.message).toBe('Error: No package selected!');
    expect((await purchase(undefined, orderBody(archived.id, asha.user))).status).toBe(401);
  });
});

describe('the sponsor named at the first order', () => {
  it('becomes the sponsor once and never changes afterwards', async () => {
    const [first, second] = [await buyer({ name: 'Ravi' }), await buyer({ name: 'Kiran' })];
    const asha = await buyer();
    const [p1, p2] = [createPackage(t.db), createPackage(t.db)];
    const one = await purchase(asha.token, orderBody(p1.id, asha.user, { referralId: first.user.referralCode.toLowerCase() }));
    expect(one.body.order.referrer).toEqual({ _id: String(first.user.id), name: 'Ravi' });
    const two = await purchase(asha.token, orderBody(p2.id, asha.user, { referralId: second.user.referralCode }));
    expect(two.body.order.referrer).toEqual({ _id: String(first.user.id), name: 'Ravi' });
    expect(t.db.select().from(users).where(eq(users.id, asha.user.id)).get()!.sponsorId).toBe(first.user.id);
  });

  it('is never the buyer, never unknown, and never someone the buyer sponsors', async () => {
    const pkg = createPackage(t.db);
    const asha = await buyer();
    const self = await purchase(asha.token, orderBody(pkg.id, asha.user, { referralId: asha.user.referralCode }));
    // The legacy client's referralId is the checkout's one code box: any code, refused as the box refuses it.
    expect(self.body).toMatchObject({ code: 'CODE_OWN', message: 'You cannot use your own code.' });
    const unknown = await purchase(asha.token, orderBody(pkg.id, asha.user, { referralId: 'NOBODY22' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CODE_UNKNOWN');
    const downline = await buyer({ sponsorId: asha.user.id });
    const loop = await purchase(asha.token, orderBody(pkg.id, asha.user, { referralId: downline.user.referralCode }));
    expect(loop.body.code).toBe('REFERRAL_LOOP');
    expect(t.db.select().from(users).where(eq(users.id, asha.user.id)).get()!.sponsorId).toBeNull();
  });
});

describe('approval', () => {
  it('grants the package and books the fixed commission for the sponsor, once', async () => {
    const ravi = await buyer({ name: 'Ravi' });
    const asha = await buyer({ sponsorId: ravi.user.id });
    const pkg = createPackage(t.db, { pricePaise: 10_000_00, commissionPaise: 1_500_00 });
    const order = (await purchase(asha.token, orderBody(pkg.id, asha.user))).body.order;
    const approved = await decide(admin.token, order._id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.order.status).toBe('approved');
    expect(
      t.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, asha.user.id), eq(enrollments.packageId, pkg.id)))
        .get(),
    ).toBeDefined();
    const lines = ledgerOfOrder(t, order._id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ userId: ravi.user.id, kind: 'commission', amountPaise: 1_500_00 });
    expect(t.db.select().from(users).where(eq(users.id, ravi.user.id)).get()!.earnedPaise).toBe(1_500_00);
    await waitForEmail(t.outbox, asha.user.email, (m) => m.subject.startsWith('Payment verified'));
    // The sponsor is told: who bought what (first name only), and the commission.
    const told = await waitForEmail(t.outbox, ravi.user.email, (m) => m.subject.startsWith('You earned'));
    expect(told.subject).toBe(`You earned ₹1,500: a purchase of ${pkg.name} through your link`);
    expect(told.text).toContain(`“${firstName(asha.user.name)}” bought ${pkg.name} through your referral link`);
    expect(told.text).toContain('Your commission: ₹1,500.');

    const again = await decide(admin.token, order._id, 'reject');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order has already been approved or rejected.');
  });

  it(`uses the site's percentage when the package has no fixed commission`, async () => {
    const ravi = await buyer();
    const asha = await buyer({ sponsorId: ravi.user.id });
    const pkg = createPackage(t.db, { pricePaise: 4_999_00 });
    const order = (await purchase(asha.token, orderBody(pkg.id, asha.user))).body.order;
    await decide(admin.token, order._id, 'approve');
    // COMMISSION_PERCENT defaults to 10: ₹499.90, booked as whole rupees.
    expect(ledgerOfOrder(t, order._id)[0]!.amountPaise).toBe(500_00);
  });

  it('gives exactly one approval and one commission line when five admins approve at the same moment', async () => {
    const ravi = await buyer();
    const asha = await buyer({ sponsorId: ravi.user.id });
    const pkg = createPackage(t.db, { commissionPaise: 500_00 });
    const order = (await purchase(asha.token, orderBody(pkg.id, asha.user))).body.order;
    const admins = await Promise.all(Array.from({ length: 5 }, () => createUserWithToken(t.db, { role: 'admin' })));
    const answers = await Promise.all(admins.map((a) => decide(a.token, order._id, 'approve')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(ledgerOfOrder(t, order._id)).toHaveLength(1);
    expect(t.db.select().from(users).where(eq(users.id, ravi.user.id)).get()!.earnedPaise).toBe(500_00);
  });

  it('records who decided and when; a rejection keeps its reason, grants nothing and pays nothing', async () => {
    const ravi = await buyer();
    const asha = await buyer({ sponsorId: ravi.user.id });
    const pkg = createPackage(t.db);
    const order = (await purchase(asha.token, orderBody(pkg.id, asha.user))).body.order;
    const rejected = await decide(admin.token, order._id, 'reject', 'No credit with this UTR');
    expect(rejected.body.order).toMatchObject({ status: 'rejected', reason: 'No credit with this UTR' });
    expect(rejected.body.order.decidedAt).toMatch(/^\d{4}-/);
    expect(t.db.select().from(enrollments).where(eq(enrollments.userId, asha.user.id)).all()).toHaveLength(0);
    expect(ledgerOfOrder(t, order._id)).toHaveLength(0);
    const mail = await waitForEmail(t.outbox, asha.user.email, (m) => m.subject.startsWith('We could not verify'));
    expect(mail.text).toContain('Reason: “No credit with this UTR”');
    const decided = await callJson(t.url, 'GET', '/trpc/orders.decided', { token: admin.token });
    const mine = decided.body.result.data.orders.find((o: { id: string }) => o.id === order._id);
    expect(mine).toMatchObject({ decidedBy: { id: String(admin.user.id), name: admin.user.name }, reversal: null });
  });

  it('answers 404 for an unknown order and 400 for an unknown action', async () => {
    expect((await decide(admin.token, '999999', 'approve')).status).toBe(404);
    expect((await decide(admin.token, '1', 'maybe')).status).toBe(400);
  });
});

describe('who may see and decide orders', () => {
  it('lets only admins list pending orders and decide them', async () => {
    const asha = await buyer();
    expect((await callJson(t.url, 'GET', '/api/admin/pending-orders')).status).toBe(401);
    expect((await callJson(t.url, 'GET', '/api/admin/pending-orders', { token: asha.token })).status).toBe(403);
    expect((await decide(asha.token, '1', 'approve')).status).toBe(403);
  });

  it('lists pending orders oldest first, searchable by UTR, email or name', async () => {
    const pkg = createPackage(t.db);
    const sunita = await buyer({ name: 'Sunita Kale', email: 'sunita.kale@example.com' });
    const utr = '987654321012';
    await purchase(sunita.token, orderBody(pkg.id, sunita.user, { transactionId: utr }));
    const all = (await callJson(t.url, 'GET', '/api/admin/pending-orders', { token: admin.token })).body.orders as { createdAt: string }[];
    expect(all.map((o) => o.createdAt)).toEqual([...all.map((o) => o.createdAt)].sort());
    for (const search of [utr.slice(3, 9), 'SUNITA.KALE@', 'Kale']) {
      const found = await callJson(t.url, 'GET', `/api/admin/pending-orders?search=${encodeURIComponent(search)}`, { token: admin.token });
      expect(found.body.orders.map((o: { transactionId: string }) => o.transactionId)).toEqual([utr]);
    }
  });

  it('shows a buyer their own orders only', async () => {
    const pkg = createPackage(t.db);
    const [a, b] = [await buyer(), await buyer()];
    await purchase(a.token, orderBody(pkg.id, a.user));
    const mine = await callJson(t.url, 'GET', '/trpc/orders.mine', { token: b.token });
    expect(mine.body.result.data).toEqual([]);
  });
});

describe('payment details', () => {
  it('give the UPI link with the exact price, and its QR code', async () => {
    const pkg = createPackage(t.db, { pricePaise: 2_499_50 });
    const asha = await buyer();
    const answer = await callJson(t.url, 'GET', `/trpc/orders.paymentDetails?input=${encodeURIComponent(JSON.stringify({ packageId: String(pkg.id) }))}`, {
      token: asha.token,
    });
    const details = answer.body.result.data;
    expect(details).toMatchObject({ upiId: 'marathisuccess@okaxis', payeeName: 'Marathi Success', amountPaise: 2_499_50 });
    expect(details.upiLink).toMatch(/^upi:\/\/pay\?pa=marathisuccess@okaxis&pn=Marathi%20Success&tr=U\d+P\d+N1&am=2499\.50&cu=INR&tn=\S+$/);
    expect(details.qrDataUrl).toMatch(/^data:image\/png;base64,/);
  });

  it('say so clearly when no UPI id is set', async () => {
    const plain = await startTestApp({ env: { UPI_ID: '' } });
    try {
      const pkg = createPackage(plain.db);
      const asha = await createUserWithToken(plain.db);
      const answer = await callJson(plain.url, 'GET', `/trpc/orders.paymentDetails?input=${encodeURIComponent(JSON.stringify({ packageId: pkg.id }))}`, {
        token: asha.token,
      });
      expect(answer.status).toBe(412);
      expect(answer.body.error.message).toBe('Payments are not set up yet. Please contact us.');
    } finally {
      await plain.close();
    }
  });
});

describe("the buyer's first name in the sponsor's email", () => {
  it('keeps only the first word of the name', () => {
    expect(firstName('  Asha Ravindra Pawar ')).toBe('Asha');
    expect(firstName('आशा पवार')).toBe('आशा');
    expect(firstName('Asha')).toBe('Asha');
  });
});
