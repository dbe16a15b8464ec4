/**
 * The service worker (vite.config.ts's serviceWorker, register-service-worker.ts) as a phone meets
 * it across a release: release v1 is built into a folder of this test's own and served; a second
 * visit fetches no JavaScript from the server; v2 is built into the same folder (v1's files are
 * gone from the server) and the server restarted on it; the page still open on v1 keeps loading
 * its lazy chunks, and moves to v2 at its next move within the app, after which v2's worker takes
 * over and v1's files leave the phone.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { loadConfig } from '../server/config.js';
import { buildApp } from '../server/http/app.js';
import { projectRoot } from '../server/http/serve-client.js';
import { appStarted, launchBrowser, type TestBrowser } from '../test/browser.js';

const BUILD_TIMEOUT_MS = 240_000;

/**
 * Builds the web app as release `release` (VITE_RELEASE) into `outDir`, emptying it first, as a
 * deploy does. In a child process the test awaits (not a synchronous one, which would stop the
 * test's own clock and the browser's messages), stopped if it runs past its time.
 */
async function buildRelease(outDir: string, release: string): Promise<void> {
  logStep(`building ${release}`);
  const vite = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', VITE_RELEASE: release },
    stdio: 'inherit',
    signal: AbortSignal.timeout(BUILD_TIMEOUT_MS),
  });
  const [status] = (await once(build, 'exit')) as [number | null];
  if (status !== 0) throw new Error(`Building release ${release} failed (see the output above).`);
}

type Served = { url: string; port: number; requested: string[]; close: () => Promise<void> };

