import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema.js';
import { launchBrowser, signIn, type TestBrowser } from '../../../test/browser.js';
import { gatewayEnv, startFakeRazorpay, type FakeRazorpay } from '../../../test/fake-razorpay.js';
import { addLecture, createPackage, createUserWithToken } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import catalogMr from '../../locales/mr/catalog.json';
import ordersMr from '../../locales/mr/orders.json';
import paymentsMr from '../../locales/mr/payments.json';

let t: TestApp;
let fake: FakeRazorpay;
let browser: TestBrowser;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  [t, browser] = await Promise.all([startTestApp({ env: gatewayEnv(fake.url), build: { reconcileGateway: false } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await fake?.close();
});

/**
 * Razorpay's checkout.js as the browser would get it from checkout.razorpay.com (this machine has
 * no internet): a window that "pays" by asking the test, which pays on the fake gateway and hands
 * back what the real window's handler gets (the payment id and the gateway's signature).
 */
const fakeCheckoutScript = `
window.Razorpay = function (options) {
  this.open = function () {
    window.__checkoutOpened = (window.__checkoutOpened || 0) + 1;
    window.__checkoutOptions = { key: options.key, order_id: options.order_id, amount: options.amount, currency: options.currency, sequence: options.config.display.sequence };
    fetch('https://api.razorpay.com/test-pay', { method: 'POST', body: JSON.stringify({ order_id: options.order_id }) })
      .then(function (answer) { return answer.json(); })
      .then(function (answer) { options.handler(answer); });
  };
};`;

describe('paying through the gateway, on a phone at 360 px in Marathi', () => {
  it('goes from Buy to the first lecture with no UTR typed and no admin, loading the gateway only on its own page', async () => {
    const pkg = createPackage(t.db, { name: 'शेअर बाजार मूलभूत', pricePaise: 999_00 });
    addLecture(t.db, pkg.id, 0, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    const learner = await createUserWithToken(t.db, { name: 'आशा पवार', email: 'asha.gateway@example.com', lang: 'mr' });
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await signIn(context, t.url, learner.token);

    const gatewayRequests: string[] = [];
    await context.route('https://checkout.razorpay.com/**', async (route) => {
      gatewayRequests.push(route.request().url());
      await route.fulfill({ contentType: 'text/javascript', body: fakeCheckoutScript });
    });
    await context.route('https://api.razorpay.com/test-pay', async (route) => {
      const { order_id } = JSON.parse(route.request().postData() ?? '{}') as { order_id: string };
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify(fake.pay(order_id)) });
    });

    await page.goto(`${t.url}/packages?lang=mr`);
    await page.getByRole('listitem').filter({ hasText: pkg.name }).getByRole('link', { name: catalogMr.packages.buyNow }).tap();
    const dialog = page.getByRole('dialog', { name: ordersMr.pay.title.replace('{{name}}', pkg.name) });
    // A Buy tapped before the app has run is a page load (the learner's package page, the popup open): longer than a second on a busy box.
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true);
    // The code box first (no code here); then Pay with UPI comes first, paying by QR with a UTR is the second way, folded away.
    await dialog.getByRole('button', { name: ordersMr.code.skip }).tap();
    const instant = dialog.getByRole('button', { name: ordersMr.pay.instant.replace('{{amount}}', '₹999') });
    await expect.poll(() => instant.isVisible()).toBe(true);
    expect(await dialog.getByText(ordersMr.pay.haveUtr).isVisible()).toBe(true);
    expect(await dialog.getByLabel(ordersMr.pay.utr).isVisible()).toBe(false);
    expect(gatewayRequests).toEqual([]);

    await instant.tap();
    await page.waitForURL(/\/pay\/\d+$/);
    const start = page.getByRole('link', { name: paymentsMr.pay.startLearning });
    await expect.poll(() => start.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText(paymentsMr.pay.approved.replace('{{name}}', pkg.name)).isVisible()).toBe(true);
    expect(gatewayRequests).toEqual(['https://checkout.razorpay.com/v1/checkout.js']);
    const opened = await page.evaluate(() => (window as unknown as { __checkoutOptions: unknown }).__checkoutOptions);
    expect(opened).toMatchObject({ key: 'rzp_test_FakeKey1234567A', amount: 999_00, currency: 'INR', sequence: ['block.upi'] });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    const order = t.db.select().from(orders).where(eq(orders.userId, learner.user.id)).get()!;
    expect(order).toMatchObject({ status: 'approved', utr: null, paymentMethod: 'gateway', decidedBy: null });
    expect(order.gatewayPaymentId).toMatch(/^pay_/);

    await start.tap();
    await page.waitForURL(new RegExp(`/course-content/${pkg.id}$`));
    // The player, open at the first part: the lecture is the learner's now.
    await expect.poll(() => page.locator('#current-part').textContent()).toContain('Part 1');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(pkg.name);
  });
});

