import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeKeys, gatewayEnv, startFakeRazorpay, type FakeRazorpay } from '../../../test/fake-razorpay.js';
import { createPackage, createUserWithToken } from '../../../test/factories.js';
import { callJson, startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { waitForEmail } from '../../../test/outbox.js';
import { enrollments, gatewayEvents, ledger, notifications, orderReversals, orders, packages, paymentAlerts, receipts } from '../../db/schema.js';
import { approvePaidOrder, decideOrder } from '../orders/order-decisions.service.js';
import { placeOrder } from '../orders/checkout.service.js';
import { askForDifference } from '../orders/order-difference.service.js';
import { GATEWAY_ERRORS_EXPIRE_MS, GATEWAY_ORDER_EXPIRES_MS, RECONCILE_AFTER_MS, reconcileGatewayOrders } from './payments.service.js';

let t: TestApp;
let fake: FakeRazorpay;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let sponsor: Awaited<ReturnType<typeof createUserWithToken>>;
const clock = testClock();

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp({ env: gatewayEnv(fake.url), now: clock.now, build: { reconcileGateway: false } });
  admin = await createUserWithToken(t.db, { role: 'admin' });
  sponsor = await createUserWithToken(t.db, { name: 'Sunil' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => clock.set(Date.now()));

const call = (token: string | undefined, path: string, type: 'query' | 'mutation', input?: unknown) =>
  callProcedure(t.url, path, type, input, { token: token ?? null });

/** A learner (sponsored by Sunil) and a package with a ₹100 commission; the learner starts paying through the gateway. */
async function startedCheckout(price = 999_00) {
  const pkg = createPackage(t.db, { pricePaise: price, commissionPaise: 100_00 });
  const buyer = await createUserWithToken(t.db, { sponsorId: sponsor.user.id });
  const started = await call(buyer.token, 'payments.start', 'mutation', { name: buyer.user.name, email: buyer.user.email, packageId: pkg.id });
  expect(started.status).toBe(200);
  return { pkg, buyer, launch: trpcData(started.body) as { orderId: number; gatewayOrderId: string; amountPaise: number; keyId: string } };
}

function orderRow(orderId: number) {
  return t.db.select().from(orders).where(eq(orders.id, orderId)).get()!;
}

function orderPackageName(orderId: number) {
  return t.db
    .select({ name: packages.name })
    .from(packages)
    .where(eq(packages.id, orderRow(orderId).packageId))
    .get()!.name;
}

/** What an approval leaves behind: access, the sponsor's commission, a receipt. */
function approvalTraces(orderId: number, buyerId: number, packageId: number) {
  return {
    enrollments: t.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, buyerId), eq(enrollments.packageId, packageId)))
      .all().length,
    commissions: t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.orderId, orderId), eq(ledger.kind, 'commission')))
      .all().length,
    receipts: t.db.select().from(receipts).where(eq(receipts.orderId, orderId)).all().length,
    alerts: t.db.select().from(paymentAlerts).where(eq(paymentAlerts.orderId, orderId)).all().length,
  };
}

const confirm = (token: string, orderId: number, paid: ReturnType<FakeRazorpay['pay']>) =>
  call(token, 'payments.confirm', 'mutation', { orderId, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature });

