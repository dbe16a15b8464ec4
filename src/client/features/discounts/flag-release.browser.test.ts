import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, users } from '../../../server/db/schema.js';
import { signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { earnCommission } from '../../../test/earnings.js';
import { createUserWithToken } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import discountsMr from '../../locales/mr/discounts.json';

let t: TestApp;
let browser: TestBrowser;
withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name] ?? '');

describe("a flagged affiliate's held commission, in Marathi on a laptop", () => {
  it('is released by an admin from the payouts screen, after a look', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', lang: 'mr' });
    const ravi = await createUserWithToken(t.db, { name: 'Ravi Kale' });
    for (const amountPaise of [400_00, 400_00]) await earnCommission(t, { earnerId: ravi.user.id, adminId: admin.user.id, amountPaise, at: Date.now() });
    // Two "buyers" ordered from one browser: the fraud screen flags Ravi, and his commission waits.
    t.db.update(orders).set({ placedDevice: 'one-phone' }).where(eq(orders.referrerId, ravi.user.id)).run();

    const view = await browser.newPage({ width: 1280, locale: 'mr-IN' });
    await signIn(view.context, t.url, admin.token);
    await view.page.goto(`${t.url}/admin/payouts?lang=mr`);
    const release = view.page.getByRole('button', { name: fill(discountsMr.admin.releaseFor, { name: 'Ravi Kale' }) });
    await expect.poll(() => release.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await view.page.getByText(discountsMr.admin.flagsHold).isVisible()).toBe(true);
    await release.focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => view.page.getByText(fill(discountsMr.admin.released, { name: 'Ravi Kale' })).isVisible()).toBe(true);
    const stored = t.db.select({ clearedAt: users.commissionHoldClearedAt }).from(users).where(eq(users.id, ravi.user.id)).get();
    expect(stored?.clearedAt).not.toBeNull();
  });
});
