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
  it('fetches sign-up and the checkout once the catalogue is idle', async () => {
    await createPackage(t.db, { name: 'Idle Prefetch Basics' });
    const { page, context } = await browser.newPage();
    const signUp = page.waitForRequest((request) => signUpChunk.test(request.url()));
    const checkout = page.waitForRequest((request) => checkoutChunk.test(request.url()));
    await page.goto(`${t.url}/packages`);
    await Promise.all([signUp, checkout]);
    // Nothing was tapped: the page stays the catalogue.
    expect(new URL(page.url()).pathname).toBe('/packages');
    await context.close();
  });

  it('fetches sign-up as a Buy is pressed, before it is released, when the page never idles', async () => {
    await createPackage(t.db, { name: 'Pressed Prefetch Basics' });
    const { page, context } = await browser.newPage();
    // A page that is never idle: only the press can fetch the next step.
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