/** The app serving the web app built in `clientDir`, on `port` (0: a free one); `requested` lists every URL the server was asked for. */
async function serve(clientDir: string, port: number): Promise<Served> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'success-sw-'));
  const requested: string[] = [];
  const logStream = {
    write(line: string) {
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === 'request' && entry.url) requested.push(entry.url);
    },
  };
  const config = loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), UPI_ID: 'marathisuccess@okaxis', LOG_LEVEL: 'debug' });
  const { app } = await buildApp(config, { clientDir, logStream });
  await app.listen({ port, host: '127.0.0.1' });
  const bound = (app.server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    requested,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the test has begun, with the seconds since it started: printed when it fails, so a step that hangs is named. */
const steps: string[] = [];
let startedAt = 0;
function logStep(step: string): void {
  steps.push(`${((Date.now() - startedAt) / 1000).toFixed(1)} s  ${step}`);
}

/** `promise`, or a failure naming `step` after `ms`: a step that never ends (a worker that never answers) fails the test at once, not at its 12 minutes. */
function within<T>(step: string, promise: Promise<T>, ms = 30_000): Promise<T> {
  logStep(step);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    // The steps so far are in the message, which CI's summary shows (onTestFailed's output may be cut).
    timer = setTimeout(() => reject(new Error(`${step}: no answer within ${ms / 1000} s, after these steps:\n${steps.join('\n')}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The release the page runs. Bounded: an evaluation waits for a page that is still loading, and expect.poll cannot end a try that never returns. */
const releaseOf = (page: Page) =>
  within(
    'reading the release',
    page.evaluate(() => document.documentElement.dataset.release),
    10_000,
  );

/** Every URL path the page's caches hold. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

let clientDir: string;
let browser: TestBrowser;
let server: Served | undefined;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'success-release-'));
  browser = await launchBrowser();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('the service worker across a release', () => {
  it('serves the second visit without JavaScript from the network, keeps the old release working, then moves to the new one', {
    timeout: 3 * BUILD_TIMEOUT_MS,
  }, async () => {
    startedAt = Date.now();
    onTestFailed(() => console.error(`The steps the test began:\n${steps.join('\n')}`));
    await buildRelease(clientDir, 'v1');
    server = await within('starting the v1 server', serve(clientDir, 0));
    const { page, context } = await browser.newPage();
    logStep('opening the home page');
    await page.goto(server.url);
    await appStarted(page);
    expect(await releaseOf(page)).toBe('v1');
    await expect
      .poll(
        () =>
          within(
            'asking for the controller',
            page.evaluate(() => navigator.serviceWorker.controller !== null),
            10_000,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);

    // The second visit: the page from the server, every script from the worker.
    server.requested.length = 0;
    logStep('opening /packages');
    await page.goto(`${server.url}/packages`);
    await appStarted(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Our Packages');
    expect(server.requested).toContain('/packages');
    expect(server.requested.filter((url) => url.endsWith('.js'))).toEqual([]);
    // Answers of the API and uploads are never kept; the app's files are.
    const cached = await within('reading the caches', cachedPaths(page));
    expect(cached.some((url) => /^\/assets\/.+\.js$/.test(url))).toBe(true);
    expect(cached.filter((url) => /^\/(trpc|api|uploads)(\/|$)/.test(url))).toEqual([]);
    // Nor the pages visited: only the home page the worker fetched at install, for offline.
    expect(cached).not.toContain('/packages');
    // Nor the admin pages' code: a learner's phone never needs it.
    expect(cached.filter((url) => url.startsWith('/assets/admin-'))).toEqual([]);

    // A lazy page that this page has not loaded yet.
    const v1Chunks = (await readdir(path.join(clientDir, 'assets'))).filter((name) => name.endsWith('.js'));
    const contactChunk = v1Chunks.find((name) => name.startsWith('contact-page-'));
    expect(contactChunk).toBeDefined();

    // Release v2: built into the same folder (v1's files are deleted), the server restarted on it.
    await within('closing the v1 server', server.close());
    server = undefined;
    await buildRelease(clientDir, 'v2');
    server = await within('starting the v2 server', serve(clientDir, Number(new URL(page.url()).port)));
    // What changed has new names (the app's own chunk); v1's are gone from the server.
    const v2Chunks = new Set((await readdir(path.join(clientDir, 'assets'))).filter((name) => name.endsWith('.js')));
    const gone = v1Chunks.filter((name) => !v2Chunks.has(name));
    expect(gone.length).toBeGreaterThan(0);
    for (const name of gone) expect((await within(`fetching ${name}`, fetch(`${server.url}/assets/${name}`))).status).toBe(404);

    // The open page asks for a new release (it does when shown again, and hourly): v2's worker installs and waits.
    await within(
      'asking for a new release',
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update()),
    );
    await expect
      .poll(
        () =>
          within(
            'asking for the waiting worker',
            page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
            10_000,
          ),
        { timeout: 30_000 },
      )
      .toBe('installed');

    // In between, the page runs v1 and v1's lazy chunks still load: the old worker serves them.
    expect(await releaseOf(page)).toBe('v1');
    // (As text: the test runner would rewrite an import() written in this file.)
    const loaded = await within("loading v1's lazy chunk", page.evaluate(`import('/assets/${contactChunk}').then((module) => Object.keys(module).length > 0)`));
    expect(loaded).toBe(true);
    // (Every kept one: admin pages' chunks are not kept, so v1's are gone with the server's.)
    const statuses = await within(
      "fetching v1's kept chunks",
      page.evaluate(
        (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).status)),
        gone.filter((name) => !name.startsWith('admin-')).map((name) => `/assets/${name}`),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);

    // The next move within the app loads that screen on v2 from the server, and it works.
    logStep('tapping About Us');
    await page.getByRole('link', { name: 'About Us' }).first().click();
    await expect.poll(() => releaseOf(page), { timeout: 30_000 }).toBe('v2');
    logStep('waiting for /about');
    await page.waitForURL(`${server.url}/about`);
    await appStarted(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('About Us');

    // Then v2's worker takes over: it controls the page, and v1's files are gone from the phone.
    const keptV1Files = (kept: string[]) => gone.filter((name) => kept.includes(`/assets/${name}`));
    await expect
      .poll(
        () =>
          within(
            "asking for v2's worker",
            page.evaluate(async () => {
              const registration = await navigator.serviceWorker.getRegistration();
              return registration?.waiting === null && registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
            }),
            10_000,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(keptV1Files(await within('reading the caches again', cachedPaths(page)))).toEqual([]);
    await context.close();
  });
});
