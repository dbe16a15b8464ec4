/**
 * The first package card on a slow phone connection: /packages loaded at 360 px with Chromium's
 * network throttling (400 kbps down and up, 400 ms latency, no cache), through playwright-core's
 * CDP session. Measures, from the start of navigation, when the header paints, when the first
 * placeholder shows and when the first real card (name and price) is on screen, in English and
 * Marathi, three loads each (the median counts). Writes bench/first-card.md and .json.
 *
 * `npm run bench` calls it on its server; `node --import tsx bench/first-card.ts` runs it alone
 * on a small temporary database (the web app must be built).
 */
import { KBPS, LATENCY_MS, slowPhonePage } from './slow-phone.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../src/server/http/serve-client.js';
import { launchBrowser } from '../src/test/browser.js';

export const FIRST_CARD_BUDGET_MS = 2500;
const RUNS = 3;

type Load = { headerMs: number | null; placeholderMs: number | null; firstCardMs: number; hydratedMs: number | null };
export type FirstCardResult = { lang: string; loads: Load[]; medianMs: number; pass: boolean };

/**
 * Notes, in performance.now() time (since navigation began), when the header, a placeholder, a
 * real card (name and price, drawn by the server with the app's components) appear, and when the app has hydrated the page.
 */
const WATCH_SCRIPT = `
  (() => {
    const seen = {};
    window.__firstCard = seen;
    const check = () => {
      if (!seen.header && document.querySelector('.header')) seen.header = performance.now();
      if (!seen.placeholder && document.querySelector('.package-card--placeholder')) seen.placeholder = performance.now();
      if (!seen.card && document.querySelector('.package-card:not(.package-card--placeholder) .card__price')) seen.card = performance.now();
      if (!seen.app && document.documentElement.hasAttribute('data-hydrated')) seen.app = performance.now();
      if (!seen.app) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  })();
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function loadOnce(url: string, lang: 'en' | 'mr'): Promise<Load> {
  const browser = await launchBrowser();
  try {
    const { page, context } = await slowPhonePage(browser, lang);
    // Watch from the very start of the page: each moment is performance.now(), i.e. since navigation began.
    // A string, not a function: tsx's helpers (__name) do not exist in the page.
    await page.addInitScript(WATCH_SCRIPT);
    await page.goto(`${url}/packages?lang=${lang}`, { waitUntil: 'commit', timeout: 60_000 });
    // Arrow functions without inner names: the page's CSP forbids evaluating strings.
    await page.waitForFunction(() => Boolean((window as unknown as { __firstCard?: { app?: number } }).__firstCard?.app), undefined, { timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { __firstCard: Record<string, number | undefined> }).__firstCard);
    await context.close();
    const round = (value: number | undefined) => (value === undefined ? null : Math.round(value));
    return { headerMs: round(seen.header), placeholderMs: round(seen.placeholder), firstCardMs: Math.round(seen.card!), hydratedMs: round(seen.app) };
  } finally {
    await browser.close();
  }
}

/** Measures, writes bench/first-card.md and bench/first-card.json, and answers the results. */
export async function measureFirstCard(url: string, log: (message: string) => void = console.log): Promise<FirstCardResult[]> {
  log(`first card at ${KBPS} kbps / ${LATENCY_MS} ms (${RUNS} loads per language)`);
  const results: FirstCardResult[] = [];
  for (const lang of ['en', 'mr'] as const) {
    const loads: Load[] = [];
    for (let run = 0; run < RUNS; run += 1) loads.push(await loadOnce(url, lang));
    const medianMs = median(loads.map((load) => load.firstCardMs));
    results.push({ lang, loads, medianMs, pass: medianMs <= FIRST_CARD_BUDGET_MS });
  }
  const md = [
    '# First package card on a slow connection',
    '',
    `/packages at 360 px, Chromium network throttling ${KBPS} kbps down and up, ${LATENCY_MS} ms latency, cache off; ${RUNS} loads per language, times from the start of navigation. Budget: the first real card (name and price) within ${FIRST_CARD_BUDGET_MS} ms (median).`,
    '',
    '| language | header ms | placeholder ms | first card ms (each load) | median | hydrated ms (the app answers) | verdict |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (result) =>
        `| ${result.lang} | ${result.loads.map((load) => load.headerMs ?? '–').join(', ')} | ${result.loads.map((load) => load.placeholderMs ?? '–').join(', ')} | ${result.loads.map((load) => load.firstCardMs).join(', ')} | ${result.medianMs} | ${result.loads.map((load) => load.hydratedMs ?? '–').join(', ')} | ${result.pass ? 'pass' : '**MISS**'} |`,
    ),
    '',
  ];
  writeFileSync(path.join(projectRoot, 'bench', 'first-card.md'), md.join('\n'));
  writeFileSync(
    path.join(projectRoot, 'bench', 'first-card.json'),
    `${JSON.stringify({ when: new Date().toISOString(), kbps: KBPS, latencyMs: LATENCY_MS, budgetMs: FIRST_CARD_BUDGET_MS, results }, null, 2)}\n`,
  );
  log(md.join('\n'));
  return results;
}

// Run alone: a small catalogue on a temporary database.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { databaseFile, openDatabase } = await import('../src/server/db/client.js');
  const { fillScaleData } = await import('./scale-data.js');
  const { spawnServer } = await import('../src/test/server-process.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-first-card-'));
  const db = openDatabase(databaseFile(dir));
  await fillScaleData(db, { users: 50, orders: 50, ledgerLines: 50 });
  db.$client.close();
  const server = await spawnServer({ DATA_DIR: dir, UPI_ID: 'marathisuccess@okaxis' });
  try {
    const results = await measureFirstCard(server.url);
    process.exitCode = results.every((result) => result.pass) ? 0 : 1;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
