import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.js';
import { appStarted, fitsTheWidth, signIn, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { createUserWithToken } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import mrCatalog from '../locales/mr/catalog.json';
import enCommon from '../locales/en/common.json';
import mrCommon from '../locales/mr/common.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('Marathi by default (DEFAULT_LANGUAGE=mr out of the box), at 360 px', () => {
  it('opens in Marathi for a new visitor whose phone is set to English, and keeps English once chosen', async () => {
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'en-IN', chosenLanguage: null });
    await page.goto(`${t.url}/packages`);
    await appStarted(page);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: mrCatalog.packages.title }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('mr');
    expect(await fitsTheWidth(page)).toBe(true);

    // Choosing English: the app switches, and the page the server draws next is English too (the cookie).
    await page.getByRole('button', { name: mrCommon.header.english }).tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    const drawn = await page.request.get(`${t.url}/packages`, { headers: { accept: 'text/html' } });
    expect(await drawn.text()).toContain('<h1>Our Packages</h1>');
    await page.reload();
    await appStarted(page);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Our Packages' }).isVisible()).toBe(true);
    await context.close();
  });

  it("gives a sponsor's links the audience's language, not the sponsor's screen's, and mails a person in the language chosen in the app", async () => {
    const sponsor = await createUserWithToken(t.db, { name: 'Rahul Patil', lang: 'mr' });
    // The sponsor reads the site in English on this phone.
    const { page, context } = await browser.newPage({ width: 360, phone: true, chosenLanguage: 'en' });
    await signIn(context, t.url, sponsor.token);
    await page.goto(`${t.url}/account`);
    const link = page.getByRole('textbox', { name: enCommon.referral.label });
    await expect.poll(() => link.inputValue()).toBe(`${t.url}/packages?ref=${sponsor.user.referralCode}&lang=mr`);
    const whatsapp = page.getByRole('link', { name: enCommon.referral.whatsapp });
    expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain('मराठी');

    // Sharing with English readers instead: the link and the message follow the choice, which is kept.
    await page.getByLabel(enCommon.referral.audienceLanguage).selectOption('en');
    await expect.poll(() => link.inputValue()).toBe(`${t.url}/packages?ref=${sponsor.user.referralCode}&lang=en`);
    expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain('I am learning business and finance');
    await page.reload();
    await expect.poll(() => link.inputValue()).toBe(`${t.url}/packages?ref=${sponsor.user.referralCode}&lang=en`);
    expect(await fitsTheWidth(page)).toBe(true);

    // Reading in English on this browser does not change the language of the sponsor's emails...
    expect(t.db.select({ lang: users.lang }).from(users).where(eq(users.id, sponsor.user.id)).get()?.lang).toBe('mr');
    // ...switching the app's language while signed in does.
    await page.getByRole('button', { name: enCommon.header.marathi }).tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('mr');
    await page.getByRole('button', { name: mrCommon.header.english }).tap();
    await expect.poll(() => t.db.select({ lang: users.lang }).from(users).where(eq(users.id, sponsor.user.id)).get()?.lang).toBe('en');
    await context.close();
  });
});
