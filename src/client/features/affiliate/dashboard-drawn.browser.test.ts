import { describe, expect, it } from 'vitest';
import { appStarted, fitsTheWidth, holdTheApp, signIn, type TestBrowser, withAppAndBrowser, procedureReads } from '../../../test/browser.js';
import { earnCommission } from '../../../test/earnings.js';
import { createUserWithToken } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import enAffiliate from '../../locales/en/affiliate.json';
import mrAffiliate from '../../locales/mr/affiliate.json';
import enCommon from '../../locales/en/common.json';
import mrCommon from '../../locales/mr/common.json';
import { interpolate as fill } from '../../../shared/texts.js';

/**
 * A learner's own dashboard drawn by the server (server-pages.ts, learnerDashboardPage): their
 * figures and referral link in the HTML before any script has run, hydrated without a warning and
 * without asking again for what it was drawn with, at 360 px in both languages; its share buttons
 * working once it has.
 */
let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const texts = {
  en: { locale: 'en-IN', affiliate: enAffiliate, common: enCommon },
  mr: { locale: 'mr-IN', affiliate: mrAffiliate, common: mrCommon },
} as const;

/** An affiliate who earned ₹1,234 today through a buyer they sponsor. */
async function affiliate(lang: 'en' | 'mr') {
  const admin = await createUserWithToken(t.db, { role: 'admin' });
  const owner = await createUserWithToken(t.db, { name: `Drawn Dashboard ${lang}`, lang });
  await earnCommission(t, { earnerId: owner.user.id, adminId: admin.user.id, amountPaise: 1234_00, at: Date.now() });
  return owner;
}

describe('the dashboard drawn on the server for its owner', () => {
  for (const lang of ['en', 'mr'] as const) {
    const words = texts[lang];
    const language = lang === 'en' ? 'English' : 'Marathi';

    it(`shows the figures and the referral link before any script, hydrates without a warning and asks nothing again, in ${language} at 360 px`, async () => {
      const owner = await affiliate(lang);
      const path = `/${owner.user.id}/dashboard`;
      const link = (audience: string) => `${t.url}/packages?ref=${owner.user.referralCode}&lang=${audience}`;

      const { page, context } = await browser.newPage({ width: 360, locale: words.locale, phone: true });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
      await signIn(context, t.url, owner.token);
      const reads = procedureReads(page);
      const release = await holdTheApp(page);
      await page.goto(`${t.url}${path}`, { waitUntil: 'commit' });
      // Before any of the app's code has run: who they are, the link to share, the figures as they are (not ₹0).
      const field = page.getByLabel(words.common.referral.label, { exact: true });
      await field.waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(fill(words.affiliate.dashboard.welcome, { name: owner.user.name }));
      expect(await field.inputValue()).toBe(link('mr'));
      const cards = page.locator('.earnings-card__amount');
      expect(await cards.allTextContents()).toEqual(['₹1,234', '₹1,234', '₹1,234', '₹1,234']);
      expect(await page.locator('.earnings-card .visually-hidden').allTextContents()).toEqual(['₹1,234', '₹1,234', '₹1,234', '₹1,234']);
      expect(await page.locator('.headline-balance__amount').textContent()).toBe('₹1,234');
      expect(await page.getByRole('heading', { name: words.affiliate.history.title }).isVisible()).toBe(true);
      expect(await page.locator('.page-spinner').count()).toBe(0);
      expect(await fitsTheWidth(page)).toBe(true);
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      expect(reads).toEqual([]);
      const drawn = await page.locator('.dashboard').innerHTML();

      release();
      await appStarted(page);
      await page.waitForLoadState('networkidle');
      // Hydrated as drawn (a mismatch fails the test: failOnHydrationProblems); the cards never counted from ₹0.
      expect(await cards.allTextContents()).toEqual(['₹1,234', '₹1,234', '₹1,234', '₹1,234']);
      expect(await page.locator('.dashboard').innerHTML()).toBe(drawn);
      expect(await fitsTheWidth(page)).toBe(true);
      // What the page was drawn with (whether the privacy notice is to be asked too) is not asked for again.
      expect(reads).toEqual([]);

      // Its share buttons work: the link copied, the WhatsApp message carrying it, in the audience's language.
      await page.getByRole('button', { name: words.common.referral.copy, exact: true }).tap();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link('mr'));
      const whatsapp = page.getByRole('link', { name: words.common.referral.whatsapp });
      expect(await whatsapp.getAttribute('href')).toContain(encodeURIComponent(link('mr')));
      await page.getByLabel(words.common.referral.audienceLanguage).selectOption('en');
      await expect.poll(() => field.inputValue()).toBe(link('en'));
      expect(await whatsapp.getAttribute('href')).toContain(encodeURIComponent(link('en')));
      expect(await fitsTheWidth(page)).toBe(true);
      await context.close();
    });
  }

  it('shows the same figures when the app draws the page itself (counting up to them)', async () => {
    const owner = await affiliate('en');
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    await signIn(context, t.url, owner.token);
    // `/dashboard` is the app's own: it sends the learner to theirs, which it renders (nothing drawn to hydrate).
    await page.goto(`${t.url}/dashboard`);
    await appStarted(page);
    await expect.poll(() => page.url()).toBe(`${t.url}/${owner.user.id}/dashboard`);
    await expect.poll(() => page.locator('.earnings-card__amount').allTextContents()).toEqual(['₹1,234', '₹1,234', '₹1,234', '₹1,234']);
    expect(await page.locator('.earnings-card .visually-hidden').allTextContents()).toEqual(['₹1,234', '₹1,234', '₹1,234', '₹1,234']);
    await context.close();
  });
});
