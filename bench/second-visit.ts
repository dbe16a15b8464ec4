/**
 * Issue 37's second visit: the same phone opens the package's page again once the service worker
 * (vite.config.ts, Workbox) has installed the app's code. No JavaScript may come over the network
 * (the page's scripts are answered by the service worker; the page itself is asked from the server,
 * never kept), and the page must be painted with its Buy within SECOND_VISIT_BUDGET_MS. Part of
 * the bench's `taps` part (first-tap.ts).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { KBPS, LATENCY_MS } from './slow-phone.js';

export const SECOND_VISIT_BUDGET_MS = 1000;
/** The phone's CPU against this machine's, for every page of the Buy journey (first-tap.ts too). */
export const CPU_SLOWDOWN = 4;

/** A page of this context at 360 px over the slow connection (cache as a phone's: on), its CPU slowed down. */
export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: (KBPS * 1000) / 8,
    uploadThroughput: (KBPS * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/**
 * paintedMs: since navigation, the page painted with a tappable Buy. scriptsOverNetwork: the
 * scripts not answered by the service worker. pageArrivedMs: since navigation, the page's HTML
 * received whole (what the paint waits for at the least).
 */
export type SecondVisit = { paintedMs: number; scriptsOverNetwork: string[]; pageArrivedMs: number };

const PAINT_SCRIPT = `
  (() => {
    const check = () => {
      const buys = [...document.querySelectorAll('.package-page a[data-buy]')];
      if (buys.some((buy) => buy.getClientRects().length > 0)) window.__painted = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();
`;

/** `firstPage`: a page of the first visit (its service worker is waited for there). */
export async function measureSecondVisit(context: BrowserContext, firstPage: Page, address: string): Promise<SecondVisit> {
  // Installed and active: the precache holds every chunk (fetched in the background after the first visit).
  await firstPage
    .waitForFunction(() => navigator.serviceWorker?.controller !== null || null, undefined, { timeout: 180_000, polling: 250 })
    .catch(() => undefined);
  await firstPage.evaluate(() => navigator.serviceWorker.ready.then(() => true), undefined);
  // Closed, as a phone's browser in the background: the visit after is measured alone.
  await firstPage.close();
  const page = await context.newPage();
  await page.addInitScript(PAINT_SCRIPT);
  await throttle(context, page);
  const overNetwork: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && !response.fromServiceWorker()) overNetwork.push(response.url());
  });
  // The worker's own fetches (a chunk it did not have) are JavaScript over the network too.
  const fromWorker = (request: { url(): string; serviceWorker(): unknown }) => {
    if (request.serviceWorker() && /\.m?js(?:\?|$)/.test(request.url()) && !request.url().endsWith('/sw.js')) overNetwork.push(request.url());
  };
  context.on('request', fromWorker);
  try {
    await page.goto(address, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, undefined, { timeout: 60_000, polling: 16 });
    const paintedMs = await page.evaluate(() => (window as unknown as { __painted: number }).__painted);
    // Its code settles (what the app fetches after the paint counts too).
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const pageArrivedMs = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd);
    return { paintedMs: Math.round(paintedMs), scriptsOverNetwork: [...new Set(overNetwork)], pageArrivedMs: Math.round(pageArrivedMs) };
  } finally {
    context.off('request', fromWorker);
    await page.close();
  }
}