describe('paying through the gateway', () => {
  it('opens the gateway order for the exact amount in paise with our order id as its receipt', async () => {
    const { pkg, launch } = await startedCheckout(1_499_00);
    expect(launch).toMatchObject({ amountPaise: 1_499_00, keyId: fakeKeys.keyId, currency: 'INR' });
    expect(fake.orders.get(launch.gatewayOrderId)).toMatchObject({ amount: 1_499_00, currency: 'INR', receipt: `order_${launch.orderId}` });
    expect(orderRow(launch.orderId)).toMatchObject({ status: 'pending', paymentMethod: 'gateway', utr: null, packageId: pkg.id });
  });

  it('reopens the same order when the buyer starts again, and opens no second gateway order', async () => {
    const { pkg, buyer, launch } = await startedCheckout();
    const again = await call(buyer.token, 'payments.start', 'mutation', { name: buyer.user.name, email: buyer.user.email, packageId: pkg.id });
    expect(trpcData(again.body)).toMatchObject({ orderId: launch.orderId, gatewayOrderId: launch.gatewayOrderId });
    expect([...fake.orders.values()].filter((order) => order.receipt === `order_${launch.orderId}`)).toHaveLength(1);
  });

  it('enrols once when the callback and two copies of the webhook arrive in every order, and all at once', async () => {
    const orders = ['callback', 'webhook', 'webhook-copy'] as const;
    const permutations = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    const buyers: string[] = [];
    for (const permutation of [...permutations, null]) {
      const { pkg, buyer, launch } = await startedCheckout();
      buyers.push(buyer.user.email);
      const paid = fake.pay(launch.gatewayOrderId);
      const eventId = `evt_${launch.orderId}A`;
      const arrivals = {
        callback: () => confirm(buyer.token, launch.orderId, paid),
        webhook: () => fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id, { eventId }),
        'webhook-copy': () => fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id, { eventId }),
      };
      const answers =
        permutation === null
          ? await Promise.all(orders.map((name) => arrivals[name]()))
          : await permutation.reduce<Promise<{ status: number }[]>>(
              async (done, index) => [...(await done), await arrivals[orders[index]!]()],
              Promise.resolve([]),
            );
      for (const answer of answers) expect(answer.status).toBe(200);
      // order.paid, a different event of the same payment, changes nothing more.
      expect((await fake.sendWebhook(t.url, 'order.paid', paid.razorpay_payment_id)).status).toBe(200);

      const order = orderRow(launch.orderId);
      expect(order).toMatchObject({ status: 'approved', gatewayPaymentId: paid.razorpay_payment_id, decidedBy: null });
      expect(approvalTraces(order.id, buyer.user.id, pkg.id)).toEqual({ enrollments: 1, commissions: 1, receipts: 1, alerts: 0 });
      expect(
        t.db
          .select()
          .from(gatewayEvents)
          .where(eq(gatewayEvents.eventId, `payment.captured:${paid.razorpay_payment_id}`))
          .all(),
      ).toHaveLength(1);
    }
    // Each buyer is told once.
    const verifiedMails = async () => (await t.outbox()).filter((message) => message.subject.startsWith('Payment verified'));
    await expect.poll(async () => (await verifiedMails()).filter((message) => buyers.some((email) => message.to.includes(email))).length).toBe(buyers.length);
    for (const email of buyers) expect((await verifiedMails()).filter((message) => message.to.includes(email))).toHaveLength(1);
  });

  it('answers the callback with the approved order, so the checkout moves to "Start learning" by itself', async () => {
    const { buyer, launch } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId);
    const answer = await confirm(buyer.token, launch.orderId, paid);
    expect(trpcData(answer.body)).toEqual({ orderId: String(launch.orderId), status: 'approved' });
    const lectures = await callJson(t.url, 'GET', '/api/mycourse', { token: buyer.token });
    expect(lectures.body.courses.map((course: { _id: string }) => course._id)).toContain(String(orderRow(launch.orderId).packageId));
  });

  it('answers a callback for an order its payment already settled without asking the gateway, and limits callbacks per order', async () => {
    const { buyer, launch } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId);
    expect((await confirm(buyer.token, launch.orderId, paid)).status).toBe(200);
    const asked = () => fake.calls.filter((made) => made === `GET /v1/orders/${launch.gatewayOrderId}/payments`).length;
    const askedOnce = asked();
    expect(askedOnce).toBe(1);
    const statuses: number[] = [];
    for (let tries = 0; tries < 12; tries += 1) statuses.push((await confirm(buyer.token, launch.orderId, paid)).status);
    expect(asked()).toBe(askedOnce);
    expect(statuses.slice(0, 9).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
  });

  it('captures a payment the gateway only authorized, then approves', async () => {
    const { launch, buyer } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId, { status: 'authorized' });
    await confirm(buyer.token, launch.orderId, paid);
    expect(fake.payments.get(paid.razorpay_payment_id)!.status).toBe('captured');
    expect(orderRow(launch.orderId).status).toBe('approved');
  });
});

describe("the gateway's checkout page", () => {
  it('alone lets the gateway’s script and frames in: every other page keeps the site’s own policy', async () => {
    const pay = await fetch(`${t.url}/pay/12`);
    expect(pay.status).toBe(200);
    const policy = pay.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
    for (const path of ['/packages', '/', '/pay', '/pay/12/other', '/myCourses?next=/pay/12']) {
      const page = await fetch(`${t.url}${path}`);
      expect(page.headers.get('content-security-policy'), path).not.toContain('razorpay');
    }
  });
});

