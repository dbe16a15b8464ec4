import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * What a test file leaves behind, undone after each test, last first (a failure to undo does not
 * fail the test): `cleanups` takes any undo, `tempDir` makes a folder that is removed so.
 */
export function cleanupAfterEach(): { cleanups: (() => Promise<unknown>)[]; tempDir: (prefix: string) => Promise<string> } {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
  });
  async function tempDir(prefix: string) {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }
  return { cleanups, tempDir };
}
