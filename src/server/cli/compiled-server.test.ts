import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../../test/server-process.js';
import { ensureServerBuild } from './client-build.js';

// `npm start` and the service run the server compiled into dist-server/ (decision 195): the same
// pages and the same worker threads as the TypeScript the tests run, with no tsx in the process.
describe('the compiled server', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compiled-server-'));
  let server: ServerProcess | null = null;
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with plain Node, draws a public page and runs its worker threads from compiled files', async () => {
    await ensureServerBuild(() => {});
    server = await spawnServer({ DATA_DIR: dir, UPI_ID: 'marathisuccess@okaxis', LOG_LEVEL: 'debug' }, [], { compiled: true });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const page = await fetch(`${server.url}/packages?lang=en`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // The checkpoint worker reports each checkpoint at debug level; a worker that failed to load says so.
    await expect.poll(() => server!.output(), { timeout: 5000 }).toMatch(/WAL checkpointed/);
    expect(server.output()).not.toMatch(/worker (stopped|failed)/);
    expect(server.output()).not.toMatch(/tsx/);
  }, 60_000);
});
