import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderPayments, orders, paymentAlerts } from '../../../server/db/schema.js';
import { appStarted, fitsTheWidth, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { createPackage, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

/**
 * An order as the gateway's full payment leaves it after a UPI part (payments.test.ts drives that
 * path): approved through the gateway, the UPI part of ₹1,00,000 kept, and its alert open.
 */
async function orderPaidTwice(utr: string, paymentId: string, packageName: string) {
  const pkg = createPackage(t.db, { name: packageName, pricePaise: 1_50_000_00 });
  const manisha = await createUserWithToken(t.db, { name: 'Manisha Kale', lang: 'mr' });
  const order = insertPendingOrder(t.db, { buyer: manisha.user, pkg, utr, referrerId: null });
  t.db
    .update(orders)
    .set({ status: 'approved', paymentMethod: 'gateway', gatewayPaymentId: paymentId, decidedAt: Date.now() })
    .where(eq(orders.id, order.id))
    .run();
  t.db.insert(orderPayments).values({ orderId: order.id, utr, amountPaise: 1_00_000_00, createdAt: Date.now() }).run();
  const alert = t.db
    .insert(paymentAlerts)
    .values({ orderId: order.id, gatewayPaymentId: paymentId, kind: 'utr_refund_due', amountPaise: 1_00_000_00, foundAt: Date.now() })
    .returning()
    .get();
  /** Marks the UPI part sent back from the bank, as the admin does on the alert. */
  const markSentBack = () =>
    t.db
      .update(paymentAlerts)
      .set({ resolvedAt: Date.parse('2026-11-20T12:00:00+05:30') })
      .where(eq(paymentAlerts.id, alert.id))
      .run();
  return { pkg, manisha, markSentBack };
}

describe("the learner's card of an order the gateway paid after a UPI part", () => {
  it('shows the gateway payment as the payment and the UPI part to be sent back, then sent back (mr and en, 360 px)', async () => {
    const utr = '731245678911';
    const { pkg, manisha, markSentBack } = await orderPaidTwice(utr, 'pay_RefundDue01', 'Share Market Pro');

    const view = await browser.newPage({ width: 360, locale: 'mr-IN', phone: true });
    await signIn(view.context, t.url, manisha.token);
    const page = view.page;
    await page.goto(`${t.url}/myCourses`);
    const card = page.locator('.order-card').filter({ hasText: pkg.name });
    await expect.poll(() => card.locator('.details').textContent()).toContain('UPI ने भरलेले, परत पाठवायचे');
    const details = await card.locator('.details').textContent();
    // The order's payment is the gateway's; the UTR is listed apart, as money going back.
    expect(details).toContain('पेमेंटpay_RefundDue01');
    expect(details).toContain(`${utr} (₹1,00,000)`);
    expect(await card.getByRole('note').textContent()).toContain('तुम्ही UPI ने भरलेल्या ₹1,00,000ची तिला गरज नाही');
    expect(await fitsTheWidth(page)).toBe(true);

    // Marked sent back from the bank: the card says so, with the date; in English too.
    markSentBack();
    await page.goto(`${t.url}/myCourses?lang=en`);
    await expect.poll(() => card.locator('.details').textContent()).toContain('Paid by UPI, sent back');
    expect(await card.locator('.details').textContent()).toContain(`${utr} (₹1,00,000)`);
    expect(await card.getByRole('note').textContent()).toBe(
      'This order was paid in full through the payment gateway. The ₹1,00,000 you paid by UPI was sent back to the account you paid from on 20 Nov 2026.',
    );
    expect(await fitsTheWidth(page)).toBe(true);
  });
});

describe("the admins' card of an order the gateway paid after a UPI part", () => {
  it('names the gateway payment, and lists the UPI part as to be sent back, then sent back, not as a payment (en and mr, 360 px)', async () => {
    const utr = '731245678922';
    const { pkg, markSentBack } = await orderPaidTwice(utr, 'pay_RefundDue02', 'Mutual Funds Made Simple');
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const view = await browser.newPage({ width: 360 });
    await signIn(view.context, t.url, admin.token);
    const page = view.page;
    const card = page.locator('.order-card').filter({ hasText: pkg.name });
    const openDecided = async (lang: 'en' | 'mr', tab: string) => {
      await page.goto(`${t.url}/admin/pending-orders?lang=${lang}`);
      await appStarted(page);
      await page.getByRole('tab', { name: tab }).click();
      await expect.poll(() => card.count()).toBe(1);
    };

    await openDecided('en', 'Decided');
    expect(await card.locator('.pending-orders__utr').textContent()).toContain('Gateway payment: pay_RefundDue02');
    const details = await card.locator('.details').textContent();
    expect(details).toContain(`Paid by UPI, to be sent back${utr}: ₹1,00,000`);
    expect(details).not.toContain('Payments');
    expect(await fitsTheWidth(page)).toBe(true);

    markSentBack();
    await openDecided('mr', 'निर्णय झालेल्या');
    expect(await card.locator('.details').textContent()).toContain(`UPI ने भरलेले, परत पाठवले${utr}: ₹1,00,000`);
    expect(await fitsTheWidth(page)).toBe(true);
  });
});
