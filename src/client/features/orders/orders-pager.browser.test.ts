import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema.js';
import { ORDERS_PAGE_SIZE } from '../../../server/features/orders/order-queries.service.js';
import { signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { createPackage, createUser, createUserWithToken } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import { insertOrder } from '../../../test/world.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe("the orders screen's pager", () => {
  it('offers a next page of decided orders only when there is one', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const buyer = await createUser(t.db);
    const decide = (count: number) => {
      const ids = Array.from({ length: count }, () => insertOrder(t, buyer, createPackage(t.db)).id);
      t.db.update(orders).set({ status: 'approved', decidedAt: Date.now(), decidedBy: admin.user.id }).where(inArray(orders.id, ids)).run();
    };
    const view = await browser.newPage({ width: 360 });
    await signIn(view.context, t.url, admin.token);
    const page = view.page;
    const openDecided = async () => {
      await page.goto(`${t.url}/admin/pending-orders`);
      await page.getByRole('tab', { name: 'Decided' }).click();
      await expect.poll(() => page.locator('.order-card').count()).toBe(ORDERS_PAGE_SIZE);
    };

    // Exactly one page: nothing to go on to.
    decide(ORDERS_PAGE_SIZE);
    await openDecided();
    expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(0);

    // One more: the next page holds it.
    decide(1);
    await openDecided();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.locator('.order-card').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  });
});
