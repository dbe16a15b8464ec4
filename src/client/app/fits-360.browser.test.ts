import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePaths, pathTo } from '../../shared/page-paths.js';
import { createSession } from '../../server/features/auth/sessions.service.js';
import { recordConsent } from '../../server/features/privacy/privacy.service.js';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.js';
import { signIn, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { createPackage, createUser, TEST_PASSWORD } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { settled, worldForEveryPage } from '../../test/page-walk.js';
import ordersEn from '../locales/en/orders.json';
import ordersMr from '../locales/mr/orders.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

type PageName = keyof typeof pagePaths;

/** Who opens each page: a visitor for the public and signed-out pages, an admin for the admin area, else a learner. */
const visitorPages = new Set<PageName>([
  'home',
  'about',
  'privacy',
  'terms',
  'contact',
  'refund',
  'packages',
  'courses',
  'packagePage',
  'legacyStudy',
  'legacyLectures',
  'certificate',
  'login',
  'register',
  'verify',
  'forgot',
  'resetPassword',
  'setup',
  'eraseAccount',
]);
const viewerOf = (name: PageName) => (visitorPages.has(name) ? 'visitor' : pagePaths[name].startsWith('/admin') ? 'admin' : 'learner');

/** Widths that leave the screen: the page's, and the widest element that sticks out (to say what to fix). */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    let widest: string | null = null;
    let widestRight = root.clientWidth;
    for (const element of document.querySelectorAll('body *')) {
      const right = element.getBoundingClientRect().right;
      if (right > widestRight + 1) {
        widestRight = right;
        widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
  });
}

describe.each(['mr', 'en'] as const)('every page at 360 px, in %s', (lang) => {
  it('fits the screen: nothing wider than 360 px, no sideways scroll', async () => {
    const { world, values } = await worldForEveryPage(t);
    const admin = world.admin;

    const problems: string[] = [];
    for (const viewer of ['visitor', 'learner', 'admin'] as const) {
      const { page, context } = await browser.newPage({ width: 360, phone: true, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
      await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
      if (viewer !== 'visitor') await signIn(context, t.url, viewer === 'admin' ? admin.token : world.user.token);
      for (const name of Object.keys(pagePaths) as PageName[]) {
        if (viewerOf(name) !== viewer) continue;
        const path = pathTo(pagePaths[name], values as never);
        expect(path, `a value for each part of ${pagePaths[name]}`).not.toContain(':');
        await page.goto(`${t.url}${path}`);
        await settled(page);
        const found = await overflowOf(page);
        if (found.scrollWidth > found.clientWidth) problems.push(`${path} (${viewer}): ${found.scrollWidth} px wide; ${found.widest}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
    // Every page of three viewers, each waited for until its network is quiet (the next step's code,
    // fetched once a page is idle, included): more than the default minute on a busy box.
  }, 240_000);

  it('fits the screen with the menu open, the payment popup open, and on the too-many-devices screen', async () => {
    const limited = await createUser(t.db, { name: 'Asha Limit', email: `asha.limit.${lang}@example.com` });
    // Two phones of one model already logged in; the device limit of this app is off (0), so the third
    // login is refused by making the limit the number of sessions.
    const phone = {
      userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      deviceModel: 'SM-A146B',
    };
    createSession(t.db, limited.id, Date.now() - 86_400_000, phone);
    createSession(t.db, limited.id, Date.now(), phone);
    t.deps.config.maxDevicesPerLearner = 2;
    const problems: string[] = [];
    try {
      const { page, context } = await browser.newPage({ width: 360, phone: true, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
      await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
      await page.goto(`${t.url}${pagePaths.login}`);
      await settled(page);
      await page.locator('input[name="email"]').fill(limited.email);
      await page.locator('input[name="password"]').fill(TEST_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      const choice = page.locator('.device-limit');
      await choice.waitFor();
      // Two phones of one model are told apart, and the phone logging in is named as this one.
      const names = await choice.locator('.device-list__text strong').allTextContents();
      expect(new Set(names).size).toBe(2);
      expect(await choice.locator('.device-limit__here').isVisible()).toBe(true);
      let found = await overflowOf(page);
      if (found.scrollWidth > found.clientWidth) problems.push(`too many devices: ${found.scrollWidth} px; ${found.widest}`);
      for (const button of await choice.locator('.device-list__action').all()) {
        const box = await button.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      }

      await page.goto(`${t.url}${pagePaths.packages}`);
      await settled(page);
      await page.locator('.header__menu').click();
      await page.locator('#site-menu.sidebar--open').waitFor();
      found = await overflowOf(page);
      if (found.scrollWidth > found.clientWidth) problems.push(`menu open: ${found.scrollWidth} px; ${found.widest}`);
      await context.close();

      const buyer = await browser.newPage({ width: 360, phone: true, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
      await buyer.page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
      createPackage(t.db, { name: `Popup Course ${lang}` });
      const learner = await createUser(t.db, { name: 'Ravi Checkout' });
      // Agreed to the privacy notice at sign-up, as every learner has: the app asks no question first.
      recordConsent(t.db, { userId: learner.id, version: PRIVACY_NOTICE_VERSION, via: 'register', now: Date.now() });
      await signIn(buyer.context, t.url, createSession(t.db, learner.id, Date.now()).token);
      await buyer.page.goto(`${t.url}${pagePaths.packages}`);
      await settled(buyer.page);
      await buyer.page
        .locator('.package-card')
        .filter({ hasText: `Popup Course ${lang}` })
        .locator('.package-card__actions a[data-buy]')
        .click();
      // The popup opens on its code box; the amount, the QR and the UTR come after a code or none.
      await buyer.page.locator('dialog[open] input[name="discountCode"]').waitFor();
      found = await overflowOf(buyer.page);
      if (found.scrollWidth > found.clientWidth) problems.push(`payment popup, code step: ${found.scrollWidth} px; ${found.widest}`);
      await buyer.page
        .locator('dialog[open]')
        .getByRole('button', { name: (lang === 'mr' ? ordersMr : ordersEn).code.skip })
        .click();
      await buyer.page.locator('dialog[open] input[name="utr"]').waitFor();
      found = await overflowOf(buyer.page);
      if (found.scrollWidth > found.clientWidth) problems.push(`payment popup: ${found.scrollWidth} px; ${found.widest}`);
      await buyer.context.close();
    } finally {
      t.deps.config.maxDevicesPerLearner = 0;
    }
    expect(problems).toEqual([]);
  });
});
