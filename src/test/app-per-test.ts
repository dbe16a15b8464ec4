import { afterEach, beforeEach } from 'vitest';
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
