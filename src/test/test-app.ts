import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { readOutbox, type OutboxMessage } from './outbox.js';

export type TestApp = App & {
  url: string;
  dataDir: string;
  db: App['deps']['db'];
  /** Every email written to the outbox so far, oldest first. */
  outbox: () => Promise<OutboxMessage[]>;
  close: () => Promise<void>;
};

/** A controllable clock for crossing expiry times and IST day boundaries. */
export function testClock(start = Date.now()) {
  let current = start;
  return {
    now: () => current,
    set: (at: number) => {
      current = at;
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}

/**
 * The real app on a fresh temporary data folder (its own SQLite file, outbox and uploads),
 * listening on a free port of 127.0.0.1.
 */
export async function startTestApp(
  options: { env?: Record<string, string>; now?: () => number; build?: Omit<BuildOptions, 'now' | 'logger'> } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'success-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    UPI_ID: 'marathisuccess@okaxis',
    UPI_PAYEE_NAME: 'Marathi Success',
    LOG_LEVEL: 'silent',
    // Tests log the same learner in many times; a test of the device limit sets its own.
    MAX_DEVICES_PER_LEARNER: '0',
    ...options.env,
  });
  // Silent, unless the test reads the log lines.
  const logger = options.build?.logStream ? {} : { logger: false as const };
  const built = await buildApp(config, { ...options.build, ...logger, ...(options.now && { now: options.now }) });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  // Links in emails point at the test server.
  built.deps.config.publicUrl = url;
  return {
    ...built,
    url,
    dataDir,
    db: built.deps.db,
    outbox: () => readOutbox(path.join(dataDir, 'outbox')),
    close: async () => {
      await built.app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh app for each test of the file, its clock set to the real time first, closed after the
 * test: `let t: TestApp; const clock = testClock(); freshAppPerTest(clock, (app) => { t = app; });`.
 */
export function freshAppPerTest(clock: ReturnType<typeof testClock>, use: (app: TestApp) => void, options: { env?: Record<string, string> } = {}): void {
  let app: TestApp | undefined;
  beforeEach(async () => {
    clock.set(Date.now());
    app = await startTestApp({ ...options, now: clock.now });
    use(app);
  });
  afterEach(async () => {
    await app?.close();
  });
}

/** One app for all the tests of the file, made (and set up by `use`) before the first, closed after the last. */
export function oneAppPerFile(use: (app: TestApp) => void | Promise<void>): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp();
    await use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

type JsonAnswer = { status: number; body: any; headers: Headers };

/** Calls the server over HTTP as an existing client would: JSON in and out. */
export async function callJson(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.token = options.token;
  const response = await fetch(base + url, {
    method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: await bodyOf(response), headers: response.headers };
}

/** An answer's body: parsed JSON, or the text when it is not JSON (so that the test sees it). */
export async function bodyOf(response: Response): Promise<any> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
