import type { TestBrowser } from '../src/test/browser.js';

/** The slow mobile connection the phone benches load pages over: Chromium's throttling speaks bytes per second. */
export const KBPS = 400;
export const LATENCY_MS = 400;

/** A 360 px phone page in the language's locale, over the slow connection with the cache off. */
export async function slowPhonePage(browser: TestBrowser, lang: 'en' | 'mr') {
  const { page, context } = await browser.newPage({ width: 360, phone: true, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: (KBPS * 1000) / 8,
    uploadThroughput: (KBPS * 1000) / 8,
  });
  return { page, context };
}
