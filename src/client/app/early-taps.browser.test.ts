/**
 * Taps on a drawn page before the app has hydrated it (main.tsx): a button's tap is held, not
 * lost, and done once the app runs; a form is never sent as the browser's own GET with its fields
 * (a password) in the address: it is held and sent once the app runs, with what was typed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, holdTheApp, signIn, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { createPackage, createUser, createUserWithToken, TEST_PASSWORD } from '../../test/factories.js';
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

  it('never sends the log-in form as an address holding the password; sends it once the app runs, as typed, without another tap', async () => {
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
    // Held: the page is where it was, nothing was sent, and a bar across the top says it is on its way.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('html[data-tap-held]').count()).toBe(1);
    const bar = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement, '::before');
      return { content: style.content, position: style.position, height: style.height };
    });
    expect(bar).toEqual({ content: '""', position: 'fixed', height: '4px' });
    const logins = () => asked.filter((url) => url.includes('/trpc/auth.login'));
    const withPassword = () => asked.filter((url) => new URL(url).search.includes(TEST_PASSWORD.split(' ')[0]!));
    expect(logins()).toEqual([]);
    expect(withPassword()).toEqual([]);

    // Once the app runs, it sends the form by itself, once (the tap and the Enter were one wish), with what was typed before.
    const login = page.waitForRequest((request) => request.url().includes('/trpc/auth.login') && request.method() === 'POST');
    release();
    expect((await login).postData()).toContain(user.email);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(logins()).toHaveLength(1);
    expect(await page.locator('html[data-tap-held]').count()).toBe(0);
    expect(withPassword()).toEqual([]);
    await context.close();
  });

  it('takes the bar away when the app cannot be loaded, the tap not done', async () => {
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    let dropLine: () => void = () => {};
    const dropped = new Promise<void>((resolve) => {
      dropLine = resolve;
    });
    await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
      await dropped;
      await route.abort('internetdisconnected');
    });
    await page.goto(`${t.url}/login`);
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    expect(await page.locator('html[data-tap-held]').count()).toBe(1);
    dropLine();
    await page.locator('html[data-tap-held]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    expect(await page.locator('html[data-tap-held]').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('does a tap on the checkout popup drawn open once the app has hydrated the popup too', async () => {
    const pkg = createPackage(t.db, { name: 'Held Tap Basics' });
    const buyer = await createUserWithToken(t.db);
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    await signIn(context, t.url, buyer.token);
    const release = await holdTheApp(page, 'start');
    await page.goto(`${t.url}/course/${pkg.id}`);
    // Followed before the app runs: the server draws this learner's package page with the popup open.
    await page.getByRole('link', { name: 'Buy Now' }).first().tap();
    const pay = page.getByRole('dialog', { name: 'Pay for Held Tap Basics' });
    await pay.getByRole('button', { name: 'Go on without a code' }).tap();
    release();
    await appStarted(page);
    // The popup hydrates after the rest of the page (it is inside a Suspense boundary): the tap waits for it.
    await expect.poll(() => pay.getByLabel('Transaction ID (UTR)').isVisible()).toBe(true);
    await context.close();
  });
});

describe('a form nothing of the app takes', () => {
  it('is never sent by the browser itself, its fields in the address', async () => {
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    await page.goto(`${t.url}/login`);
    await appStarted(page);
    // As a part of the page not yet hydrated would be: a form with no handler of the app's.
    const prevented = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const form = document.createElement('form');
          form.innerHTML = '<input name="password" value="not in the address">';
          document.body.append(form);
          // Added after main.tsx's own listener, so it hears what that one did.
          window.addEventListener('submit', (event) => resolve(event.defaultPrevented), { once: true });
          form.requestSubmit();
        }),
    );
    expect(prevented).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});

describe('a tap before the app knows the session', () => {
  it("takes a signed-in learner's Buy, tapped before the app knows the session, to that package's checkout", async () => {
    const pkg = createPackage(t.db, { name: 'Early Buy Basics', pricePaise: 999_00 });
    const { token } = await createUserWithToken(t.db, { email: 'early.buy@example.com' });
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    // A browser that holds a session but never marked a sign-in (its storage was cleared): the app
    // takes its Buy for a newcomer's until the session is known, and opens sign-up.
    await signIn(context, t.url, token);
    // Nor does this tab keep anything (storage blocked): sign-up's address is what names the package.
    await page.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (this === window.sessionStorage) throw new DOMException('blocked', 'SecurityError');
        setItem.call(this, key, value);
      };
    });
    const session = await holdRequests(page, isSessionRead);
    await page.goto(`${t.url}/course/${pkg.id}`);
    await appStarted(page);
    await session.asked;
    await page.getByRole('link', { name: 'Buy Now' }).first().tap();
    await page.waitForURL((url) => url.pathname === '/register');
    session.release();
    // Once the session is known: not home, but this package's checkout.
    const pay = page.getByRole('dialog', { name: 'Pay for Early Buy Basics' });
    await expect.poll(() => pay.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/course/${pkg.id}`);
    // Back closes it on the package's page (the address asked for its checkout: `?buy=1`, gone by then).
    await page.goBack();
    await expect.poll(() => pay.isVisible()).toBe(false);
    expect(page.url()).toBe(`${t.url}/course/${pkg.id}`);
    await context.close();
  });

  it("keeps the checkout for the package page sign-up leads back to, when the session is heard of while sign-up's code is on its way; Back closes it there", async () => {
    const pkg = createPackage(t.db, { name: 'Race Buy Basics', pricePaise: 999_00 });
    const { token } = await createUserWithToken(t.db, { email: 'race.buy@example.com' });
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    await signIn(context, t.url, token);
    const session = await holdRequests(page, isSessionRead);
    const signUpCode = await holdRequests(page, (url) => /^\/assets\/register-page-[\w-]+\.js$/.test(url.pathname));
    await page.goto(`${t.url}/course/${pkg.id}`);
    await appStarted(page);
    await session.asked;
    await page.getByRole('link', { name: 'Buy Now' }).first().tap();
    await page.waitForURL((url) => url.pathname === '/register');
    await signUpCode.asked;
    // The package page, still shown while sign-up's code is on its way, hears of the session first.
    const answered = page.waitForResponse((response) => isSessionRead(new URL(response.url())));
    session.release();
    await answered;
    signUpCode.release();

    const pay = page.getByRole('dialog', { name: 'Pay for Race Buy Basics' });
    await expect.poll(() => pay.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/course/${pkg.id}`);
    await page.goBack();
    await expect.poll(() => pay.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe(`/course/${pkg.id}`);
    expect(await page.getByRole('heading', { level: 1, name: 'Race Buy Basics' }).isVisible()).toBe(true);
    await context.close();
  });
});

const isSessionRead = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('auth.me');

/** Holds the page's requests that `matches` until released: `asked` once the first has been made. */
async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<{ asked: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = () => {};
  const wasAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(matches, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { asked: wasAsked, release };
}
