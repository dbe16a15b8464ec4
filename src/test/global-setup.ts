import { ensureClientBuild } from '../server/cli/client-build.js';

/** Browser tests load the built app, so build it once (when stale) before any test file runs. */
export default async function setup(): Promise<void> {
  await ensureClientBuild((message) => console.log(`[test setup] ${message}`));
}
