import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './test-app.js';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; launching the binary directly skips the wrapper script's noise. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

export type TestBrowser = {
  browser: Browser;
  /**
   * A fresh browser profile (no cookies, no storage), at a phone's width unless told otherwise.
   * `chosenLanguage`: the language the visitor already chose on the site (unless told, the locale's:
   * Marathi for `mr-IN`, else English, which most tests read); null for a new visitor, who gets the
   * site's default (Marathi).
   */
  newPage(options?: {
    width?: number;
    height?: number;
    locale?: string;
    phone?: boolean;
    chosenLanguage?: 'en' | 'mr' | null;
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
};

/**
 * What React says when the page the server drew and the app's first render differ: a mismatch
 * warning, a hydration error, or (in the production build) the minified errors #418 (mismatch),
 * #419/#421/#422/#423 (hydration given up, the page drawn again in the browser) and #425 (text).
 */
const HYDRATION_PROBLEM = /hydrat|did(?: not|n't) match|react\.dev\/errors\/(?:418|419|421|422|423|425)\b/i;

/** Hydration problems seen in any page since the last test ended; a test in which one was seen fails. */
const hydrationProblems: string[] = [];

/** Headless Chromium with the flags this machine's closed network needs; each launch gets a new profile. */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    async newPage({ width = 375, height = 740, locale = 'en-IN', phone = false, chosenLanguage = locale.startsWith('mr') ? 'mr' : 'en' } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        locale,
        // A low-end Android phone: touch screen and its browser's user agent.
        ...(phone && {
          isMobile: true,
          hasTouch: true,
          userAgent: 'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
        }),
      });
      if (chosenLanguage) await chooseLanguage(context, chosenLanguage);
      // A step that cannot happen fails within 20 s and names itself, instead of hanging the test.
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        console.error('page error:', error.message);
        if (HYDRATION_PROBLEM.test(error.message)) hydrationProblems.push(`${page.url()}: ${error.message}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && HYDRATION_PROBLEM.test(message.text())) hydrationProblems.push(`${page.url()}: ${message.text()}`);
      });
      return { context, page };
    },
    close: () => browser.close(),
  };
}

/**
 * The language a visitor chose on the site, as the language switch keeps it: in storage for the app
 * (set before any page's script runs, unless the page has changed it since) and in a cookie for the server.
 */
async function chooseLanguage(context: BrowserContext, lang: 'en' | 'mr'): Promise<void> {
  await context.addInitScript((chosen) => {
    try {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', chosen);
    } catch {
      // Storage blocked (about:blank): the cookie still tells the server.
    }
  }, lang);
  await context.addCookies([{ name: 'lang', value: lang, domain: '127.0.0.1', path: '/' }]);
}

/** Puts a session into the browser as login would: the httpOnly cookie. */
export async function signIn(context: BrowserContext, url: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'session', value: token, url }]);
}

/**
 * Whether the page fits the window's width: nothing in it makes the page scroll sideways (the 360 px
 * rule). True, or what sticks out (the deepest elements past the right edge, with their text), so a
 * failure names its cause.
 */
export function fitsTheWidth(page: Page): Promise<true | string> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return true;
    const past = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        element.getBoundingClientRect().right > window.innerWidth + 0.5 &&
        ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5),
    );
    const named = past
      .slice(0, 5)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.getBoundingClientRect().right.toFixed(0)} px: ${(element.textContent ?? '').slice(0, 80)}`,
      );
    return `${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window; past its edge: ${named.join(' | ') || 'nothing found'}`;
  });
}

/** The tRPC procedures the page asks for from now on (`auth.me`, `catalog.byId`…), each batched one named apart, as they are asked. */
export function procedureReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc/')) reads.push(...pathname.slice('/trpc/'.length).split(','));
  });
  return reads;
}

/** The text of the page's main heading. */
export function headingText(page: Page, level = 1): Promise<string | null> {
  return page.getByRole('heading', { level }).first().textContent();
}

/**
 * Waits until the app runs in the page: the server draws the public pages with the app's own
 * components, so a heading does not mean the page has hydrated; the mark the app sets once it runs does.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * The app's code held back until the returned `release()`: the page stays as the server drew it.
 * `part`: the entry script itself (nothing of the app runs), or the app's start (boot.tsx: the
 * entry runs, holding taps until hydration, main.tsx).
 */
export async function holdTheApp(page: Page, part: 'entry' | 'start' = 'entry'): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(part === 'entry' ? /\/assets\/index-[\w-]+\.js$/ : /\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * For a browser test file: before its tests, the app on a fresh database and a browser, handed
 * to `use`; after them, both closed.
 */
export function withAppAndBrowser(use: (app: TestApp, browser: TestBrowser) => void, appOptions?: Parameters<typeof startTestApp>[0]): void {
  let app: TestApp | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(appOptions), launchBrowser()]);
    use(app, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  failOnHydrationProblems();
}

/** After each test of the file: fails it if a page it opened reported a hydration error or mismatch. */
export function failOnHydrationProblems(): void {
  afterEach(() => {
    const seen = hydrationProblems.splice(0);
    expect(seen, 'hydration problems in the console').toEqual([]);
  });
}