describe('what the gateway path refuses, changing nothing', () => {
  it('a webhook whose signature does not check (400, logged)', async () => {
    const { launch } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId);
    const forged = await fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id, { secret: 'not-the-webhook-secret' });
    expect(forged.status).toBe(400);
    expect(orderRow(launch.orderId).status).toBe('pending');
    expect(t.db.select().from(gatewayEvents).where(eq(gatewayEvents.gatewayPaymentId, paid.razorpay_payment_id)).all()).toEqual([]);
    // A body changed after signing does not check either.
    const { body, headers } = fake.webhook('payment.captured', paid.razorpay_payment_id);
    const tampered = Buffer.from(body.toString().replace(`"amount":${launch.amountPaise}`, '"amount":100'));
    const answer = await fetch(`${t.url}/webhooks/razorpay`, { method: 'POST', headers, body: new Uint8Array(tampered) });
    expect(answer.status).toBe(400);
    expect(orderRow(launch.orderId).status).toBe('pending');
  });

  it('a callback whose signature does not check, or that carries another order’s payment', async () => {
    const first = await startedCheckout();
    const second = await startedCheckout();
    const paidSecond = fake.pay(second.launch.gatewayOrderId);
    const forged = await confirm(first.buyer.token, first.launch.orderId, { ...paidSecond, razorpay_signature: 'a'.repeat(64) });
    expect(forged.status).toBe(400);
    expect(forged.body.error.data.appCode ?? forged.body.error.data.code).toBeDefined();
    // The second order's genuine payment and signature, sent as the first order's: the signature is over the stored gateway order.
    const swapped = await confirm(first.buyer.token, first.launch.orderId, paidSecond);
    expect(swapped.status).toBe(400);
    expect(orderRow(first.launch.orderId).status).toBe('pending');
    // Somebody else's order answers as if it did not exist.
    const notYours = await confirm(first.buyer.token, second.launch.orderId, paidSecond);
    expect(notYours.status).toBe(404);
    expect(orderRow(second.launch.orderId).status).toBe('pending');
  });

  it('a payment of the wrong amount: the order waits, and admins see it', async () => {
    const { buyer, launch } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId, { amountPaise: launch.amountPaise - 100_00 });
    await confirm(buyer.token, launch.orderId, paid);
    expect(orderRow(launch.orderId).status).toBe('pending');
    const alerts = trpcData((await call(admin.token, 'payments.alerts', 'query')).body) as { kind: string; paymentId: string }[];
    expect(alerts).toContainEqual(expect.objectContaining({ kind: 'wrong_amount', paymentId: paid.razorpay_payment_id }));
  });

  it('an event for an order that is not ours (200, so the gateway stops retrying; kept as ignored)', async () => {
    const stray = fake.pay((await fake_order()).id);
    const answer = await fake.sendWebhook(t.url, 'payment.captured', stray.razorpay_payment_id, { eventId: 'evt_stray' });
    expect(answer).toEqual({ status: 200, body: { ok: true, outcome: 'no order of ours' } });
    expect(
      t.db
        .select()
        .from(gatewayEvents)
        .where(eq(gatewayEvents.eventId, `payment.captured:${stray.razorpay_payment_id}`))
        .get(),
    ).toMatchObject({
      outcome: 'ignored: no order of ours',
    });
  });

  it('a replayed event after the order was reversed does not approve it again', async () => {
    const { buyer, launch } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId);
    await fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id, { eventId: `evt_${launch.orderId}R` });
    await call(admin.token, 'payments.refundOrder', 'mutation', { orderId: launch.orderId, reason: 'Asked for a refund' });
    const replay = await fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id, { eventId: `evt_${launch.orderId}R` });
    expect(replay.body.outcome).toBe('seen before');
    expect(approvalTraces(launch.orderId, buyer.user.id, orderRow(launch.orderId).packageId).enrollments).toBe(0);
  });

  it('a copy of a signed event under another event-id header is the same event: known by its payment and event, not the header', async () => {
    const { launch } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId);
    const first = await fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id, { eventId: 'evt_first_copy' });
    expect(first.body.outcome).toBe('approved');
    const { body, headers } = fake.webhook('payment.captured', paid.razorpay_payment_id, { eventId: 'evt_first_copy' });
    const replay = await fetch(`${t.url}/webhooks/razorpay`, {
      method: 'POST',
      headers: { ...headers, 'x-razorpay-event-id': 'evt_forged_new' },
      body: new Uint8Array(body),
    });
    expect(await replay.json()).toEqual({ ok: true, outcome: 'seen before' });
    expect(t.db.select().from(gatewayEvents).where(eq(gatewayEvents.gatewayPaymentId, paid.razorpay_payment_id)).all()).toHaveLength(1);
  });

  it('says the gateway is not answering, and leaves no order behind', async () => {
    const pkg = createPackage(t.db);
    const buyer = await createUserWithToken(t.db);
    fake.setDown(true);
    try {
      const started = await call(buyer.token, 'payments.start', 'mutation', { name: buyer.user.name, email: buyer.user.email, packageId: pkg.id });
      expect(started.status).toBe(502);
      expect(started.body.error.message).toBe('The payment service is not answering. Please try again in a minute, or pay by scanning the QR code.');
    } finally {
      fake.setDown(false);
    }
    expect(t.db.select().from(orders).where(eq(orders.userId, buyer.user.id)).all()).toEqual([]);
  });
});

