import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * What a test opened and must close, undone after each test in reverse order (a failing undo does
 * not stop the others). `tempDir` makes a temporary folder that goes the same way.
 */
export function cleanupsPerTest() {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
  });
  const onCleanup = (undo: () => Promise<unknown>) => {
    cleanups.push(undo);
  };
  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  return { onCleanup, tempDir };
}
