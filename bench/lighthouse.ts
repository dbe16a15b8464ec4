/**
 * Lighthouse, mobile with its default throttling, run with Debian's Chromium (TOOLCHAIN.md).
 * Each page is measured RUNS times; the report gives the median of each score and metric with its
 * spread. A signed-in page is measured in a Chromium profile holding the learner's session cookie.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { SESSION_COOKIE } from '../src/server/lib/request-info.js';
import { CHROMIUM } from '../src/test/browser.js';
import { RUNS, spreadOf, type Spread } from './measure.js';

const run = promisify(execFile);
export const LIGHTHOUSE_BUDGET = 95;
/** Issue 37: each budgeted page (`/`, `/packages`, a package page, the player) paints its largest content within this on a throttled phone. */
export const LCP_BUDGET_MS = 2000;
/** Issue 37: and moves no more than this as it loads. */
export const CLS_BUDGET = 0.05;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];

type OneRun = { scores: Record<Category, number>; lcpMs: number; tbtMs: number; cls: number; kb: number; lcpElement: string; longTasks: string };

export type LighthouseResult = {
  page: string;
  /** Pages issue 37 budgets (`/`, `/packages`, a package page, the player); the others are reported. */
  budgeted: boolean;
  scores: Record<Category, Spread>;
  lcpMs: Spread;
  tbtMs: Spread;
  cls: Spread;
  kb: Spread;
  /** What the largest paint was, in the runs (its selector): the page's own content, not an error or log-in form in its place. */
  lcpElements: string[];
  /** Each run's longest main-thread tasks (Lighthouse's `long-tasks`): what the blocking time is made of. */
  longTasks: string[];
  pass: boolean;
  errors: string[];
};

/**
 * A Chromium profile holding a learner's session cookie, as a phone that signed in has it. Passed
 * as an extra header instead, the cookie reached only the page's own requests: the service
 * worker's fetches (every navigation once it controls the page) went without it, and the player
 * was measured as the log-in form drawn in its place. Lighthouse clears a site's caches and
 * service workers before each run, not its cookies.
 */
async function signedInProfile(url: string, token: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  // With an expiry, so that it is written to the profile (a cookie for the session only is not).
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: new URL(url).origin, httpOnly: true, sameSite: 'Lax', expires: Date.now() / 1000 + 3600 },
  ]);
  await context.close();
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function lighthouseOnce(url: string, token: string | null): Promise<OneRun> {
  const profile = token ? await signedInProfile(url, token) : null;
  try {
    return await lighthouseIn(url, profile?.dir ?? null);
  } finally {
    await profile?.remove();
  }
}

async function lighthouseIn(url: string, profileDir: string | null): Promise<OneRun> {
  const { stdout } = await run(
    'npx',
    [
      '--yes',
      'lighthouse@12.8.2',
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${categories.join(',')}`,
      '--chrome-path=/usr/lib/chromium/chromium',
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync${profileDir ? ` --user-data-dir=${profileDir}` : ''}`,
    ],
    { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  // BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's whole report there, to read what a figure is made of.
  const keep = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (keep)
    await writeFile(path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}${new URL(url).search.replace(/\W+/g, '_')}-${Date.now()}.json`), stdout);
  const report = JSON.parse(stdout) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number; details?: { items?: { url?: string; duration?: number; items?: { node?: { selector?: string } }[] }[] } }>;
  };
  const lcpNode = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const metric = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  return {
    scores: Object.fromEntries(categories.map((name) => [name, Math.round((report.categories[name]?.score ?? 0) * 100)])) as OneRun['scores'],
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    kb: metric('total-byte-weight') / 1024,
    lcpElement: lcpNode?.selector ?? 'none',
    longTasks: (report.audits['long-tasks']?.details?.items ?? [])
      .slice(0, 4)
      .map((task) => `${Math.round(task.duration ?? 0)} ms ${(task.url ?? '').replace(/^https?:\/\/[^/]+/, '') || 'unattributed'}`)
      .join(', '),
  };
}

export async function runLighthouse(base: string, page: { path: string; token?: string | null; budgeted: boolean }): Promise<LighthouseResult> {
  const runs: OneRun[] = [];
  const errors: string[] = [];
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
    try {
      runs.push(await lighthouseOnce(base + page.path, page.token ?? null));
    } catch (error) {
      errors.push((error as Error).message.split('\n')[0]!);
    }
  }
  if (runs.length === 0)
    runs.push({
      scores: { performance: 0, accessibility: 0, 'best-practices': 0, seo: 0 },
      lcpMs: Number.NaN,
      tbtMs: Number.NaN,
      cls: Number.NaN,
      kb: Number.NaN,
      lcpElement: 'none',
      longTasks: '',
    });
  const scores = Object.fromEntries(categories.map((name) => [name, spreadOf(runs.map((one) => one.scores[name]))])) as LighthouseResult['scores'];
  const lcpMs = spreadOf(runs.map((one) => one.lcpMs));
  const scoresPass = categories.every((name) => scores[name].median >= LIGHTHOUSE_BUDGET);
  const cls = spreadOf(
    runs.map((one) => one.cls),
    3,
  );
  return {
    page: page.path,
    budgeted: page.budgeted,
    scores,
    lcpMs,
    tbtMs: spreadOf(runs.map((one) => one.tbtMs)),
    cls,
    kb: spreadOf(runs.map((one) => one.kb)),
    lcpElements: [...new Set(runs.map((one) => one.lcpElement))],
    longTasks: runs.map((one) => one.longTasks),
    pass: !page.budgeted || (scoresPass && lcpMs.median <= LCP_BUDGET_MS && cls.median <= CLS_BUDGET && errors.length < RUNS),
    errors,
  };
}
