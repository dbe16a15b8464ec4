import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUserWithToken } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { ledgerOfOrder } from '../../../test/world.js';
import { orderPayments, orders, receipts } from '../../db/schema.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let utrCounter = 610_000_000_000;
const nextUtr = () => String(++utrCounter);

beforeAll(async () => {
  t = await startTestApp();
  admin = await createUserWithToken(t.db, { role: 'admin', email: 'difference.admin@example.com' });
});
afterAll(async () => {
  await t.close();
});

const call = (token: string, path: string, type: 'query' | 'mutation', input: unknown) => callProcedure(t.url, path, type, input, { token });
const codeOf = (answer: { body: { error?: { data?: { code?: string } } } }) => answer.body.error?.data?.code;

/** A learner's pending order of a ₹999 package, paid by UTR, with a sponsor when asked. */
async function pendingOrder(options: { sponsor?: boolean; email?: string } = {}) {
  const pkg = createPackage(t.db, { name: 'Share Market Basics', pricePaise: 999_00, tier: 'Gold' });
  const sponsor = options.sponsor ? await createUserWithToken(t.db, {}) : null;
  const learner = await createUserWithToken(t.db, { ...(sponsor && { sponsorId: sponsor.user.id }), ...(options.email && { email: options.email }) });
  const utr = nextUtr();
  const placed = await call(learner.token, 'orders.purchase', 'mutation', {
    packageId: String(pkg.id),
    name: learner.user.name,
    email: learner.user.email,
    utr,
  });
  expect(placed.status).toBe(200);
  return { pkg, learner, sponsor, utr, orderId: trpcData(placed.body).order.id as string };
}

const ask = (orderId: string, receivedPaise: unknown, token = admin.token) =>
  call(token, 'orders.askDifference', 'mutation', { orderId, receivedPaise, reason: '₹899 arrived, pay the remaining ₹100' });

/** The order's state as the database holds it. */
function statusOf(orderId: string) {
  return t.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, Number(orderId)))
    .get()!.status;
}

