import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountCodes, orders } from '../../../server/db/schema.js';
import discountErrors from '../../../server/features/discounts/discounts.errors.json';
import { chooseAffiliateCode, createCoupon } from '../../../server/features/discounts/discounts.service.js';
import { appStarted, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { createPackage, createUserWithToken } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import catalogEn from '../../locales/en/catalog.json';
import catalogMr from '../../locales/mr/catalog.json';
import ordersEn from '../../locales/en/orders.json';
import ordersMr from '../../locales/mr/orders.json';
import { interpolate as fill } from '../../../shared/texts.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const texts = {
  en: { catalog: catalogEn, orders: ordersEn, locale: 'en-IN' },
  mr: { catalog: catalogMr, orders: ordersMr, locale: 'mr-IN' },
} as const;

describe.each(['mr', 'en'] as const)('the checkout’s one code box at 360 px, in %s', (lang) => {
  const m = texts[lang];

  it("takes a coupon, then an affiliate's code, in the same box; the amount comes only after, and the order is placed at the price the server works out", async () => {
    const suffix = `${lang.toUpperCase()}${process.pid % 100}`;
    const pkg = createPackage(t.db, { name: `Share Market ${lang}`, pricePaise: 1_000_00, commissionPaise: null });
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const coupon = createCoupon(t.deps, admin.user.id, { code: `DIWALI${suffix}`, percentBp: 2000, packageIds: null, perLearnerLimit: 1, freeAllowed: false });
    const affiliate = await createUserWithToken(t.db, { name: 'Sunil Patil', lang });
    const affiliateCode = chooseAffiliateCode(t.deps, affiliate.user.id, `SUNIL${suffix}`);
    t.db.update(discountCodes).set({ percentBp: 1500 }).where(eq(discountCodes.id, affiliateCode.id)).run();

    const learner = await createUserWithToken(t.db, { name: 'Asha Pawar', lang });
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: m.locale });
    await signIn(context, t.url, learner.token);
    await page.goto(`${t.url}/packages?lang=${lang}`);
    await appStarted(page);
    await page.getByRole('listitem').filter({ hasText: pkg.name }).getByRole('link', { name: m.catalog.packages.buyNow }).tap();
    const dialog = page.getByRole('dialog', { name: fill(m.orders.pay.title, { name: pkg.name }) });
    const box = dialog.getByLabel(m.orders.code.label);
    await expect.poll(() => box.isVisible()).toBe(true);

    // Before a code is applied or none chosen: no amount, no QR, no UTR field.
    const nothingToPay = async () => {
      expect(await dialog.locator('.checkout__price').count()).toBe(0);
      expect(await dialog.getByRole('img').count()).toBe(0);
      expect(await dialog.getByLabel(m.orders.pay.utr).count()).toBe(0);
    };
    await nothingToPay();

    // A wrong code is refused beside the box, in the learner's language; still nothing to pay.
    await box.fill('nosuch99');
    await dialog.getByRole('button', { name: m.orders.code.apply }).tap();
    await expect.poll(() => dialog.getByRole('alert').filter({ hasText: discountErrors.CODE_UNKNOWN[lang] }).isVisible()).toBe(true);
    await nothingToPay();

    // The coupon: 20% off, and the amount and the QR only now, at ₹800.
    await box.fill(coupon.code.toLowerCase());
    await dialog.getByRole('button', { name: m.orders.code.apply }).tap();
    await expect.poll(() => dialog.getByText(fill(m.orders.code.applied, { code: coupon.code, discount: '₹200' })).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole('img', { name: fill(m.orders.pay.qrAlt, { amount: '₹800', payee: 'Marathi Success' }) }).isVisible()).toBe(true);

    // Changed for a friend's affiliate code in the same box: the amount goes until it is applied, then ₹850 with the friend as sponsor.
    await dialog.getByRole('button', { name: m.orders.code.remove }).tap();
    await expect.poll(() => box.isVisible()).toBe(true);
    await nothingToPay();
    await box.fill(affiliateCode.code.toLowerCase());
    await dialog.getByRole('button', { name: m.orders.code.apply }).tap();
    await expect.poll(() => dialog.getByText(fill(m.orders.code.applied, { code: affiliateCode.code, discount: '₹150' })).isVisible()).toBe(true);
    expect(await dialog.getByText(fill(m.orders.code.sponsor, { name: 'Sunil' })).isVisible()).toBe(true);
    const qr = dialog.getByRole('img', { name: fill(m.orders.pay.qrAlt, { amount: '₹850', payee: 'Marathi Success' }) });
    await expect.poll(() => qr.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    // The phone kills the tab while the UPI app is open: the popup comes back with the same code and the same amount.
    await page.reload();
    await expect.poll(() => qr.isVisible()).toBe(true);
    expect(await dialog.getByText(fill(m.orders.code.applied, { code: affiliateCode.code, discount: '₹150' })).isVisible()).toBe(true);

    await dialog.getByLabel(m.orders.pay.utr).fill(lang === 'mr' ? '412398765401' : '412398765402');
    await dialog.getByRole('button', { name: m.orders.pay.submit }).tap();
    await expect.poll(() => dialog.getByText(m.orders.pay.success).isVisible()).toBe(true);
    const order = t.db.select().from(orders).where(eq(orders.userId, learner.user.id)).get()!;
    expect(order).toMatchObject({
      status: 'pending',
      amountPaise: 850_00,
      listPricePaise: 1_000_00,
      discountPaise: 150_00,
      discountCode: affiliateCode.code,
      referrerId: affiliate.user.id,
    });
    await context.close();
  });
});
