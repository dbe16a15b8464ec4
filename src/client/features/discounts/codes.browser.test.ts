import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema.js';
import { decideOrder } from '../../../server/features/orders/order-decisions.service.js';
import { appStarted, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { createPackage, createUserWithToken } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import catalogMr from '../../locales/mr/catalog.json';
import discountsMr from '../../locales/mr/discounts.json';
import ordersMr from '../../locales/mr/orders.json';
import receiptsMr from '../../locales/mr/receipts.json';
import { interpolate as fill } from '../../../shared/texts.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('an affiliate code shared by voice, at 360 px in Marathi', () => {
  it('the affiliate sets a code, a new learner types it at checkout and pays the discounted amount, and after approval the affiliate sees the commission', async () => {
    const pkg = createPackage(t.db, { name: 'शेअर बाजार', pricePaise: 2_000_00, commissionPaise: null });
    const affiliate = await createUserWithToken(t.db, { name: 'Sunil Patil', lang: 'mr' });
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const code = `SUNIL${process.pid % 100}`;

    // The affiliate picks their code on the dashboard.
    const aView = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await signIn(aView.context, t.url, affiliate.token);
    await aView.page.goto(`${t.url}/${affiliate.user.id}/dashboard?lang=mr`);
    // The server draws the dashboard; the app runs before the affiliate types.
    await appStarted(aView.page);
    await aView.page.getByLabel(discountsMr.mine.label).fill(code.toLowerCase());
    await aView.page.getByRole('button', { name: discountsMr.mine.choose }).click();
    await expect.poll(() => aView.page.getByRole('heading', { name: fill(discountsMr.mine.chosen, { code }) }).isVisible()).toBe(true);
    expect(await aView.page.getByText(fill(discountsMr.mine.share, { code, discount: '10%' })).isVisible()).toBe(true);

    // A new learner heard it on a call and types it at checkout.
    const learner = await createUserWithToken(t.db, { name: 'Asha Pawar', lang: 'mr' });
    const bView = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await signIn(bView.context, t.url, learner.token);
    await bView.page.goto(`${t.url}/packages?lang=mr`);
    await appStarted(bView.page);
    await bView.page.getByRole('listitem').filter({ hasText: pkg.name }).getByRole('link', { name: catalogMr.packages.buyNow }).tap();
    const dialog = bView.page.getByRole('dialog', { name: fill(ordersMr.pay.title, { name: pkg.name }) });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel(ordersMr.code.label).fill(code.toLowerCase());
    await dialog.getByRole('button', { name: ordersMr.code.apply }).tap();
    await expect.poll(() => dialog.getByText(fill(ordersMr.code.applied, { code, discount: '₹200' })).isVisible()).toBe(true);
    expect(await dialog.getByText(fill(ordersMr.code.sponsor, { name: 'Sunil' })).isVisible()).toBe(true);
    // The QR and the UPI link carry the price after the discount.
    const qr = dialog.getByRole('img', { name: fill(ordersMr.pay.qrAlt, { amount: '₹1,800', payee: 'Marathi Success' }) });
    await expect.poll(() => qr.isVisible()).toBe(true);
    expect(await bView.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await dialog.getByLabel(ordersMr.pay.utr).fill('412398765432');
    await dialog.getByRole('button', { name: ordersMr.pay.submit }).tap();
    await expect.poll(() => dialog.getByText(ordersMr.pay.success).isVisible()).toBe(true);
    const order = t.db.select().from(orders).where(eq(orders.userId, learner.user.id)).get()!;
    expect(order).toMatchObject({ amountPaise: 1_800_00, listPricePaise: 2_000_00, discountPaise: 200_00, discountCode: code, referrerId: affiliate.user.id });

    // An admin checks the bank and approves; the receipt shows the list price, the code's discount and the price paid.
    decideOrder(t.deps, admin.user.id, { orderId: order.id, action: 'approve' });
    await bView.page.goto(`${t.url}/receipt/${order.id}?lang=mr`);
    const discountRow = bView.page.getByRole('row', { name: fill(receiptsMr.receipt.discount, { code }) });
    await expect.poll(() => discountRow.textContent()).toContain('₹200');
    expect(await bView.page.getByRole('row', { name: receiptsMr.receipt.listPrice }).textContent()).toContain('₹2,000');
    // ...and the affiliate sees the commission on the price paid.
    await aView.page.reload();
    await expect.poll(() => aView.page.getByText(fill(discountsMr.mine.earned, { amount: '₹180' })).isVisible()).toBe(true);
    expect(await aView.page.getByText(discountsMr.mine.uses.one).isVisible()).toBe(true);
  });
});
