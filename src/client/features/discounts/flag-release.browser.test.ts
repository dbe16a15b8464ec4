import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, users } from '../../../server/db/schema.js';
import { signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { earnCommission } from '../../../test/earnings.js';
import { createPackage, createUser, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import { freshUtr } from '../../../test/world.js';
import discountsEn from '../../locales/en/discounts.json';
import discountsMr from '../../locales/mr/discounts.json';
import { interpolate as fill } from '../../../shared/texts.js';

let t: TestApp;
let browser: TestBrowser;
withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe("a flagged affiliate's held commission, on a laptop", () => {
  it.each([
    ['mr', discountsMr],
    ['en', discountsEn],
  ] as const)('in %s: says in words why they are flagged and what to do, and is released by an admin after a look', async (lang, texts) => {
    const admin = await createUserWithToken(t.db, { role: 'admin', lang });
    const ravi = await createUserWithToken(t.db, { name: `Ravi Kale ${lang}`, phone: lang === 'mr' ? '9822044441' : '9822044442' });
    for (const amountPaise of [400_00, 400_00]) await earnCommission(t, { earnerId: ravi.user.id, adminId: admin.user.id, amountPaise, at: Date.now() });
    // Two "buyers" ordered from one browser: the fraud screen flags Ravi, and his commission waits.
    t.db
      .update(orders)
      .set({ placedDevice: `one-phone-${lang}` })
      .where(eq(orders.referrerId, ravi.user.id))
      .run();
    // A buyer with Ravi's own phone number: maybe his second account.
    const second = await createUser(t.db, { name: `Second Ravi ${lang}`, phone: ravi.user.phone, sponsorId: ravi.user.id });
    insertPendingOrder(t.db, { buyer: second, pkg: createPackage(t.db), utr: freshUtr(), referrerId: ravi.user.id });
    // Another affiliate whose buyers only share the network (as every test request does) is not flagged.
    const honest = await createUserWithToken(t.db, { name: `Honest Asha ${lang}` });
    await earnCommission(t, { earnerId: honest.user.id, adminId: admin.user.id, amountPaise: 400_00, at: Date.now() });

    const view = await browser.newPage({ width: 1280, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
    await signIn(view.context, t.url, admin.token);
    await view.page.goto(`${t.url}/admin/payouts?lang=${lang}`);
    const release = view.page.getByRole('button', { name: fill(texts.admin.releaseFor, { name: ravi.user.name }) });
    await expect.poll(() => release.isVisible(), { timeout: 20_000 }).toBe(true);
    for (const text of [texts.admin.flagsHold, texts.admin.flagsIntro, texts.admin.flagsWhatToDo])
      expect(await view.page.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    const raviFlag = view.page.getByRole('listitem').filter({ has: view.page.getByRole('heading', { name: ravi.user.name }) });
    const ownAccount = fill(texts.admin.ownAccount, { buyer: second.name, name: ravi.user.name, signs: texts.admin.signs.phone });
    for (const text of [ownAccount, fill(texts.admin.sharedDevices.one, { count: 1 })])
      expect(await raviFlag.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    expect(await view.page.getByRole('heading', { name: honest.user.name }).count()).toBe(0);

    await release.focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => view.page.getByText(fill(texts.admin.released, { name: ravi.user.name })).isVisible()).toBe(true);
    const stored = t.db.select({ clearedAt: users.commissionHoldClearedAt }).from(users).where(eq(users.id, ravi.user.id)).get();
    expect(stored?.clearedAt).not.toBeNull();
    await view.context.close();
  });
});
