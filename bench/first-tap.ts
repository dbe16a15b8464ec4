/**
 * From a shared link to an open checkout on a slow phone connection: /packages loaded at 360 px in
 * Marathi and English with Chromium's throttling (400 kbps down and up, 400 ms latency, no cache),
 * through playwright-core. Measures, from the start of navigation, when a Buy is tappable (on the
 * screen: a real link, drawn by the server with the app's components, which works before the app
 * has hydrated the page), taps it at once, and measures from that tap until the checkout is open: for a visitor
 * new to this browser, sign-up with the package in view; for a signed-in learner, the payment
 * popup with its UTR field. Writes bench/first-tap.md and .json.
 *
 * `npm run bench` calls it (part `taps`); `node --import tsx bench/first-tap.ts` runs it alone on a
 * small temporary database (the web app must be built).
 */
import { KBPS, LATENCY_MS, slowPhonePage } from './slow-phone.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../src/server/http/serve-client.js';
import { launchBrowser, signIn } from '../src/test/browser.js';
import { RUNS, showSpread, spreadOf, type Spread } from './measure.js';

export const TAPPABLE_BUY_BUDGET_MS = 2500;
export const CHECKOUT_OPEN_BUDGET_MS = 4000;

type Who = 'visitor' | 'learner';
/** hydratedMs: when the app had hydrated the page the checkout opened on (its `hydrated` mark, since that page's navigation). */
type Tap = { tappableMs: number; openMs: number; hydratedMs: number | null };
export type FirstTapResult = { lang: 'en' | 'mr'; who: Who; taps: Tap[]; tappableMs: Spread; openMs: Spread; pass: boolean };

/**
 * Notes, in performance.now() time, when a Buy can be tapped, when it was tapped, and when the
 * checkout is open. A string, not a function: tsx's helpers do not exist in the page.
 */
const WATCH_SCRIPT = `
  (() => {
    const seen = {};
    window.__firstTap = seen;
    const visible = (element) => element && element.getClientRects().length > 0;
    // The tap's moment outlives the page: a Buy tapped before hydration is a link to the next page.
    const tappedAt = () => Number(sessionStorage.getItem('firstTapAt')) || 0;
    const check = () => {
      const buy = document.querySelector('.package-grid .package-card:first-child a[data-buy]');
      if (!seen.tappable && visible(buy)) seen.tappable = performance.now();
      const open = document.querySelector('.buying-summary') || document.querySelector('dialog[open] input[name="utr"]');
      if (tappedAt() && !seen.open && visible(open)) seen.open = performance.timeOrigin + performance.now() - tappedAt();
      if (!seen.open) requestAnimationFrame(check);
    };
    document.addEventListener('click', () => { if (!tappedAt()) sessionStorage.setItem('firstTapAt', String(performance.timeOrigin + performance.now())); check(); }, true);
    requestAnimationFrame(check);
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  })();
`;

/** tappable: since navigation began; open: since the tap (which may have loaded the next page). */
type Seen = { tappable?: number; open?: number };

async function tapOnce(url: string, lang: 'en' | 'mr', token: string | null): Promise<Tap> {
  const browser = await launchBrowser();
  try {
    const { page, context } = await slowPhonePage(browser, lang);
    if (token) {
      // A learner signed in on this phone: the browser remembers that someone was (features/auth/signed-in-before.ts).
      await signIn(context, url, token);
      await page.addInitScript(() => localStorage.setItem('signedInBefore', '1'));
    }
    await page.addInitScript(WATCH_SCRIPT);
    await page.goto(`${url}/packages?lang=${lang}`, { waitUntil: 'commit', timeout: 60_000 });
    // Arrow functions without names of their own: they run in the page, where this file's helpers do not exist.
    await page.waitForFunction(() => Boolean((window as unknown as { __firstTap?: Seen }).__firstTap?.tappable), undefined, { timeout: 60_000, polling: 16 });
    const tappable = await page.evaluate(() => (window as unknown as { __firstTap: Seen }).__firstTap.tappable!);
    // The tap, as a finger gives it, on the Buy link (hydrated or not yet).
    const buy = page.locator('.package-grid .package-card:first-child a[data-buy]').first();
    await buy.scrollIntoViewIfNeeded();
    const box = await buy.boundingBox();
    if (!box) throw new Error('first-tap: the Buy that was tappable is gone');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => Boolean((window as unknown as { __firstTap?: Seen }).__firstTap?.open), undefined, { timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { __firstTap: Seen }).__firstTap);
    const hydrated = await page.evaluate(() => performance.getEntriesByName('hydrated')[0]?.startTime ?? null);
    await context.close();
    return {
      tappableMs: Math.round(tappable),
      openMs: Math.round(seen.open!),
      hydratedMs: hydrated === null ? null : Math.round(hydrated),
    };
  } finally {
    await browser.close();
  }
}

