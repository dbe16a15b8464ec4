import { afterEach, beforeEach } from 'vitest';
import { startTestApp, testClock, type TestApp } from './test-app.js';

/**
 * A fresh app before each test of the file, closed after it, on a clock set to now that the test
 * may move. `use` receives each app: `let t: TestApp; const clock = appPerTest((app) => (t = app));`
 */
export function appPerTest(use: (app: TestApp) => void): ReturnType<typeof testClock> {
  const clock = testClock();
  let app: TestApp | undefined;
  beforeEach(async () => {
    clock.set(Date.now());
    app = await startTestApp({ now: clock.now });
    use(app);
  });
  afterEach(async () => {
    await app?.close();
  });
  return clock;
}
