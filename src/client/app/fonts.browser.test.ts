import { describe, expect, it } from 'vitest';
import { appStarted, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import { createPackage } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

/** What a page showed and asked for: its first paint, and when each font file was asked for. */
async function paintAndFonts(lang: 'mr' | 'en', path: string) {
  const { page, context } = await browser.newPage({ locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
  await page.goto(`${t.url}${path}?lang=${lang}`);
  await appStarted(page);
  if (lang === 'mr') {
    // This Chromium has no Devanagari font of its own: the app's two files come, after the paint.
    await page.waitForFunction(() => performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2')).length === 2);
  }
  const seen = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      pageLoaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      fonts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => ({ file: new URL(entry.name).pathname, asked: entry.startTime })),
      // Its faces, loaded: the bold one too, so a Marathi heading reads as one.
      loaded: [...document.fonts]
        .filter((face) => face.family.replaceAll('"', '') === 'App Devanagari' && face.status === 'loaded')
        .map((face) => face.weight)
        .sort(),
      inPageStylesheet: [...document.querySelectorAll('style')].some(
        (style) => style.textContent?.includes('App Devanagari') && style.textContent.includes('@font-face'),
      ),
    };
  });
  await context.close();
  return seen;
}

describe('the Devanagari font', () => {
  it.each(['/packages', 'a package page', '/'])(
    'is asked for only after a Marathi page (%s) has painted and loaded, and loads both faces for the pages after it, bold headings too',
    async (path) => {
      const pkg = createPackage(t.db, { name: `Fonts Course ${path}` });
      const seen = await paintAndFonts('mr', path === 'a package page' ? `/course/${pkg.id}` : path);
      expect(seen.painted).toBeGreaterThan(0);
      expect(seen.fonts.map((font) => font.file).sort()).toEqual([
        expect.stringMatching(/\/assets\/noto-sans-devanagari-devanagari-400-normal-[\w-]+\.woff2$/),
        expect.stringMatching(/\/assets\/noto-sans-devanagari-devanagari-700-normal-[\w-]+\.woff2$/),
      ]);
      expect(seen.pageLoaded).toBeGreaterThan(0);
      for (const font of seen.fonts) {
        expect(font.asked).toBeGreaterThan(seen.painted);
        // Nor before the page's load: not sharing a slow connection with the page's scripts.
        expect(font.asked).toBeGreaterThanOrEqual(seen.pageLoaded);
      }
      expect(seen.loaded).toEqual(['400', '700']);
      // Not in the stylesheet the server writes into the page, where the first layout would ask for it.
      expect(seen.inPageStylesheet).toBe(false);
    },
  );

  it('is never asked for by an English page', async () => {
    const seen = await paintAndFonts('en', '/packages');
    expect(seen.fonts).toEqual([]);
  });
});
