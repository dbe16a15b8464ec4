import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.js';
import { appStarted, fitsTheWidth, signIn, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { createUser, createUserWithToken, TEST_PASSWORD } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import mrCatalog from '../locales/mr/catalog.json';
import enCommon from '../locales/en/common.json';
import mrCommon from '../locales/mr/common.json';
import mrAuth from '../locales/mr/auth.json';

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
  it("switches to the account's chosen language at log-in on a new browser, and takes the browser's when the account has none", async () => {
    // Chose English in the app on another phone: a new phone, in Marathi by default, switches at log-in.
    const reader = await createUser(t.db, { name: 'Manisha Kulkarni', lang: 'en' });
    t.db.update(users).set({ langChosenAt: Date.now() }).where(eq(users.id, reader.id)).run();
    const { page, context } = await browser.newPage({ width: 360, phone: true, chosenLanguage: null });
    await page.goto(`${t.url}/login`);
    await appStarted(page);
    await page.getByLabel(mrAuth.fields.email).fill(reader.email);
    await page.getByLabel(mrAuth.fields.password).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: mrAuth.login.submit }).tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The cookie is set too: the page the server draws next is English.
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en');
    const drawn = await page.request.get(`${t.url}/packages`, { headers: { accept: 'text/html' } });
    expect(await drawn.text()).toContain('<h1>Our Packages</h1>');
    expect(await fitsTheWidth(page)).toBe(true);
    await context.close();

    // An imported account whose language nobody chose: the browser's Marathi stays, and becomes the account's.
    const imported = await createUser(t.db, { name: 'Sunil Jadhav', lang: 'en' });
    const second = await browser.newPage({ width: 360, phone: true, chosenLanguage: null });
    await second.page.goto(`${t.url}/login`);
    await appStarted(second.page);
    await second.page.getByLabel(mrAuth.fields.email).fill(imported.email);
    await second.page.getByLabel(mrAuth.fields.password).fill(TEST_PASSWORD);
    await second.page.getByRole('button', { name: mrAuth.login.submit }).tap();
    await expect.poll(() => t.db.select({ lang: users.lang }).from(users).where(eq(users.id, imported.id)).get()?.lang).toBe('mr');
    await second.page.waitForURL(`${t.url}/`);
    expect(await second.page.evaluate(() => document.documentElement.lang)).toBe('mr');
    await second.context.close();
  });
});
