import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Undo steps run after each test of the file, last first, a failing one skipped; and temporary
 * folders removed the same way: `const { cleanups, tempDir } = cleanupAfterEach();`.
 */
export function cleanupAfterEach() {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
  });
  async function tempDir(prefix: string): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }
  return { cleanups, tempDir };
}
