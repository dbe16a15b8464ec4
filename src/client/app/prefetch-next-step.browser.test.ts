import { describe, expect, it } from 'vitest';
import { appStarted, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { createPackage } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const signUpChunk = /\/assets\/register-page-[\w-]+\.js$/;
const checkoutChunk = /\/assets\/checkout-dialog-[\w-]+\.js$/;

describe('the next step after Buy is fetched before the tap', () => {
  it('fetches sign-up and the checkout a while after the catalogue has loaded, not at once', async () => {
    await createPackage(t.db, { name: 'Idle Prefetch Basics' });
    const { page, context } = await browser.newPage();
    const signUp = page.waitForRequest((request) => signUpChunk.test(request.url()));
    const checkout = page.waitForRequest((request) => checkoutChunk.test(request.url()));
    await page.goto(`${t.url}/packages`);
    await Promise.all([signUp, checkout]);
    // Nothing was tapped: the page stays the catalogue.
    expect(new URL(page.url()).pathname).toBe('/packages');
    // Asked for no sooner than NEXT_STEP_DELAY_MS (2 s) after the page's `load`: outside the window
    // in which the page's loading is measured.
    const timesNow = () =>
      page.evaluate(() => {
        const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
        const asked = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/(register-page|checkout-dialog)-[\w-]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime);
        return { loaded, asked };
      });
    // A request's timing entry is written once its answer has arrived whole.
    await expect.poll(async () => (await timesNow()).asked.length).toBe(2);
    const times = await timesNow();
    expect(times.loaded).toBeGreaterThan(0);
    for (const asked of times.asked) expect(asked).toBeGreaterThanOrEqual(times.loaded + 2000);
    await context.close();
  });

  it('fetches them at once when the visitor scrolls, without waiting', async () => {
    await createPackage(t.db, { name: 'Scrolled Prefetch Basics' });
    const { page, context } = await browser.newPage();
    // A page that is never idle: only the scroll can fetch the next step.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${t.url}/packages`);
    await appStarted(page);
    expect(fetched.some((url) => signUpChunk.test(url) || checkoutChunk.test(url))).toBe(false);
    const signUp = page.waitForRequest((request) => signUpChunk.test(request.url()));
    const checkout = page.waitForRequest((request) => checkoutChunk.test(request.url()));
    await page.mouse.wheel(0, 400);
    await Promise.all([signUp, checkout]);
    expect(new URL(page.url()).pathname).toBe('/packages');
    await context.close();
  });

  it('fetches sign-up as a Buy is pressed, before it is released, when the page never idles', async () => {
    await createPackage(t.db, { name: 'Pressed Prefetch Basics' });
    const { page, context } = await browser.newPage();
    // A page that is never idle: only the press can fetch the next step (a press anywhere fetches
    // both, as the first use of the page; on a Buy, the one it leads to).
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${t.url}/packages`);
    await appStarted(page);
    const buy = page.locator('main#main a[data-buy]').first();
    await buy.waitFor();
    expect(fetched.some((url) => signUpChunk.test(url))).toBe(false);
    const signUp = page.waitForRequest((request) => signUpChunk.test(request.url()));
    await buy.dispatchEvent('pointerdown');
    await signUp;
    expect(new URL(page.url()).pathname).toBe('/packages');
    await context.close();
  });
});
