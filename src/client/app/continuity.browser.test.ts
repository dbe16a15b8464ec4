import { describe, expect, it } from 'vitest';
import { recordConsent } from '../../server/features/privacy/privacy.service.js';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.js';
import { appStarted, signIn, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { addLecture, createPackage, createUser, createUserWithToken, TEST_PASSWORD } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { insertOrder } from '../../test/world.js';
import { callProcedure } from '../../test/trpc-http.js';
import { waitForEmail } from '../../test/outbox.js';
import mrAuth from '../locales/mr/auth.json';
import mrCatalog from '../locales/mr/catalog.json';
import mrCommon from '../locales/mr/common.json';
import { interpolate as fill } from '../../shared/texts.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('before the app runs, at 360 px in Marathi', () => {
  it('the page the server drew works with no script at all: its language, counts said right, Buy leads to the purchase', async () => {
    const pkg = createPackage(t.db, { name: 'Drawn Course', pricePaise: 1_999_00 });
    addLecture(t.db, pkg.id, 0, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    const context = await browser.browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'mr-IN',
      javaScriptEnabled: false,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${t.url}/packages`);
    expect(await page.locator('html').getAttribute('lang')).toBe('mr');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(mrCatalog.packages.title);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Drawn Course' }) });
    expect(await card.getByText('1 लेक्चर', { exact: true }).isVisible()).toBe(true);
    // The footer's links work: its pages, drawn in the same language.
    await page.getByRole('link', { name: mrCommon.footer.privacy }).tap();
    await page.waitForURL(`${t.url}/privacy-policy`);
    expect(await page.locator('html').getAttribute('lang')).toBe('mr');
    // A shared link's language: the same page in English.
    await page.goto(`${t.url}/packages?lang=en`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Our Packages');

    // Buy: a link to sign-up with the package in view (this browser has no session), drawn by the server.
    await page.goto(`${t.url}/packages`);
    await card.getByRole('link', { name: mrCatalog.packages.buyNow }).tap();
    await page.waitForURL(`${t.url}/register?buy=${pkg.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(mrAuth.register.title);
    expect(await page.getByRole('region', { name: mrAuth.buying.label }).getByText('Drawn Course').isVisible()).toBe(true);
    await context.close();
  });
});

describe('continuity, at 360 px in Marathi', () => {
  it('a login from the menu on another phone comes back to the page it was opened on', async () => {
    const pkg = createPackage(t.db, { name: 'Second Phone Course' });
    const learner = await createUser(t.db, { name: 'Asha Second', email: 'asha.second@example.com', lang: 'mr' });
    recordConsent(t.db, { userId: learner.id, version: PRIVACY_NOTICE_VERSION, via: 'register', now: Date.now() });
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await page.goto(`${t.url}/course/${pkg.id}`);
    await page.getByRole('button', { name: mrCommon.header.openMenu }).tap();
    await page.getByRole('navigation', { name: mrCommon.nav.label }).getByRole('link', { name: mrCommon.nav.login }).tap();
    await page.waitForURL(`${t.url}/login?next=${encodeURIComponent(`/course/${pkg.id}`)}`);
    await page.getByLabel(mrAuth.fields.email).fill(learner.email);
    await page.getByLabel(mrAuth.fields.password).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: mrAuth.login.submit }).tap();
    await page.waitForURL(`${t.url}/course/${pkg.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Second Phone Course');
    await context.close();
  });

  it('a phone someone was signed in on asks for the session once, and the page the server drew turns into theirs', async () => {
    const learner = await createUserWithToken(t.db, { name: 'Ravi Early', lang: 'mr' });
    recordConsent(t.db, { userId: learner.user.id, version: PRIVACY_NOTICE_VERSION, via: 'register', now: Date.now() });
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await signIn(context, t.url, learner.token);
    await page.addInitScript(() => localStorage.setItem('signedInBefore', '1'));
    const sessionReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/trpc/') && request.url().includes('auth.me')) sessionReads.push(request.url());
    });
    await page.goto(`${t.url}/packages`);
    await page.getByRole('button', { name: mrCommon.header.openMenu }).tap();
    await expect.poll(() => page.getByRole('navigation', { name: mrCommon.nav.label }).getByText('Ravi Early').isVisible()).toBe(true);
    // One read of the session (pages are drawn for a visitor, so the browser asks for it).
    expect(sessionReads).toHaveLength(1);
    await context.close();
  });

  it('the code page changes a mistyped email: back to the form as it was, a new code to the new address', async () => {
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await page.goto(`${t.url}/register`);
    await appStarted(page);
    await page.getByLabel(mrAuth.fields.name).fill('Sunil Wagh');
    await page.getByLabel(mrAuth.fields.email).fill('sunil.wgah@example.com');
    await page.getByLabel(mrCommon.whatsappFields.numberOptional).fill('9822011122');
    await page.getByRole('checkbox', { name: mrCommon.whatsappFields.consent }).tap();
    await page.getByLabel(mrAuth.fields.password).fill('mango-lassi-42');
    await page.getByRole('radio', { name: mrAuth.age.adult }).tap();
    await page.getByRole('checkbox', { name: new RegExp(mrAuth.register.consentLink) }).tap();
    await page.getByRole('button', { name: mrAuth.register.submit }).tap();
    await page.waitForURL(`${t.url}/verify`);
    await expect.poll(() => page.getByText(fill(mrAuth.verify.sentTo, { email: 'sunil.wgah@example.com' })).isVisible()).toBe(true);

    await page.getByRole('link', { name: mrAuth.verify.changeEmail }).tap();
    await page.waitForURL(`${t.url}/register`);
    const email = page.getByLabel(mrAuth.fields.email);
    await expect.poll(() => email.inputValue()).toBe('sunil.wgah@example.com');
    expect(await page.getByLabel(mrAuth.fields.name).inputValue()).toBe('Sunil Wagh');
    expect(await page.getByLabel(mrCommon.whatsappFields.numberOptional).inputValue()).toBe('9822011122');
    expect(await page.getByRole('checkbox', { name: mrCommon.whatsappFields.consent }).isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await email.fill('sunil.wagh@example.com');
    await page.getByRole('button', { name: mrAuth.register.submit }).tap();
    await page.waitForURL(`${t.url}/verify`);
    await expect.poll(() => page.getByText(fill(mrAuth.verify.sentTo, { email: 'sunil.wagh@example.com' })).isVisible()).toBe(true);
    await waitForEmail(t.outbox, 'sunil.wagh@example.com');
    await context.close();
  });

  it('My Packages asks again every 30 s while a payment is being checked, and says when it is approved', async () => {
    const pkg = createPackage(t.db, { name: 'Waiting Course' });
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const learner = await createUserWithToken(t.db, { name: 'Meera Wait', lang: 'mr' });
    recordConsent(t.db, { userId: learner.user.id, version: PRIVACY_NOTICE_VERSION, via: 'register', now: Date.now() });
    const order = insertOrder(t, learner.user, pkg, null);
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await page.clock.install();
    await signIn(context, t.url, learner.token);
    await page.goto(`${t.url}/myCourses`);
    const approved = page.getByText(fill(mrCatalog.myCourses.approved, { name: 'Waiting Course' }));
    await expect.poll(() => page.getByText(mrCatalog.packages.pending).first().isVisible()).toBe(true);

    const decided = await callProcedure(t.url, 'orders.decide', 'mutation', { orderId: String(order.id), action: 'approve' }, { token: admin.token });
    expect(decided.status).toBe(200);
    // Nothing is shown until the page asks again: half a minute later, with the phone on this page.
    await page.clock.fastForward(10_000);
    expect(await approved.isVisible()).toBe(false);
    await page.clock.fastForward(21_000);
    await expect.poll(() => approved.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: `${mrCatalog.myCourses.startLearning}: Waiting Course` }).isVisible()).toBe(true);
    await context.close();
  });
});
