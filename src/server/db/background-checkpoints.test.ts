import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointInBackground, leaveCheckpointsToLitestream, LITESTREAM_BACKSTOP_PAGES } from './background-checkpoints.js';
import { databaseFile, openDatabase } from './client.js';

const dirs: string[] = [];
afterEach(async () => {
  while (dirs.length) await rm(dirs.pop()!, { recursive: true, force: true });
});

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe('checkpoints in the background', () => {
  it('copy the WAL into the database from a worker thread, while the server’s own commits leave it to the worker', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'checkpoints-'));
    dirs.push(dir);
    const db = openDatabase(databaseFile(dir));
    const { log, lines } = captureLog();
    const checkpoints = checkpointInBackground(db.$client, { everyMs: 20, log });
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);

    db.$client.exec('create table filler (body blob)');
    const insert = db.$client.prepare('insert into filler (body) values (randomblob(4000))');
    // One commit of about 1,500 pages, past SQLite's own checkpoint threshold (1,000).
    db.$client.transaction(() => {
      for (let row = 0; row < 1500; row += 1) insert.run();
    })();

    await expect.poll(() => lines.find((line) => line.msg === 'WAL checkpointed' && (line.checkpointed as number) >= 1000), { timeout: 10_000 }).toBeDefined();
    expect(lines.filter((line) => (line.level as number) >= 40)).toEqual([]);

    await checkpoints.stop();
    expect(db.$client.prepare('select count(*) from filler').pluck().get()).toBe(1500);
    db.$client.close();
  });

  it('are left to Litestream when it replicates: the server keeps only a backstop far past where Litestream checkpoints', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'checkpoints-'));
    dirs.push(dir);
    const db = openDatabase(databaseFile(dir));
    const { log, lines } = captureLog();
    leaveCheckpointsToLitestream(db.$client, log);
    // Litestream 0.3.13 checkpoints at 1,000 pages and forces one at 10,000 (max-checkpoint-page-count).
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(LITESTREAM_BACKSTOP_PAGES);
    expect(LITESTREAM_BACKSTOP_PAGES).toBeGreaterThan(10_000);

    db.$client.exec('create table filler (body blob)');
    const insert = db.$client.prepare('insert into filler (body) values (randomblob(4000))');
    db.$client.transaction(() => {
      for (let row = 0; row < 1500; row += 1) insert.run();
    })();
    // Past SQLite's own 1,000-page threshold, nothing was copied back: the WAL is Litestream's to checkpoint.
    const [frames] = db.$client.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[];
    expect(frames).toMatchObject({ checkpointed: 0 });
    expect(frames!.log).toBeGreaterThan(1000);
    expect(lines.map((line) => line.msg)).toContain('WAL checkpoints left to Litestream (WAL_CHECKPOINTS=litestream)');
    db.$client.close();
  });
});