/** An order on the gateway that no order of ours opened. */
async function fake_order() {
  const response = await fetch(`${fake.url}/v1/orders`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${fakeKeys.keyId}:${fakeKeys.keySecret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 500_00, currency: 'INR', receipt: 'elsewhere' }),
  });
  return (await response.json()) as { id: string };
}

describe('the reconcile job', () => {
  it('settles an order whose webhook never came, once it is 15 minutes old', async () => {
    const { launch } = await startedCheckout();
    fake.pay(launch.gatewayOrderId);
    await reconcileGatewayOrders(t.deps);
    expect(orderRow(launch.orderId).status).toBe('pending');
    clock.advance(RECONCILE_AFTER_MS + 1000);
    const done = await reconcileGatewayOrders(t.deps);
    expect(done.asked).toBeGreaterThanOrEqual(1);
    expect(orderRow(launch.orderId)).toMatchObject({ status: 'approved', decidedBy: null });
  });

  it('skips an order the gateway answers with an error, records it, settles the others, and closes it after days of errors', async () => {
    const stuck = await startedCheckout();
    const paidLater = await startedCheckout();
    fake.failOrder(stuck.launch.gatewayOrderId);
    try {
      fake.pay(paidLater.launch.gatewayOrderId);
      clock.advance(RECONCILE_AFTER_MS + 1000);
      for (let run = 0; run < 3; run += 1) {
        const done = await reconcileGatewayOrders(t.deps, 1000);
        expect(done.failed).toBeGreaterThanOrEqual(1);
        clock.advance(RECONCILE_AFTER_MS + 1000);
      }
      expect(orderRow(paidLater.launch.orderId)).toMatchObject({ status: 'approved' });
      const failing = orderRow(stuck.launch.orderId);
      expect(failing).toMatchObject({ status: 'pending' });
      expect(failing.gatewayErrorSince).not.toBeNull();
      expect(failing.gatewayLastError).toContain('400');
      // Paid orders behind the failing one are still reached: it goes to the back of the queue.
      const third = await startedCheckout();
      fake.pay(third.launch.gatewayOrderId);
      clock.advance(RECONCILE_AFTER_MS + 1000);
      await reconcileGatewayOrders(t.deps, 1);
      await reconcileGatewayOrders(t.deps, 1);
      expect(orderRow(third.launch.orderId).status).toBe('approved');

      clock.advance(GATEWAY_ERRORS_EXPIRE_MS);
      const last = await reconcileGatewayOrders(t.deps, 1000);
      expect(last.expired).toBeGreaterThanOrEqual(1);
      expect(orderRow(stuck.launch.orderId)).toMatchObject({
        status: 'rejected',
        reason: 'The payment gateway answered only with errors about this payment for 3 days',
      });
    } finally {
      fake.failOrder(stuck.launch.gatewayOrderId, false);
    }
  });

  it('closes an order opened on the gateway and never paid, after a day, without an email', async () => {
    const { buyer, launch } = await startedCheckout();
    const mailsBefore = (await t.outbox()).filter((message) => message.to.includes(buyer.user.email)).length;
    clock.advance(GATEWAY_ORDER_EXPIRES_MS + 1000);
    await reconcileGatewayOrders(t.deps, 1000);
    expect(orderRow(launch.orderId)).toMatchObject({ status: 'rejected', reason: 'Not paid within a day of opening the payment' });
    expect((await t.outbox()).filter((message) => message.to.includes(buyer.user.email))).toHaveLength(mailsBefore);
  });

  it('finds a gateway payment that came after an admin approved the UTR of the same order, as a double payment to refund', async () => {
    const { pkg, buyer, launch } = await startedCheckout();
    // The learner scanned the QR instead and typed the UTR: the same order now waits for an admin.
    const byUtr = await callJson(t.url, 'POST', '/api/course/purchase', {
      token: buyer.token,
      body: { name: buyer.user.name, email: buyer.user.email, courseId: String(pkg.id), transactionId: '512345678901' },
    });
    expect(byUtr.status).toBe(200);
    expect(byUtr.body.order._id).toBe(String(launch.orderId));
    decideOrder(t.deps, admin.user.id, { orderId: launch.orderId, action: 'approve' });
    // ...and then the gateway's payment went through too; its webhook is lost.
    const paid = fake.pay(launch.gatewayOrderId);
    clock.advance(RECONCILE_AFTER_MS + 1000);
    await reconcileGatewayOrders(t.deps, 1000);
    const alerts = trpcData((await call(admin.token, 'payments.alerts', 'query')).body) as {
      id: string;
      kind: string;
      paymentId: string;
      amountPaise: number;
    }[];
    const alert = alerts.find((found) => found.paymentId === paid.razorpay_payment_id)!;
    expect(alert).toMatchObject({ kind: 'double_payment', amountPaise: launch.amountPaise });
    expect(approvalTraces(launch.orderId, buyer.user.id, pkg.id)).toMatchObject({ enrollments: 1, commissions: 1, receipts: 1 });

    const resolved = await call(admin.token, 'payments.resolveAlert', 'mutation', { alertId: alert.id, refund: true });
    expect(resolved.status).toBe(200);
    expect(fake.payments.get(paid.razorpay_payment_id)!.status).toBe('refunded');
    const again = await call(admin.token, 'payments.resolveAlert', 'mutation', { alertId: alert.id, refund: true });
    expect(again.status).toBe(409);
    expect(fake.refunds.filter((refund) => refund.payment_id === paid.razorpay_payment_id)).toHaveLength(1);
  });
});

