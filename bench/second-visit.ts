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

const slowConnection = () => ({
  offline: false,
  latency: LATENCY_MS,
  downloadThroughput: (KBPS * 1000) / 8,
  uploadThroughput: (KBPS * 1000) / 8,
});

/** A page of this context at 360 px over the slow connection (cache as a phone's: on), its CPU slowed down. */
export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slowConnection());
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/**
 * The service worker's own fetches (the page itself: the worker asks the network for every
 * navigation) over the same slow connection. Chromium throttles a page's requests only, not its
 * worker's: without this the page's HTML arrived at full speed. The worker is a target of its own,
 * reached through the browser's CDP session; Playwright's sessions attach to pages and frames only.
 * Returns a function that detaches.
 */
export async function throttleServiceWorkers(context: BrowserContext): Promise<() => Promise<void>> {
  const browser = context.browser();
  if (!browser) throw new Error('The second visit needs a launched browser, not a persistent context');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const workers = targetInfos.filter((target) => target.type === 'service_worker');
  if (workers.length === 0) throw new Error('No service worker to throttle');
  let nextId = 1;
  const answers = new Map<number, (error: string | null) => void>();
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const answer = JSON.parse(message) as { id?: number; error?: { message: string } };
    if (answer.id !== undefined) answers.get(answer.id)?.(answer.error?.message ?? null);
  });
  // `flatten: false`: the worker's commands travel inside the browser session's messages.
  const sendTo = (sessionId: string, method: string, params: object) => {
    const id = nextId++;
    const answered = new Promise<void>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error(`${method}: the service worker did not answer`)), 10_000);
      answers.set(id, (error) => {
        clearTimeout(late);
        if (error) reject(new Error(`${method}: ${error}`));
        else resolve();
      });
    });
    return cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).then(() => answered);
  };
  const sessions: string[] = [];
  for (const worker of workers) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    sessions.push(sessionId);
    await sendTo(sessionId, 'Network.enable', {});
    await sendTo(sessionId, 'Network.emulateNetworkConditions', slowConnection());
  }
  return async () => {
    for (const sessionId of sessions) await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    await cdp.detach();
  };
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
  const unthrottleWorkers = await throttleServiceWorkers(context);
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
    await unthrottleWorkers();
  }
}
