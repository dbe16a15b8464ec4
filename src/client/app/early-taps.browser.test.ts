/**
 * Taps on a drawn page before the app has hydrated it (main.tsx): a button's tap is held, not
 * lost, and done once the app runs; a form is never sent as the browser's own GET with its fields
 * (a password) in the address, and what was typed is sent by the next tap.
 */
import { describe, expect, it } from 'vitest';
import { appStarted, holdTheApp, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('a tap before the app has hydrated the page', () => {
  it('opens the menu once the app runs', async () => {
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    const release = await holdTheApp(page, 'start');
    await page.goto(t.url);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await appStarted(page);
    await expect.poll(() => page.getByRole('button', { name: 'Close menu' }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('never sends the log-in form as an address holding the password; the next tap sends it, as typed, once the app runs', async () => {
    const user = await createUser(t.db, { email: 'early.tap@example.com' });
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    const release = await holdTheApp(page, 'start');
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    await page.getByLabel('Password').press('Enter');
    // Stopped: the page is where it was, and nothing was sent.
    expect(new URL(page.url()).search).toBe('');
    const withPassword = () => asked.filter((url) => url.includes('/trpc/auth.login') || new URL(url).search.includes(TEST_PASSWORD.split(' ')[0]!));
    expect(withPassword()).toEqual([]);

    // Once the app runs, the next tap sends it, with what was typed before.
    release();
    await appStarted(page);
    const login = page.waitForRequest((request) => request.url().includes('/trpc/auth.login') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    expect((await login).postData()).toContain(user.email);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(asked.filter((url) => new URL(url).search.includes(TEST_PASSWORD.split(' ')[0]!))).toEqual([]);
    await context.close();
  });
});
