/**
 * What a phone downloads on the first load of a page: JavaScript, CSS and fonts, gzipped, read
 * from what Chromium actually fetched. Admin chunks are known from Vite's manifest. The first
 * load is measured with the idle prefetch of the next step's code held back (requestIdleCallback
 * never runs: app/prefetch-next-step.ts); a second load lets it run, and what it adds is reported
 * beside (fetched 2 s after the page's load, once it is idle; not needed to show or use the page).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { clientDist } from '../src/server/http/serve-client.js';
import { launchBrowser, signIn } from '../src/test/browser.js';

/** Issue 37: React, the router, TanStack Query and tRPC's client come to about 117 KB of it. */
export const LEARNER_JS_BUDGET_KB = 130;

type ManifestEntry = { file: string; src?: string; css?: string[] };

/** Source files that only admins need: their chunks must never load on a learner page. */
const adminSource = /features\/(admin|statements)\/|features\/orders\/pending-orders-page|features\/catalog\/(add-|delete-|upload-package|package-select)/;

function adminFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const files = new Set<string>();
  for (const entry of Object.values(manifest)) {
    if (entry.src && adminSource.test(entry.src)) {
      files.add(entry.file);
      for (const css of entry.css ?? []) files.add(css);
    }
  }
  return files;
}

export type PageWeight = {
  page: string;
  learner: boolean;
  jsKb: number;
  /** JavaScript fetched once the page was idle (sign-up's and the checkout's code, ahead of a tap). */
  idlePrefetchJsKb: number;
  cssKb: number;
  fontKb: number;
  files: string[];
  adminFilesLoaded: string[];
  pass: boolean;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function measurePageWeights(baseUrl: string, pages: { name: string; path: string; token?: string; learner: boolean }[]): Promise<PageWeight[]> {
  const admin = adminFiles();
  const browser = await launchBrowser();
  const results: PageWeight[] = [];
  try {
    const load = async (target: { path: string; token?: string }, holdIdle: boolean) => {
      const { context, page } = await browser.newPage({ width: 360, phone: true });
      if (target.token) await signIn(context, baseUrl, target.token);
      if (holdIdle)
        await page.addInitScript(() => {
          window.requestIdleCallback = () => 0;
        });
      const fetched: { url: string; type: string; gzip: number }[] = [];
      const reading = new Set<Promise<void>>();
      let inFlight = 0;
      let lastActivity = Date.now();
      page.on('request', () => {
        inFlight += 1;
        lastActivity = Date.now();
      });
      const settled = () => {
        inFlight = Math.max(0, inFlight - 1);
        lastActivity = Date.now();
      };
      page.on('requestfinished', settled);
      page.on('requestfailed', settled);
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (!['script', 'stylesheet', 'font'].includes(type)) return;
        const read = (async () => {
          try {
            fetched.push({ url: new URL(response.url()).pathname, type, gzip: gzipSync(await response.body(), { level: 9 }).length });
          } catch {
            // A response without a body.
          }
        })();
        reading.add(read);
      });
      await page.goto(baseUrl + target.path, { waitUntil: 'load' });
      // The app's own mark (app.tsx), not network quiet alone: on a busy machine the network went quiet
      // before the app's chunk was asked for, and `/` read 0.2 KB.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
      // Let it run: it starts 2 s after the page's load (NEXT_STEP_DELAY_MS in app/prefetch-next-step.ts).
      if (!holdIdle) await page.waitForTimeout(2_500);
      // Then what the page asks for once it runs (its data, a signed-in person's consent check): quiet for 500 ms
      // (at most 15 s: a request left open does not hold the bench).
      const giveUp = Date.now() + 15_000;
      while ((inFlight > 0 || Date.now() - lastActivity < 500) && Date.now() < giveUp) await page.waitForTimeout(100);
      await Promise.all(reading);
      await context.close();
      return fetched;
    };
    for (const target of pages) {
      const fetched = await load(target, true);
      const withIdle = await load(target, false);
      const sum = (type: string, files = fetched) => kb(files.filter((file) => file.type === type).reduce((total, file) => total + file.gzip, 0));
      // No admin code either way, prefetched ahead of a tap included.
      const adminFilesLoaded = [...new Set([...fetched, ...withIdle].map((file) => file.url.replace(/^\//, '')))].filter((file) => admin.has(file));
      const jsKb = sum('script');
      results.push({
        page: target.name,
        learner: target.learner,
        jsKb,
        idlePrefetchJsKb: Math.max(0, Math.round((sum('script', withIdle) - jsKb) * 10) / 10),
        cssKb: sum('stylesheet'),
        fontKb: sum('font'),
        files: fetched.map((file) => file.url),
        adminFilesLoaded,
        pass: !target.learner || (jsKb <= LEARNER_JS_BUDGET_KB && adminFilesLoaded.length === 0),
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}