describe('an order paid twice, by UTR and through the gateway', () => {
  type Alert = { id: string; kind: string; paymentId: string; amountPaise: number; orderId: string };
  const openAlerts = async () => trpcData((await call(admin.token, 'payments.alerts', 'query')).body) as Alert[];

  it('the gateway paying an order whose buyer typed a UTR for it shows admins a double payment, says so by email, and the order says it was paid through the gateway', async () => {
    const { pkg, buyer, launch } = await startedCheckout();
    const byUtr = await callJson(t.url, 'POST', '/api/course/purchase', {
      token: buyer.token,
      body: { name: buyer.user.name, email: buyer.user.email, courseId: String(pkg.id), transactionId: '612345678901' },
    });
    expect(byUtr.status).toBe(200);
    const paid = fake.pay(launch.gatewayOrderId);
    const answer = await fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id);
    expect(answer.body.outcome).toBe('approved');
    expect(orderRow(launch.orderId)).toMatchObject({
      status: 'approved',
      paymentMethod: 'gateway',
      gatewayPaymentId: paid.razorpay_payment_id,
      utr: '612345678901',
    });
    const alert = (await openAlerts()).find((found) => found.paymentId === paid.razorpay_payment_id);
    expect(alert).toMatchObject({ kind: 'double_payment', amountPaise: launch.amountPaise });
    await expect
      .poll(async () => (await t.outbox()).filter((mail) => mail.to.includes(admin.user.email) && mail.subject.startsWith('Paid twice')).length)
      .toBe(1);
    const told = (await t.outbox()).find((mail) => mail.to.includes(admin.user.email) && mail.subject.startsWith('Paid twice'))!;
    expect(told.text).toContain('612345678901');
    expect(told.text).toContain('do not approve the UTR');

    // The admin refunds the gateway's payment: the order stays approved, now paid by its UTR, and the refund's webhook takes nothing back.
    expect((await call(admin.token, 'payments.resolveAlert', 'mutation', { alertId: alert!.id, refund: true })).status).toBe(200);
    expect(orderRow(launch.orderId)).toMatchObject({ status: 'approved', paymentMethod: 'utr', gatewayPaymentId: null });
    await fake.sendWebhook(t.url, 'refund.processed', paid.razorpay_payment_id);
    expect(orderRow(launch.orderId).status).toBe('approved');
    expect(t.db.select().from(orderReversals).where(eq(orderReversals.orderId, launch.orderId)).get()).toBeUndefined();
    expect(approvalTraces(launch.orderId, buyer.user.id, pkg.id)).toMatchObject({ enrollments: 1, commissions: 1, receipts: 1 });
  });

  it('the admins’ “verify this UTR” email for an order the gateway decided meanwhile says it is decided', async () => {
    const { pkg, buyer, launch } = await startedCheckout();
    placeOrder(t.deps, buyer.user.id, { name: buyer.user.name, email: buyer.user.email, packageId: pkg.id, utr: '712345678901' });
    // The gateway's payment settles the order before the email is written.
    approvePaidOrder(t.deps, launch.orderId, 'pay_Settled0000001');
    await expect.poll(async () => (await t.outbox()).filter((mail) => mail.text.includes('712345678901') && mail.to.includes(admin.user.email)).length).toBe(1);
    const mail = (await t.outbox()).find((found) => found.text.includes('712345678901') && found.to.includes(admin.user.email))!;
    expect(mail.subject).toMatch(/^Already paid through the gateway, UTR given too/);
    expect(mail.text).toContain('This order is already decided');
    expect(mail.text).not.toContain('then approve or reject the order');
  });
});