/** Measures, writes bench/first-tap.md and bench/first-tap.json, and answers the results. */
export async function measureFirstTap(url: string, learnerToken: string, log: (message: string) => void = console.log): Promise<FirstTapResult[]> {
  log(`first tap at ${KBPS} kbps / ${LATENCY_MS} ms (${RUNS} loads per language and person)`);
  const results: FirstTapResult[] = [];
  for (const lang of ['mr', 'en'] as const) {
    for (const who of ['visitor', 'learner'] as const) {
      const taps: Tap[] = [];
      for (let run = 0; run < RUNS; run += 1) taps.push(await tapOnce(url, lang, who === 'learner' ? learnerToken : null));
      const tappableMs = spreadOf(taps.map((tap) => tap.tappableMs));
      const openMs = spreadOf(taps.map((tap) => tap.openMs));
      results.push({ lang, who, taps, tappableMs, openMs, pass: tappableMs.median <= TAPPABLE_BUY_BUDGET_MS && openMs.median <= CHECKOUT_OPEN_BUDGET_MS });
      const hydrated = taps.map((tap) => tap.hydratedMs ?? '–').join(', ');
      log(`  ${lang} ${who}: tappable ${showSpread(tappableMs, ' ms')}, open ${showSpread(openMs, ' ms')} after the tap; hydrated at ${hydrated} ms`);
    }
  }
  const md = [
    '# From a shared link to an open checkout on a slow connection',
    '',
    `/packages at 360 px, Chromium network throttling ${KBPS} kbps down and up, ${LATENCY_MS} ms latency, cache off; ${RUNS} loads per language and person. "Tappable": from the start of navigation until a Buy is on the screen and a tap on it is answered (a real link, drawn on the server by the app's components, working before hydration); it is tapped then. "Open": from that tap until the checkout shows (a visitor new to the browser: sign-up with the package in view; a signed-in learner: the payment popup with its UTR field). Budgets: tappable within ${TAPPABLE_BUY_BUDGET_MS} ms, open within ${CHECKOUT_OPEN_BUDGET_MS} ms of the tap (medians).`,
    '',
    '| language | person | tappable ms (each load) | open after the tap, ms (each load) | verdict |',
    '|---|---|---|---|---|',
    ...results.map(
      (result) =>
        `| ${result.lang} | ${result.who} | ${result.taps.map((tap) => tap.tappableMs).join(', ')} (median ${result.tappableMs.median}) | ${result.taps.map((tap) => tap.openMs).join(', ')} (median ${result.openMs.median}) | ${result.pass ? 'pass' : '**MISS**'} |`,
    ),
    '',
  ];
  writeFileSync(path.join(projectRoot, 'bench', 'first-tap.md'), md.join('\n'));
  writeFileSync(
    path.join(projectRoot, 'bench', 'first-tap.json'),
    `${JSON.stringify({ when: new Date().toISOString(), kbps: KBPS, latencyMs: LATENCY_MS, budgets: { tappableMs: TAPPABLE_BUY_BUDGET_MS, openMs: CHECKOUT_OPEN_BUDGET_MS }, results }, null, 2)}\n`,
  );
  log(md.join('\n'));
  return results;
}

// Run alone: a small catalogue on a temporary database, and a learner who owns none of it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { databaseFile, openDatabase } = await import('../src/server/db/client.js');
  const { fillScaleData } = await import('./scale-data.js');
  const { createUserWithToken } = await import('../src/test/factories.js');
  const { spawnServer } = await import('../src/test/server-process.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-first-tap-'));
  const db = openDatabase(databaseFile(dir));
  await fillScaleData(db, { users: 50, orders: 50, ledgerLines: 50 });
  const { token, user } = await createUserWithToken(db, { name: 'Bench Learner' });
  // Agreed to the privacy notice, as at sign-up (without it the app asks first).
  const { recordConsent } = await import('../src/server/features/privacy/privacy.service.js');
  const { PRIVACY_NOTICE_VERSION } = await import('../src/shared/privacy.js');
  recordConsent(db, { userId: user.id, version: PRIVACY_NOTICE_VERSION, via: 'register', now: Date.now() });
  db.$client.close();
  const server = await spawnServer({ DATA_DIR: dir, UPI_ID: 'marathisuccess@okaxis' });
  try {
    const results = await measureFirstTap(server.url, token);
    process.exitCode = results.every((result) => result.pass) ? 0 : 1;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
