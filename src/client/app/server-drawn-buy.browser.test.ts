import { describe, expect, it } from 'vitest';
import { recordConsent } from '../../server/features/privacy/privacy.service.js';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.js';
import { appStarted, holdTheApp, signIn, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { createPackage, createUser, createUserWithToken } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import enAuth from '../locales/en/auth.json';
import mrAuth from '../locales/mr/auth.json';
import enCatalog from '../locales/en/catalog.json';
import mrCatalog from '../locales/mr/catalog.json';
import enCommon from '../locales/en/common.json';
import mrCommon from '../locales/mr/common.json';
import enOrders from '../locales/en/orders.json';
import mrOrders from '../locales/mr/orders.json';
import { interpolate as fill } from '../../shared/texts.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const texts = {
  en: { locale: 'en-IN', auth: enAuth, catalog: enCatalog, common: enCommon, orders: enOrders },
  mr: { locale: 'mr-IN', auth: mrAuth, catalog: mrCatalog, common: mrCommon, orders: mrOrders },
} as const;

describe('a Buy tapped before the app has hydrated, answered by the server', () => {
  for (const lang of ['en', 'mr'] as const) {
    const words = texts[lang];
    const language = lang === 'en' ? 'English' : 'Marathi';

    it(`draws sign-up with the package in view for a visitor, filled in before hydration and sent as filled, in ${language}`, async () => {
      const pkg = createPackage(t.db, { name: `Early Buy Course ${lang}`, pricePaise: 2_499_00 });
      const sponsor = await createUser(t.db, { name: `Meena Sponsor ${lang}` });
      const { page, context } = await browser.newPage({ locale: words.locale, phone: true });
      const release = await holdTheApp(page);
      await page.goto(`${t.url}/course/${pkg.id}?ref=${sponsor.referralCode}`, { waitUntil: 'commit' });
      await page.getByRole('link', { name: words.catalog.packages.buyNow }).first().tap();
      // Sign-up, drawn by the server: the package, its price and the sponsor in view, before any of the app's code has run.
      await page.waitForURL(`${t.url}/register?buy=${pkg.id}&ref=${sponsor.referralCode}`, { waitUntil: 'commit' });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(words.auth.register.title);
      const buying = page.getByRole('region', { name: words.auth.buying.label });
      await page.getByLabel(words.auth.fields.email).waitFor();
      expect(await buying.getByText(pkg.name).isVisible()).toBe(true);
      expect(await buying.getByText('₹2,499').isVisible()).toBe(true);
      expect(await buying.getByText(fill(words.auth.buying.sponsor, { name: sponsor.name })).isVisible()).toBe(true);
      await page.getByLabel(words.auth.fields.name).fill('Early Buyer');
      await page.getByLabel(words.auth.fields.email).fill(`early.buyer.${lang}@example.com`);
      await page.getByLabel(words.common.whatsappFields.numberOptional).fill('98765 43210');
      await page.locator('input[name="whatsapp-consent"]').check();
      await page.getByLabel(words.auth.fields.password, { exact: true }).fill('mango-lassi-42');
      await page.getByRole('radio', { name: words.auth.age.adult }).check();
      await page.locator('input[name="consent"]').check();
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);

      release();
      await appStarted(page);
      // What was typed survives hydration, and the app's state has it (typing on keeps it).
      expect(await page.getByLabel(words.auth.fields.name).inputValue()).toBe('Early Buyer');
      expect(await page.getByLabel(words.auth.fields.email).inputValue()).toBe(`early.buyer.${lang}@example.com`);
      await page.getByLabel(words.auth.fields.name).press('End');
      await page.getByLabel(words.auth.fields.name).pressSequentially(' Two');
      expect(await page.getByLabel(words.auth.fields.name).inputValue()).toBe('Early Buyer Two');
      expect(await buying.getByText(pkg.name).isVisible()).toBe(true);
      // Verifying the new account comes back to this package's checkout.
      const intent = await page.evaluate(() => sessionStorage.getItem('buyIntent'));
      expect(JSON.parse(intent ?? '{}')).toMatchObject({ id: String(pkg.id), pricePaise: 2_499_00 });
      // The boxes ticked and the answer chosen before hydration are the app's too: the form is sent as filled.
      expect(await page.getByRole('radio', { name: words.auth.age.adult }).isChecked()).toBe(true);
      await page.getByRole('button', { name: words.auth.register.submit }).click();
      await page.waitForURL(`${t.url}/verify`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(words.auth.verify.title);
      await context.close();
    });

    it(`draws the checkout open on its code step for a signed-in learner, typeable before hydration, in ${language}`, async () => {
      const pkg = createPackage(t.db, { name: `Learner Buy Course ${lang}`, pricePaise: 1_499_00 });
      const learner = await createUserWithToken(t.db, { name: `Asha Learner ${lang}` });
      recordConsent(t.db, { userId: learner.user.id, version: PRIVACY_NOTICE_VERSION, via: 'register', now: Date.now() });
      // The server's answer: the package page (not sign-up) drawn for this learner with the checkout open, its code linked beside the page's.
      const answer = await fetch(`${t.url}/course/${pkg.id}?buy=1`, {
        headers: { accept: 'text/html', cookie: `session=${learner.token}; lang=${lang}` },
        redirect: 'manual',
      });
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html).toContain(pkg.name);
      const dialogChunk = /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/checkout-dialog-[\w-]+\.js">/;
      expect(html).toMatch(dialogChunk);
      expect(html).toMatch(/<dialog [^>]*\bopen=""/);
      expect(html).toContain('name="discountCode"');
      // Personal: kept by no cache.
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      // Without `?buy=1` the page does not carry it.
      expect(await (await fetch(`${t.url}/course/${pkg.id}`, { headers: { accept: 'text/html', cookie: `lang=${lang}` } })).text()).not.toMatch(dialogChunk);

      const { page, context } = await browser.newPage({ locale: words.locale, phone: true });
      await signIn(context, t.url, learner.token);
      const release = await holdTheApp(page);
      await page.goto(`${t.url}/course/${pkg.id}`, { waitUntil: 'commit' });
      // The drawn Buy leads to sign-up (the page was drawn for a visitor); the server sends this learner on to the checkout.
      await page.getByRole('link', { name: words.catalog.packages.buyNow }).first().tap();
      await page.waitForURL(`${t.url}/course/${pkg.id}?buy=1`, { waitUntil: 'commit' });
      // The popup, drawn by the server open on its one code box, before any of the app's code has run.
      const pay = page.getByRole('dialog', { name: fill(words.orders.pay.title, { name: pkg.name }) });
      const codeBox = pay.getByLabel(words.orders.code.label);
      await codeBox.waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(pkg.name);
      expect(await pay.getByRole('button', { name: words.orders.code.skip }).isVisible()).toBe(true);
      // The amount and the UTR field come after a code or none.
      expect(await pay.locator('input[name="utr"]').count()).toBe(0);
      await codeBox.fill('FRIEND42');
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);

      release();
      await appStarted(page);
      // What was typed survives hydration, and the app's state has it (typing on keeps it).
      expect(await pay.isVisible()).toBe(true);
      expect(await codeBox.inputValue()).toBe('FRIEND42');
      await codeBox.press('End');
      await codeBox.pressSequentially('7');
      expect(await codeBox.inputValue()).toBe('FRIEND427');
      // Now modal: the rest of the page is out of reach.
      expect(await pay.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
      expect(await pay.locator('input[name="utr"]').count()).toBe(0);
      await pay.getByRole('button', { name: words.orders.code.skip }).tap();
      await expect.poll(() => pay.locator('input[name="utr"]').isVisible(), { timeout: 20_000 }).toBe(true);
      expect(new URL(page.url()).searchParams.get('buy')).toBeNull();
      // Android's Back closes it and stays on the package's page, whose address no longer asks for the checkout.
      await page.goBack();
      await expect.poll(() => pay.isVisible()).toBe(false);
      expect(page.url()).toBe(`${t.url}/course/${pkg.id}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(pkg.name);
      await context.close();
    });
  }
});