describe('a gateway payment for an order awaiting its difference', () => {
  type Alert = { id: string; kind: string; paymentId: string; amountPaise: number; orderId: string; parts: { utr: string; amountPaise: number }[] };
  const alertsOf = async (orderId: number) =>
    (trpcData((await call(admin.token, 'payments.alerts', 'query')).body) as Alert[]).filter((alert) => alert.orderId === String(orderId));

  /** The learner opened the gateway's window, paid by QR instead (₹899 of ₹999 arrived) and is asked for the rest. */
  async function awaitingDifference(utr: string) {
    const started = await startedCheckout();
    placeOrder(t.deps, started.buyer.user.id, { name: started.buyer.user.name, email: started.buyer.user.email, packageId: started.pkg.id, utr });
    askForDifference(t.deps, admin.user.id, { orderId: started.launch.orderId, receivedPaise: 899_00 });
    expect(orderRow(started.launch.orderId).status).toBe('awaiting_difference');
    return started;
  }

  it('offers no gateway window for the difference: the checkout page opens none and a new start is refused', async () => {
    const { pkg, buyer, launch } = await awaitingDifference('812345678900');
    const page = trpcData((await call(buyer.token, 'payments.checkout', 'query', { orderId: launch.orderId })).body);
    expect(page).toMatchObject({ status: 'awaiting_difference', launch: null });
    const again = await call(buyer.token, 'payments.start', 'mutation', { name: buyer.user.name, email: buyer.user.email, packageId: pkg.id });
    expect(again.body.error.data.code).toBe('DIFFERENCE_DUE');
  });

  it('approves the order when the window opened before pays the full price, and flags the UTR part for a refund, not as paid after rejection', async () => {
    const { pkg, buyer, launch } = await awaitingDifference('812345678901');
    const paid = fake.pay(launch.gatewayOrderId);
    const answer = await fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id);
    expect(answer.body.outcome).toBe('approved');
    expect(orderRow(launch.orderId)).toMatchObject({
      status: 'approved',
      paymentMethod: 'gateway',
      gatewayPaymentId: paid.razorpay_payment_id,
      decidedBy: null,
    });
    // Access, the commission and the receipt, as on any approval; one alert: the UTR part to give back.
    expect(approvalTraces(launch.orderId, buyer.user.id, pkg.id)).toEqual({ enrollments: 1, commissions: 1, receipts: 1, alerts: 1 });
    const [alert] = await alertsOf(launch.orderId);
    expect(alert).toMatchObject({
      kind: 'utr_refund_due',
      amountPaise: 899_00,
      paymentId: paid.razorpay_payment_id,
      parts: [{ utr: '812345678901', amountPaise: 899_00 }],
    });
    // The receipt names the payment that paid the order, not the UTR whose money goes back.
    const receipt = trpcData((await call(buyer.token, 'receipts.byOrder', 'query', { orderId: launch.orderId })).body);
    expect(receipt).toMatchObject({ amountPaise: 999_00, utr: paid.razorpay_payment_id, parts: [] });
    await expect
      .poll(async () => (await t.outbox()).filter((mail) => mail.to.includes(buyer.user.email) && mail.subject.startsWith('Payment verified')).length)
      .toBe(1);

    // The UPI part went to the bank, not through the gateway: it is refunded from the bank and marked done.
    const byGateway = await call(admin.token, 'payments.resolveAlert', 'mutation', { alertId: alert!.id, refund: true });
    expect(byGateway.body.error.data.code).toBe('REFUND_BY_BANK');
    expect(fake.refunds.filter((refund) => refund.payment_id === paid.razorpay_payment_id)).toHaveLength(0);
    expect(orderRow(launch.orderId)).toMatchObject({ status: 'approved', paymentMethod: 'gateway', gatewayPaymentId: paid.razorpay_payment_id });
    expect((await call(admin.token, 'payments.resolveAlert', 'mutation', { alertId: alert!.id, refund: false })).status).toBe(200);

    // The same payment's other events change nothing more.
    await fake.sendWebhook(t.url, 'order.paid', paid.razorpay_payment_id);
    expect(approvalTraces(launch.orderId, buyer.user.id, pkg.id)).toEqual({ enrollments: 1, commissions: 1, receipts: 1, alerts: 1 });
  });

  it('tells the admins and the learner of the UPI part to send back, in the approval, and the learner again once it is sent back', async () => {
    const { buyer, launch } = await awaitingDifference('812345678904');
    const mine = async () =>
      (trpcData((await call(buyer.token, 'orders.mine', 'query')).body) as { id: string; parts: unknown[]; partsRefund: unknown }[]).find(
        (order) => order.id === String(launch.orderId),
      )!;
    // Before the gateway pays, the part is a payment of the order, nothing to send back.
    expect(await mine()).toMatchObject({ parts: [{ utr: '812345678904', amountPaise: 899_00 }], partsRefund: null });

    const paid = fake.pay(launch.gatewayOrderId);
    await fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id);
    // The admins' email and the learner's message are outbox rows of the approval's transaction.
    const rows = t.db
      .select({ kind: notifications.kind, userId: notifications.userId, channel: notifications.channel })
      .from(notifications)
      .where(eq(notifications.eventKey, `parts-refund-due:${launch.orderId}`))
      .all();
    expect(rows).toContainEqual({ kind: 'parts-refund-due-admin', userId: admin.user.id, channel: 'email' });
    expect(rows).toContainEqual({ kind: 'parts-refund-due', userId: buyer.user.id, channel: 'email' });
    expect(rows.filter((row) => row.userId === buyer.user.id)).toHaveLength(1);

    const adminMail = await waitForEmail(t.outbox, admin.user.email, (mail) => mail.subject.includes(`order #${launch.orderId}`));
    expect(adminMail.subject).toBe(
      `Send back ₹899 paid by UPI: ${orderPackageName(launch.orderId)}, order #${launch.orderId}, paid in full through the gateway`,
    );
    expect(adminMail.text).toContain('UTR 812345678904: ₹899');
    expect(adminMail.text).toContain(`payment ${paid.razorpay_payment_id}`);
    expect(adminMail.text).toContain(`“${buyer.user.name}”`);
    expect(adminMail.text).toContain('/admin/pending-orders');
    const buyerMail = await waitForEmail(t.outbox, buyer.user.email, (mail) => mail.subject.includes('will be sent back'));
    expect(buyerMail.text).toContain(`order #${launch.orderId}`);
    expect(buyerMail.text).toContain('UTR 812345678904: ₹899');
    expect(buyerMail.text).toContain('We will send it back to the account you paid it from');

    // The learner's order: paid through the gateway; the UPI part listed apart, to be sent back.
    expect(await mine()).toMatchObject({
      paymentMethod: 'gateway',
      gatewayPaymentId: paid.razorpay_payment_id,
      parts: [{ utr: '812345678904', amountPaise: 899_00 }],
      partsRefund: { amountPaise: 899_00, sentAt: null },
    });

    const [alert] = await alertsOf(launch.orderId);
    clock.advance(60_000);
    expect((await call(admin.token, 'payments.resolveAlert', 'mutation', { alertId: alert!.id, refund: false })).status).toBe(200);
    expect(await mine()).toMatchObject({ partsRefund: { amountPaise: 899_00, sentAt: clock.now() } });
    const sentMail = await waitForEmail(t.outbox, buyer.user.email, (mail) => mail.subject.startsWith('₹899 sent back to your account'));
    expect(sentMail.text).toContain('UTR 812345678904: ₹899');
    // Marked once: a second press is refused and tells nobody again.
    expect((await call(admin.token, 'payments.resolveAlert', 'mutation', { alertId: alert!.id, refund: false })).body.error.data.code).toBe('ALERT_RESOLVED');
    expect(
      t.db
        .select()
        .from(notifications)
        .where(eq(notifications.eventKey, `parts-refunded:${launch.orderId}`))
        .all(),
    ).toHaveLength(1);
  });

  it('tells nobody of a refund when another kind of alert is settled', async () => {
    const { buyer, pkg, launch } = await startedCheckout();
    placeOrder(t.deps, buyer.user.id, { name: buyer.user.name, email: buyer.user.email, packageId: pkg.id, utr: '812345678905' });
    decideOrder(t.deps, admin.user.id, { orderId: launch.orderId, action: 'reject', reason: 'No such UTR' });
    await fake.sendWebhook(t.url, 'payment.captured', fake.pay(launch.gatewayOrderId).razorpay_payment_id);
    const [alert] = await alertsOf(launch.orderId);
    expect((await call(admin.token, 'payments.resolveAlert', 'mutation', { alertId: alert!.id, refund: false })).status).toBe(200);
    expect(
      t.db
        .select()
        .from(notifications)
        .where(eq(notifications.eventKey, `parts-refunded:${launch.orderId}`))
        .all(),
    ).toEqual([]);
  });

  it('is found by the reconcile job when the webhook is lost', async () => {
    const { launch } = await awaitingDifference('812345678902');
    const paid = fake.pay(launch.gatewayOrderId);
    clock.advance(RECONCILE_AFTER_MS + 1000);
    await reconcileGatewayOrders(t.deps, 1000);
    expect(orderRow(launch.orderId)).toMatchObject({ status: 'approved', gatewayPaymentId: paid.razorpay_payment_id });
    expect((await alertsOf(launch.orderId)).map((alert) => [alert.kind, alert.amountPaise])).toEqual([['utr_refund_due', 899_00]]);
  });

  it('still shows a payment for an order an admin rejected as paid after rejection', async () => {
    const { buyer, pkg, launch } = await startedCheckout();
    placeOrder(t.deps, buyer.user.id, { name: buyer.user.name, email: buyer.user.email, packageId: pkg.id, utr: '812345678903' });
    decideOrder(t.deps, admin.user.id, { orderId: launch.orderId, action: 'reject', reason: 'No such UTR' });
    const paid = fake.pay(launch.gatewayOrderId);
    await fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id);
    expect(orderRow(launch.orderId).status).toBe('rejected');
    expect((await alertsOf(launch.orderId)).map((alert) => [alert.kind, alert.amountPaise])).toEqual([['paid_after_rejection', 999_00]]);
  });
});

