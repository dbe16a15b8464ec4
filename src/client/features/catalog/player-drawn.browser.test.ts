import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lectures } from '../../../server/db/schema.js';
import { appStarted, fitsTheWidth, holdTheApp, signIn, type TestBrowser, withAppAndBrowser, procedureReads } from '../../../test/browser.js';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../../test/factories.js';
import { call, enableCertificates, quizWithQuestion } from '../../../test/learning.js';
import type { TestApp } from '../../../test/test-app.js';
import enCatalog from '../../locales/en/catalog.json';
import mrCatalog from '../../locales/mr/catalog.json';
import enProgress from '../../locales/en/progress.json';
import mrProgress from '../../locales/mr/progress.json';
import { interpolate as fill } from '../../../shared/texts.js';

/**
 * The player drawn by the server for a learner who bought the package (server-pages.ts,
 * learnerPlayerPage): its outline in the HTML before any script has run, hydrated without a
 * warning and without asking again for what it was drawn with, at 360 px in both languages; and
 * nothing of it for a visitor or a learner who has not bought it.
 */
let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const texts = {
  en: { locale: 'en-IN', catalog: enCatalog, progress: enProgress },
  mr: { locale: 'mr-IN', catalog: mrCatalog, progress: mrProgress },
} as const;

/** A package of three lectures with titles only its buyers see, the last two locked by a weekly drip, a quiz on the first, certificates on. */
async function boughtPackage(lang: 'en' | 'mr') {
  const admin = await createUserWithToken(t.db, { role: 'admin' });
  const pkg = createPackage(t.db, { name: `Drawn Player ${lang}` });
  const titles = ['Opening', 'Middle', 'Closing'].map((word) => `Secret ${word} ${lang}`);
  const ids = titles.map((title, position) => {
    const lecture = addLecture(t.db, pkg.id, position);
    t.db.update(lectures).set({ title }).where(eq(lectures.id, lecture.id)).run();
    return lecture.id;
  });
  quizWithQuestion(t.db, pkg.id, ids[0]!);
  enableCertificates(t.db, pkg.id);
  const learner = await createUserWithToken(t.db, { lang });
  grantPackage(t.db, learner.user.id, pkg.id);
  expect((await call(t, 'mutation', 'drip.set', { packageId: String(pkg.id), mode: 'weekly' }, admin.token)).status).toBe(200);
  return { pkg, titles, learner };
}

/** The parts list as the learner reads it. */
const partsText = (page: Page) => page.locator('.parts').textContent();

describe('the player drawn on the server for its buyer', () => {
  for (const lang of ['en', 'mr'] as const) {
    const words = texts[lang];
    const language = lang === 'en' ? 'English' : 'Marathi';

    it(`shows the outline before any script, hydrates without a warning and asks nothing again, in ${language} at 360 px`, async () => {
      const { pkg, titles, learner } = await boughtPackage(lang);
      const path = `/course-content/${pkg.id}`;
      // The server's answer: the outline drawn for this learner, personal.
      const answer = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html', cookie: `session=${learner.token}; lang=${lang}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const html = await answer.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<h1>${pkg.name}</h1>`);
      for (const title of titles) expect(html).toContain(title);
      // Whole: no part left to an inline script (the CSP runs none).
      expect(html).not.toContain('<script>');

      const { page, context } = await browser.newPage({ width: 360, locale: words.locale, phone: true });
      await signIn(context, t.url, learner.token);
      // This machine has no internet: the video's poster image is answered empty.
      await context.route(/ytimg\.com|youtube/, (route) => route.fulfill({ status: 404, body: '' }));
      const reads = procedureReads(page);
      const release = await holdTheApp(page);
      await page.goto(`${t.url}${path}`, { waitUntil: 'commit' });
      // Before any of the app's code has run: the package, the part on screen, every part, the locked ones locked.
      const current = page.locator('#current-part');
      await current.waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(pkg.name);
      expect(await current.textContent()).toBe(`${fill(words.catalog.player.part, { number: 1 })} · ${titles[0]}`);
      const parts = page.getByRole('navigation', { name: words.catalog.player.parts });
      expect(await parts.getByRole('button', { name: titles[0] }).isVisible()).toBe(true);
      for (const title of titles.slice(1)) expect(await parts.getByText(title).isVisible()).toBe(true);
      expect(await parts.locator('.parts__item--locked').count()).toBe(2);
      const lockedText = await parts.locator('.parts__item--locked').first().textContent();
      for (const piece of words.progress.locked.split('{{date}}')) expect(lockedText).toContain(piece.trim());
      expect(await page.getByRole('button', { name: fill(words.catalog.player.play, { number: 1 }) }).isVisible()).toBe(true);
      expect(await page.locator('.learning-panel').isVisible()).toBe(true);
      expect(await page.locator('.page-spinner').count()).toBe(0);
      const drawnParts = await partsText(page);
      expect(await fitsTheWidth(page)).toBe(true);
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      expect(reads).toEqual([]);

      release();
      await appStarted(page);
      await page.waitForLoadState('networkidle');
      // Hydrated as drawn (a mismatch fails the test: failOnHydrationProblems), the locked parts as the app shows them.
      expect(await partsText(page)).toBe(drawnParts);
      expect(await current.textContent()).toBe(`${fill(words.catalog.player.part, { number: 1 })} · ${titles[0]}`);
      expect(await fitsTheWidth(page)).toBe(true);
      // What the page was drawn with (whether the privacy notice is to be asked too) is not asked for
      // again, neither as the app starts (prefetch.ts) nor as it hydrates.
      expect(reads).toEqual([]);
      // It works: the next part is locked, so Next is off; the first part plays on a tap.
      expect(await page.getByRole('button', { name: words.catalog.player.next }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: fill(words.catalog.player.play, { number: 1 }) }).tap();
      await page.locator('.player__stage iframe').waitFor();
      await context.close();
    });
  }

  it('draws nothing of it for a visitor or a learner who has not bought it, and the app still tells them why', async () => {
    const { pkg, titles } = await boughtPackage('mr');
    const stranger = await createUserWithToken(t.db, { lang: 'mr' });
    const path = `/course-content/${pkg.id}`;
    for (const cookie of ['lang=mr', `session=${stranger.token}; lang=mr`]) {
      const answer = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html', cookie } });
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      const html = await answer.text();
      for (const title of titles) expect(html).not.toContain(title);
      expect(html).not.toContain('"forPackage"');
      expect(html).not.toContain('id="current-part"');
    }
    // With no script at all, a learner who has not bought it reads no lecture either.
    const context = await browser.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'mr-IN', javaScriptEnabled: false });
    await signIn(context, t.url, stranger.token);
    const still = await context.newPage();
    await still.goto(`${t.url}${path}`);
    const shown = (await still.locator('body').textContent()) ?? '';
    for (const title of titles) expect(shown).not.toContain(title);
    await context.close();
    // The app then says what it said before: only buyers watch, with the way to the package.
    const { page, context: running } = await browser.newPage({ width: 360, locale: 'mr-IN', phone: true });
    await signIn(running, t.url, stranger.token);
    await page.goto(`${t.url}${path}`);
    await appStarted(page);
    await page.getByText(mrCatalog.player.notBought).waitFor();
    expect(await page.getByRole('link', { name: mrCatalog.player.seePackage }).isVisible()).toBe(true);
    await running.close();
  });
});
