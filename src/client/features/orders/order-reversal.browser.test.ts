import { describe, expect, it } from 'vitest';
import { createSession } from '../../../server/features/auth/sessions.service.js';
import { fitsTheWidth, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { earnCommission } from '../../../test/earnings.js';
import { createUser, createUserWithToken } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('a reversed order', () => {
  it('shows as reversed, with when and why, to its buyer (in English and Marathi, and on the receipt) and on the admins’ decided list and receipts', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', name: 'Meena Admin' });
    const sponsor = await createUser(t.db);
    const { order, buyer, pkg } = await earnCommission(t, { earnerId: sponsor.id, adminId: admin.user.id, amountPaise: 500_00, at: Date.now() });

    // The admin reverses it from the payouts screen, by its UTR, at a phone's width.
    const adminView = await browser.newPage({ width: 360 });
    await signIn(adminView.context, t.url, admin.token);
    await adminView.page.goto(`${t.url}/admin/payouts`);
    await adminView.page.getByLabel('UTR of the order').fill(order.utr!);
    await adminView.page.getByLabel('Reason').fill('The UTR was fake');
    await adminView.page.getByRole('button', { name: 'Reverse order' }).click();
    await expect.poll(() => adminView.page.getByText('Order reversed; commission taken back: ₹500.').isVisible()).toBe(true);

    // The buyer's orders say so, where they said "Approved" before.
    const buyerView = await browser.newPage({ width: 360 });
    await signIn(buyerView.context, t.url, createSession(t.db, buyer.id, Date.now()).token);
    const buyerPage = buyerView.page;
    await buyerPage.goto(`${t.url}/myCourses`);
    const card = buyerPage.locator('.order-card').filter({ hasText: pkg.name });
    await expect.poll(() => card.locator('.badge').textContent()).toBe('Reversed');
    expect(await card.getByText('Approved: the package is in your account').count()).toBe(0);
    const step = card.locator('.timeline__step--reversed');
    expect(await step.getAttribute('aria-current')).toBe('step');
    expect(await step.textContent()).toContain('Reversed: the package was taken back');
    expect(await step.textContent()).toContain('Reason: The UTR was fake');
    expect(await fitsTheWidth(buyerPage)).toBe(true);

    // Its receipt stays as issued, and says the order was reversed.
    await card.getByRole('link', { name: 'View receipt' }).click();
    await expect.poll(() => buyerPage.locator('.receipt__reversed').textContent()).toMatch(/^This order was reversed on .+ and the package taken back\./);
    expect(await fitsTheWidth(buyerPage)).toBe(true);

    await buyerPage.goto(`${t.url}/myCourses?lang=mr`);
    await expect.poll(() => card.locator('.badge').textContent()).toBe('उलट केली');
    expect(await card.locator('.timeline__step--reversed').textContent()).toContain('उलट केली: पॅकेज परत घेतले');

    // The admins' decided list marks it too.
    await adminView.page.goto(`${t.url}/admin/pending-orders`);
    await adminView.page.getByRole('tab', { name: 'Decided' }).click();
    const decided = adminView.page.locator('.order-card').filter({ hasText: order.utr! });
    await expect.poll(() => decided.locator('.badge').textContent()).toBe('Reversed');
    expect(await decided.textContent()).toMatch(/reversed on .+: The UTR was fake/);

    // And the admins' receipts of this month mark its receipt.
    await adminView.page.goto(`${t.url}/admin/receipts`);
    const receiptRow = adminView.page.getByRole('row').filter({ hasText: pkg.name });
    await expect.poll(() => receiptRow.locator('.badge--reversed').textContent()).toBe('Reversed');
  });
});
