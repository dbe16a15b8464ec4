import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; launching the binary directly skips the wrapper script's noise. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

export type TestBrowser = {
  browser: Browser;
  /** A fresh browser profile (no cookies, no storage), at a phone's width unless told otherwise. */
  newPage(options?: { width?: number; height?: number; locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
};

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
    async newPage({ width = 375, height = 740, locale = 'en-IN' } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, locale });
      // A step that cannot happen fails within 20 s and names itself, instead of hanging the test.
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('page error:', error.message));
      return { context, page };
    },
    close: () => browser.close(),
  };
}
