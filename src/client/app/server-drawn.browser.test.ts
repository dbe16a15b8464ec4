import { describe, expect, it } from 'vitest';
import { claimCertificate } from '../../server/features/certificates/certificates.service.js';
import { appStarted, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { addLecture, createPackage, createUser, grantPackage } from '../../test/factories.js';
import { enableCertificates, watchEveryLecture } from '../../test/learning.js';
import type { TestApp } from '../../test/test-app.js';
import { SPONSOR_MARK } from '../../server/http/server-pages.js';
import enAuth from '../locales/en/auth.json';
import mrAuth from '../locales/mr/auth.json';
import enCatalog from '../locales/en/catalog.json';
import mrCatalog from '../locales/mr/catalog.json';
import enPages from '../locales/en/pages.json';
import mrPages from '../locales/mr/pages.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const texts = {
  en: { locale: 'en-IN', auth: enAuth, catalog: enCatalog, pages: enPages },
  mr: { locale: 'mr-IN', auth: mrAuth, catalog: mrCatalog, pages: mrPages },
} as const;

describe('the public pages drawn on the server by the app, then hydrated', () => {
  for (const lang of ['en', 'mr'] as const) {
    it(`draws and hydrates every public page in ${lang === 'en' ? 'English' : 'Marathi'}, asking for nothing again`, async () => {
      const words = texts[lang];
      const pkg = createPackage(t.db, { name: `Drawn Course ${lang}`, pricePaise: 1_999_00 });
      const sponsor = await createUser(t.db, { name: `Sita Sponsor ${lang}` });
      const learner = await createUser(t.db, { name: `Kavita Learner ${lang}` });
      addLecture(t.db, pkg.id, 0);
      enableCertificates(t.db, pkg.id);
      grantPackage(t.db, learner.id, pkg.id);
      watchEveryLecture(t.db, learner.id, pkg.id);
      const certificate = claimCertificate(t.deps, { id: learner.id, role: 'user' }, { packageId: pkg.id, name: learner.name });
      const pages: { path: string; heading: string | null; shows?: string; asks?: string[] }[] = [
        { path: '/', heading: null },
        { path: `/packages?ref=${sponsor.referralCode}`, heading: words.catalog.packages.title, shows: sponsor.name },
        { path: `/course/${pkg.id}`, heading: pkg.name },
        // Sign-up names the sponsor this browser remembers (from the link above): only the browser knows it.
        { path: '/register', heading: words.auth.register.title, asks: ['/trpc/auth.sponsorByCode'] },
        { path: '/login', heading: words.auth.login.title },
        { path: '/privacy-policy', heading: words.pages.privacy.title },
        { path: `/certificates/${certificate.number}`, heading: null, shows: learner.name },
      ];
      const { page, context } = await browser.newPage({ locale: words.locale, phone: true });
      const reads: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/trpc/')) reads.push(pathname);
      });
      for (const shown of pages) {
        // The page as the server sends it: drawn in the reader's language, with the answers it was drawn with.
        const html = await (
          await fetch(`${t.url}${shown.path}`, { headers: { accept: 'text/html', 'accept-language': words.locale, cookie: `lang=${lang}` } })
        ).text();
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toMatch(/<div id="root"><.+<main id="main"/s);
        // Whole: no part left to an inline script (the CSP runs none).
        expect(html).not.toContain('<script>');
        if (shown.heading) expect(html).toContain(shown.heading.replace(/&/g, '&amp;'));
        if (shown.shows) expect(html).toContain(shown.shows);

        reads.length = 0;
        await page.goto(`${t.url}${shown.path}`);
        await appStarted(page);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        if (shown.heading) expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain(shown.heading);
        if (shown.shows) expect(await page.getByText(shown.shows).first().isVisible()).toBe(true);
        // Only the session (never drawn on the server: pages are drawn for a visitor) is asked; the page's own reads came with it.
        await page.waitForLoadState('networkidle');
        expect({ path: shown.path, reads: reads.filter((read) => !read.startsWith('/trpc/auth.me')) }).toEqual({ path: shown.path, reads: shown.asks ?? [] });
      }
      await context.close();
    });
  }

  it('Buy works before the app has run: a visitor lands on sign-up with the package in view', async () => {
    const pkg = createPackage(t.db, { name: 'No Script Course' });
    const sponsor = await createUser(t.db, { name: 'Ravi Sponsor' });
    const context = await browser.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'mr-IN', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${t.url}/packages?ref=${sponsor.referralCode}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('mr');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'No Script Course' }) });
    await card.getByRole('link', { name: mrCatalog.packages.buyNow }).click();
    // A visitor (no session): the server answers the Buy with sign-up, drawn with the package and the sponsor in view.
    await page.waitForURL(`${t.url}/register?buy=${pkg.id}&ref=${sponsor.referralCode}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(mrAuth.register.title);
    const buying = page.getByRole('region', { name: mrAuth.buying.label });
    expect(await buying.getByText('No Script Course').isVisible()).toBe(true);
    expect(await buying.getByText('Ravi Sponsor', { exact: false }).isVisible()).toBe(true);
    await context.close();
  });

  it("draws a package page once for every sponsor's code, each link keeping its own code", async () => {
    const pkg = createPackage(t.db, { name: 'Shared Course' });
    const sponsors = [await createUser(t.db, { name: 'Asha Sponsor' }), await createUser(t.db, { name: 'Meera Sponsor' })];
    const codes = [...sponsors.map((sponsor) => sponsor.referralCode), 'NO-SUCH_code9'];
    for (const code of codes) {
      const html = await (await fetch(`${t.url}/course/${pkg.id}?ref=${code}&lang=mr`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain(`href="/register?buy=${pkg.id}&amp;ref=${code}"`);
      expect(html).not.toContain(SPONSOR_MARK);
      expect(html).toContain('<html lang="mr">');
    }
    // The catalogue likewise for a code that is nobody's; a sponsor's own greets them by name.
    for (const code of ['NO-SUCH_code8', 'NO-SUCH_code9']) {
      const html = await (await fetch(`${t.url}/packages?ref=${code}`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain(`href="/register?buy=${pkg.id}&amp;ref=${code}"`);
      expect(html).not.toContain(SPONSOR_MARK);
    }
    const greeting = await (await fetch(`${t.url}/packages?ref=${codes[0]}`, { headers: { accept: 'text/html' } })).text();
    expect(greeting).toContain('Asha Sponsor');
    expect(greeting).toContain(`href="/register?buy=${pkg.id}&amp;ref=${codes[0]}"`);
    // Hydrated without a mismatch (failOnHydrationProblems), Buy taking the sponsor along.
    const { page, context } = await browser.newPage({ locale: 'mr-IN', phone: true });
    await page.goto(`${t.url}/course/${pkg.id}?ref=${codes[1]}&lang=mr`);
    await appStarted(page);
    expect(await page.getByRole('link', { name: mrCatalog.packages.buyNow }).first().getAttribute('href')).toBe(`/register?buy=${pkg.id}&ref=${codes[1]}`);
    await context.close();
  });

  it('what is typed into sign-up before the app runs survives hydration', async () => {
    const { page, context } = await browser.newPage({ locale: 'mr-IN', phone: true });
    // The app's code is held back until the form has been typed into.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${t.url}/register`, { waitUntil: 'commit' });
    await page.getByLabel(mrAuth.fields.name).fill('Early Typist');
    await page.getByLabel(mrAuth.fields.email).fill('early.typist@example.com');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await appStarted(page);
    expect(await page.getByLabel(mrAuth.fields.name).inputValue()).toBe('Early Typist');
    expect(await page.getByLabel(mrAuth.fields.email).inputValue()).toBe('early.typist@example.com');
    // The app's state has it too: typing on keeps what came before.
    await page.getByLabel(mrAuth.fields.name).press('End');
    await page.getByLabel(mrAuth.fields.name).pressSequentially(' Two');
    expect(await page.getByLabel(mrAuth.fields.name).inputValue()).toBe('Early Typist Two');
    await context.close();
  });
});