describe('an order an admin approved by hand while it waited on the gateway', () => {
  it('takes the gateway payment that comes later as the one that paid it, not as a double payment', async () => {
    const { launch } = await startedCheckout();
    decideOrder(t.deps, admin.user.id, { orderId: launch.orderId, action: 'approve' });
    const paid = fake.pay(launch.gatewayOrderId);
    await fake.sendWebhook(t.url, 'payment.captured', paid.razorpay_payment_id);
    expect(orderRow(launch.orderId)).toMatchObject({ status: 'approved', decidedBy: admin.user.id, gatewayPaymentId: paid.razorpay_payment_id });
    expect(t.db.select().from(paymentAlerts).where(eq(paymentAlerts.orderId, launch.orderId)).all()).toEqual([]);
  });
});

describe('refunds reverse the order once, from either side', () => {
  it('an admin refunds through the gateway: access and commission are taken back, the refund’s webhook changes nothing more', async () => {
    const { pkg, buyer, launch } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId);
    await confirm(buyer.token, launch.orderId, paid);
    const refunded = await call(admin.token, 'payments.refundOrder', 'mutation', { orderId: launch.orderId, reason: 'Asked for a refund' });
    expect(refunded.status).toBe(200);
    expect(fake.payments.get(paid.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: launch.amountPaise });
    const reversal = t.db.select().from(orderReversals).where(eq(orderReversals.orderId, launch.orderId)).get();
    expect(reversal).toMatchObject({ reversedBy: admin.user.id, gatewayRefundId: (trpcData(refunded.body) as { refundId: string }).refundId });
    expect((await fake.sendWebhook(t.url, 'refund.processed', paid.razorpay_payment_id)).status).toBe(200);
    expect(t.db.select().from(orderReversals).where(eq(orderReversals.orderId, launch.orderId)).all()).toHaveLength(1);
    expect(approvalTraces(launch.orderId, buyer.user.id, pkg.id).enrollments).toBe(0);
    const lines = t.db.select().from(ledger).where(eq(ledger.orderId, launch.orderId)).all();
    expect(lines.map((line) => [line.kind, line.amountPaise])).toEqual([
      ['commission', 100_00],
      ['correction', -100_00],
    ]);
    // A second refund of the same order is refused.
    const twice = await call(admin.token, 'payments.refundOrder', 'mutation', { orderId: launch.orderId, reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(fake.refunds.filter((refund) => refund.payment_id === paid.razorpay_payment_id)).toHaveLength(1);
  });

  it('a refund made on the gateway’s dashboard reverses the order through its webhook, once, by nobody', async () => {
    const { pkg, buyer, launch } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId);
    await confirm(buyer.token, launch.orderId, paid);
    fake.refundOnDashboard(paid.razorpay_payment_id);
    const first = await fake.sendWebhook(t.url, 'refund.processed', paid.razorpay_payment_id);
    // The same refund's event again (under a new event-id header) is the same event.
    const second = await fake.sendWebhook(t.url, 'refund.processed', paid.razorpay_payment_id);
    expect([first.body.outcome, second.body.outcome]).toEqual(['reversed', 'seen before']);
    expect(t.db.select().from(orderReversals).where(eq(orderReversals.orderId, launch.orderId)).get()).toMatchObject({
      reversedBy: null,
      reason: 'Refunded on the payment gateway',
    });
    expect(approvalTraces(launch.orderId, buyer.user.id, pkg.id).enrollments).toBe(0);
  });

  it('a partial refund on the dashboard keeps the order, and admins see it', async () => {
    const { buyer, launch } = await startedCheckout();
    const paid = fake.pay(launch.gatewayOrderId);
    await confirm(buyer.token, launch.orderId, paid);
    fake.refundOnDashboard(paid.razorpay_payment_id, 100_00);
    await fake.sendWebhook(t.url, 'refund.processed', paid.razorpay_payment_id);
    expect(orderRow(launch.orderId).status).toBe('approved');
    expect(t.db.select().from(paymentAlerts).where(eq(paymentAlerts.gatewayPaymentId, paid.razorpay_payment_id)).get()).toMatchObject({
      kind: 'partial_refund',
    });
  });
});
