/**
 * Taps on a drawn page before the app has hydrated it (main.tsx): a button's tap and a form sent
 * are held, not lost, and done once the app runs; a form never goes as the browser's own GET with
 * its fields (a password) in the address.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

/** The app's start (boot.tsx) held back until `release()`: the page stays as the server drew it, the entry running. */
async function holdTheApp(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

describe('a tap before the app has hydrated the page', () => {
  it('opens the menu once the app runs', async () => {
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    const release = await holdTheApp(page);
    await page.goto(t.url);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await appStarted(page);
    await expect.poll(() => page.getByRole('button', { name: 'Close menu' }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('never sends the log-in form as an address holding the password; the app sends it, as typed, once it runs', async () => {
    const user = await createUser(t.db, { email: 'early.tap@example.com' });
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    const release = await holdTheApp(page);
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    await page.getByLabel('Password').press('Enter');
    // Stopped: the page is where it was, and nothing was sent.
    expect(new URL(page.url()).search).toBe('');
    const withPassword = () => asked.filter((url) => url.includes('/trpc/auth.login') || new URL(url).search.includes(TEST_PASSWORD.split(' ')[0]!));
    expect(withPassword()).toEqual([]);

    // Sent by the app once it runs, with what was typed before.
    const login = page.waitForRequest((request) => request.url().includes('/trpc/auth.login') && request.method() === 'POST');
    release();
    expect((await login).postData()).toContain(user.email);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(asked.filter((url) => new URL(url).search.includes(TEST_PASSWORD.split(' ')[0]!))).toEqual([]);
    await context.close();
  });
});