describe("the admin's side of gateway payments", () => {
  it('tells orders waiting on the gateway from those waiting for a UTR check, refunds a double payment and a paid order', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', name: 'Meena' });
    const pkg = createPackage(t.db, { name: 'Tally Basics', pricePaise: 1_499_00 });
    const waiting = await createUserWithToken(t.db, { name: 'Ravi Gateway' });
    const byUtr = await createUserWithToken(t.db, { name: 'Sita Utr' });
    const paidTwice = await createUserWithToken(t.db, { name: 'Kiran Twice' });
    const { startGatewayPayment, settleGatewayOrder } = await import('../../../server/features/payments/payments.service.js');
    const { decideOrder } = await import('../../../server/features/orders/order-decisions.service.js');
    const { placeOrder } = await import('../../../server/features/orders/checkout.service.js');
    await startGatewayPayment(t.deps, waiting.user.id, { name: 'Ravi Gateway', email: waiting.user.email, packageId: pkg.id });
    placeOrder(t.deps, byUtr.user.id, { name: 'Sita Utr', email: byUtr.user.email, packageId: pkg.id, utr: '612345678901' });
    // Kiran scanned the QR and gave a UTR (approved), and the gateway's payment went through too.
    const twice = await startGatewayPayment(t.deps, paidTwice.user.id, { name: 'Kiran Twice', email: paidTwice.user.email, packageId: pkg.id });
    placeOrder(t.deps, paidTwice.user.id, { name: 'Kiran Twice', email: paidTwice.user.email, packageId: pkg.id, utr: '612345678902' });
    decideOrder(t.deps, admin.user.id, { orderId: twice.orderId, action: 'approve' });
    const second = fake.pay(twice.gatewayOrderId);
    await settleGatewayOrder(t.deps, twice.orderId);

    const { page, context } = await browser.newPage({ width: 360 });
    await signIn(context, t.url, admin.token);
    await page.goto(`${t.url}/admin/pending-orders?lang=en`);
    const ravi = page.locator('.order-card').filter({ hasText: 'Ravi Gateway' });
    await expect.poll(() => ravi.getByText('Waiting on the payment gateway').isVisible()).toBe(true);
    expect(await ravi.getByText('Gateway order:').isVisible()).toBe(true);
    expect(await page.locator('.order-card').filter({ hasText: 'Sita Utr' }).getByText('Waiting for the UTR check').isVisible()).toBe(true);

    const alert = page.locator('.payment-alerts .order-card').filter({ hasText: second.razorpay_payment_id });
    expect(await alert.getByText('Paid twice: this order was already paid. Refund this payment.').isVisible()).toBe(true);
    await alert.getByRole('button', { name: 'Refund ₹1,499' }).click();
    await expect.poll(() => page.locator('.payment-alerts').count()).toBe(0);
    expect(fake.payments.get(second.razorpay_payment_id)!.status).toBe('refunded');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    // Ravi pays; the admin then refunds the order through the gateway from the decided list.
    const raviOrder = t.db.select().from(orders).where(eq(orders.userId, waiting.user.id)).get()!;
    const paid = fake.pay(raviOrder.gatewayOrderId!);
    await settleGatewayOrder(t.deps, raviOrder.id);
    await page.getByRole('tab', { name: 'Decided' }).click();
    const decided = page.locator('.order-card').filter({ hasText: 'Ravi Gateway' });
    await expect.poll(() => decided.getByText(`Gateway payment: ${paid.razorpay_payment_id}`).isVisible()).toBe(true);
    await decided.getByRole('button', { name: 'Refund through the gateway' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund and take back this order?' });
    await dialog.getByLabel('Reason').fill('Asked for a refund');
    await dialog.getByRole('button', { name: 'Refund through the gateway' }).click();
    await expect.poll(() => decided.locator('.badge').first().textContent()).toBe('Reversed');
    expect(fake.payments.get(paid.razorpay_payment_id)!.status).toBe('refunded');
  });
});
