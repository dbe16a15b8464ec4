import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startTestApp, testClock, type TestApp } from './test-app.js';

/**
 * A fresh app for every test of the file, on a clock set to the real time before each test (tests
 * move it forward to cross expiry times). `started` hands each test's app to the file, as
 * `let t: TestApp; const clock = appPerTest((app) => (t = app));`.
 */
export function appPerTest(started: (app: TestApp) => void): ReturnType<typeof testClock> {
  const clock = testClock();
  let app: TestApp | undefined;
  beforeEach(async () => {
    clock.set(Date.now());
    app = await startTestApp({ now: clock.now });
    started(app);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  return clock;
}

/**
 * One app shared by every test of the file (started before the first, closed after the last);
 * `started` hands it to the file and may set up what all its tests share.
 */
export function appPerFile(started: (app: TestApp) => Promise<void> | void, options: Parameters<typeof startTestApp>[0] = {}): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
    await started(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}
