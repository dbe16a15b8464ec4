import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App, type BuildOptions } from '../server/http/app.js';
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
    // Tests pay out what was just earned; the tests of the hold set their own.
    COMMISSION_HOLD_DAYS: '0',
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
  return answerOf(response);
}

/** A response's status, headers and body: parsed when it is JSON, else its text for the test to see. */
export async function answerOf(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, body, headers: response.headers };
}
