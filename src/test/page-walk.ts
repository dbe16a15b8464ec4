/**
 * For the browser tests that open every page of the app in turn (fits-360, tap-targets): the
 * people and things the pages show, and the wait until a page has settled.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';
import { callProcedure } from './trpc-http.js';
import { buildWorld, resetToken, type World } from './world.js';

/**
 * A world whose pending order the admin has approved (its receipt, for the receipt page), and a
 * value for each `:name` of a page's path; a new page with a part not listed here fails the walk
 * until one is.
 */
export async function worldForEveryPage(t: TestApp): Promise<{ world: World; values: Record<string, string | number> }> {
  const world = await buildWorld(t);
  const decided = await callProcedure(
    t.url,
    'orders.decide',
    'mutation',
    { orderId: String(world.pendingOrder.id), action: 'approve' },
    { token: world.admin.token },
  );
  expect(decided.status).toBe(200);
  const values = {
    id: world.forSale.id,
    courseId: world.owned.id,
    quizId: 1,
    number: 'MS-2026-000001',
    token: resetToken(t, world.other.row.id),
    orderId: world.pendingOrder.id,
    userId: world.user.row.id,
  };
  return { world, values };
}

/** The page as the app shows it once it has settled: the app running, nothing loading. */
export async function settled(page: Page): Promise<void> {
  await page.locator('main#main').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page
    .locator('.page-spinner')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}