describe('asking for the difference', () => {
  it('keeps the order, counts what arrived, tells the learner what remains, and takes a second UTR for exactly the rest', async () => {
    const { learner, utr, orderId } = await pendingOrder({ email: 'short.payer@example.com' });
    const asked = await ask(orderId, '899');
    expect(asked.status).toBe(200);
    expect(trpcData(asked.body).order).toMatchObject({
      status: 'awaiting_difference',
      parts: [{ utr, amountPaise: 899_00 }],
      differenceDue: { receivedPaise: 899_00, remainderPaise: 100_00 },
    });
    const mail = await waitForEmail(t.outbox, 'short.payer@example.com', (m) => m.subject.includes('remaining'));
    expect(mail.subject).toBe('Please pay the remaining ₹100 for Share Market Basics');
    expect(mail.text).toContain('We found ₹899 of your payment');

    // Not in Pending while the rest is awaited; the learner's own page shows the remainder and its QR.
    const pending = trpcData((await call(admin.token, 'orders.pending', 'query', undefined)).body);
    expect(pending.orders.map((order: { id: string }) => order.id)).not.toContain(orderId);
    const details = trpcData((await call(learner.token, 'orders.differenceDetails', 'query', { orderId })).body);
    expect(details).toMatchObject({ remainderPaise: 100_00, receivedPaise: 899_00, pricePaise: 999_00 });
    expect(details.upiLink).toContain('am=100.00');

    const second = nextUtr();
    const paid = await call(learner.token, 'orders.payDifference', 'mutation', { orderId, utr: second });
    expect(paid.status).toBe(200);
    expect(trpcData(paid.body).order).toMatchObject({
      status: 'pending',
      differenceDue: null,
      parts: [
        { utr, amountPaise: 899_00 },
        { utr: second, amountPaise: 100_00 },
      ],
    });
    const adminMail = await waitForEmail(t.outbox, 'difference.admin@example.com', (m) => m.text.includes(second));
    // The admins see the part's amount and where the order stands with it: paid in full once it is found.
    expect(adminMail.subject).toBe('New payment to verify: Share Market Basics, ₹100 (with it, ₹999 of ₹999 paid)');
    expect(adminMail.text).toContain('This part: ₹100. Arrived before: ₹899. Paid so far with this part: ₹999 of the price ₹999.');
  });

  it('on approval grants access, books commission on the full price and lists both UTRs on the receipt (page, CSV)', async () => {
    const { learner, sponsor, utr, orderId } = await pendingOrder({ sponsor: true });
    await ask(orderId, '899.50');
    const second = nextUtr();
    await call(learner.token, 'orders.payDifference', 'mutation', { orderId, utr: second });
    const approved = await call(admin.token, 'orders.decide', 'mutation', { orderId, action: 'approve' });
    expect(trpcData(approved.body).order.status).toBe('approved');
    const commission = ledgerOfOrder(t, orderId).filter((row) => row.kind === 'commission');
    expect(commission).toHaveLength(1);
    expect(commission[0]!.userId).toBe(sponsor!.user.id);
    const receipt = trpcData((await call(learner.token, 'receipts.byOrder', 'query', { orderId })).body);
    expect(receipt).toMatchObject({
      amountPaise: 999_00,
      utr,
      parts: [
        { utr, amountPaise: 899_50 },
        { utr: second, amountPaise: 99_50 },
      ],
    });
    // The accountant's CSV names both in its UTR column, amounts in rupees; the PDF is drawn from the same view.
    const today = new Date(Date.now() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const csv = trpcData((await call(admin.token, 'receipts.csv', 'query', { from: today, to: today })).body).csv as string;
    expect(csv).toContain(`${utr} (899.50), ${second} (99.50)`);
    expect((await call(learner.token, 'receipts.pdf', 'query', { orderId })).status).toBe(200);
    const row = t.db
      .select()
      .from(receipts)
      .where(eq(receipts.orderId, Number(orderId)))
      .get()!;
    expect(JSON.parse(row.paymentParts!)).toEqual([
      { utr, amountPaise: 899_50 },
      { utr: second, amountPaise: 99_50 },
    ]);
  });

  it('takes an amount above ₹0 and below the price, from an admin, on a pending order only', async () => {
    const { learner, orderId } = await pendingOrder();
    for (const amount of ['0', '999', '1200', '-5']) {
      const refused = await ask(orderId, amount);
      expect(refused.status).toBe(400);
    }
    expect((await ask(orderId, '999')).body.error.message).toContain('less than the order');
    expect((await ask(orderId, 'abc')).status).toBe(400);
    expect((await ask(orderId, '500', learner.token)).status).toBe(403);
    expect((await ask('999999', '500')).status).toBe(404);
    expect((await ask(orderId, '500')).status).toBe(200);
    // Asked once: no longer pending, so neither asked again nor approved until the rest comes.
    expect(codeOf(await ask(orderId, '400'))).toBe('ORDER_DECIDED');
    expect(codeOf(await call(admin.token, 'orders.decide', 'mutation', { orderId, action: 'approve' }))).toBe('ORDER_DECIDED');
    const decided = await call(admin.token, 'orders.decide', 'mutation', { orderId: (await pendingOrder()).orderId, action: 'reject' });
    expect(codeOf(await ask(trpcData(decided.body).order.id, '500'))).toBe('ORDER_DECIDED');
  });

  it('refuses a second UTR used before by any order or part, for an order not waiting, and for someone else', async () => {
    const first = await pendingOrder();
    const other = await pendingOrder();
    await ask(first.orderId, '899');
    const pay = (token: string, orderId: string, utr: string) => call(token, 'orders.payDifference', 'mutation', { orderId, utr });
    // Its own first UTR, another order's UTR: taken.
    expect(codeOf(await pay(first.learner.token, first.orderId, first.utr))).toBe('UTR_TAKEN');
    expect(codeOf(await pay(first.learner.token, first.orderId, other.utr))).toBe('UTR_TAKEN');
    // Another learner's order is no order of theirs; an order not waiting for a difference takes none.
    expect(codeOf(await pay(other.learner.token, first.orderId, nextUtr()))).toBe('ORDER_NOT_FOUND');
    expect(codeOf(await call(other.learner.token, 'orders.differenceDetails', 'query', { orderId: first.orderId }))).toBe('ORDER_NOT_FOUND');
    expect(codeOf(await pay(other.learner.token, other.orderId, nextUtr()))).toBe('NO_DIFFERENCE_DUE');
    // A bad UTR is refused like at checkout.
    expect((await pay(first.learner.token, first.orderId, '12345')).status).toBe(400);
    const second = nextUtr();
    expect((await pay(first.learner.token, first.orderId, second)).status).toBe(200);
    // The second part's UTR is taken for any new order too.
    const pkg = createPackage(t.db, { pricePaise: 500_00 });
    const reuse = await call(other.learner.token, 'orders.purchase', 'mutation', {
      packageId: String(pkg.id),
      name: other.learner.user.name,
      email: other.learner.user.email,
      utr: second,
    });
    expect(codeOf(reuse)).toBe('UTR_TAKEN');
  });

  it('sends a learner asked for the rest to pay it, not to buy the package again', async () => {
    const { pkg, learner, orderId } = await pendingOrder();
    await ask(orderId, '899');
    const again = await call(learner.token, 'orders.purchase', 'mutation', {
      packageId: String(pkg.id),
      name: learner.user.name,
      email: learner.user.email,
      utr: nextUtr(),
    });
    expect(codeOf(again)).toBe('DIFFERENCE_DUE');
    expect(codeOf(await call(learner.token, 'orders.paymentDetails', 'query', { packageId: String(pkg.id) }))).toBe('DIFFERENCE_DUE');
  });

  it('asks for the rest again when the second part falls short too, counting what it brought', async () => {
    const { learner, orderId } = await pendingOrder();
    await ask(orderId, '800');
    const second = nextUtr();
    await call(learner.token, 'orders.payDifference', 'mutation', { orderId, utr: second });
    // The second part was for ₹199; only ₹150 came.
    expect(codeOf(await ask(orderId, '199'))).toBe('RECEIVED_NOT_BELOW_PRICE');
    const again = trpcData((await ask(orderId, '150')).body).order;
    expect(again.differenceDue).toEqual({ receivedPaise: 950_00, remainderPaise: 49_00 });
    expect(
      t.db
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.orderId, Number(orderId)))
        .all(),
    ).toHaveLength(2);
  });

  it("closes an order awaiting its difference with its buyer's account, freeing its UTR", async () => {
    const { learner, utr, orderId } = await pendingOrder();
    await ask(orderId, '899');
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin' });
    expect((await call(superadmin.token, 'admin.deleteUser', 'mutation', { email: learner.user.email })).status).toBe(200);
    expect(statusOf(orderId)).toBe('rejected');
    const other = await pendingOrder();
    const pkg = createPackage(t.db, { pricePaise: 500_00 });
    const reuse = await call(other.learner.token, 'orders.purchase', 'mutation', {
      packageId: String(pkg.id),
      name: other.learner.user.name,
      email: other.learner.user.email,
      utr,
    });
    expect(reuse.status).toBe(200);
  });

  it('limits how often a learner sends a UTR for the rest', async () => {
    const { learner, orderId } = await pendingOrder();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await call(learner.token, 'orders.payDifference', 'mutation', { orderId, utr: nextUtr() }));
    expect(answers.slice(0, 10).every((answer) => codeOf(answer) === 'NO_DIFFERENCE_DUE')).toBe(true);
    expect(answers[10]!.status).toBe(429);
    expect(statusOf(orderId)).toBe('pending');
  });
});
