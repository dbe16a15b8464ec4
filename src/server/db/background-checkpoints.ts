import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { siblingModule, typeScriptWorker } from '../lib/typescript-worker.js';
import type { CheckpointReport } from './checkpoint-worker.js';

/** Past this many pages in the WAL (about 40 MB) the server's own connection checkpoints anyway. */
const BACKSTOP_PAGES = 10_000;

/**
 * With Litestream replicating, the WAL only grows this far (about 200 MB) before the server's
 * connection checkpoints by itself: Litestream checkpoints at 1,000 pages and forces one at 10,000,
 * so only a stopped Litestream lets the WAL get here.
 */
export const LITESTREAM_BACKSTOP_PAGES = 50_000;

/**
 * SQLite's WAL grows with every write until a checkpoint copies it back into the database file.
 * By default the connection whose commit takes the WAL past 1,000 pages does it, inside that
 * commit, syncing the disk twice: at business scale that added 20–30 ms to one approval in
 * forty. The server hands checkpoints to a worker thread with a connection of its own, which
 * checkpoints every `everyMs` without taking the write lock, so requests never wait for the disk
 * sync. The server's connection keeps a backstop (BACKSTOP_PAGES) so the WAL stays bounded should
 * the worker stop.
 */
export function checkpointInBackground(sqlite: Database.Database, options: { everyMs?: number; log: FastifyBaseLogger }): { stop(): Promise<void> } {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const worker = typeScriptWorker(siblingModule('checkpoint-worker', import.meta.url), {
    workerData: { file: sqlite.name, everyMs: options.everyMs ?? 1000 },
  });
  worker.unref();
  worker.on('message', (message: CheckpointReport | { error: string }) => {
    if ('error' in message) options.log.warn({ err: message.error }, 'background checkpoint failed');
    else options.log.debug(message, 'WAL checkpointed');
  });
  worker.on('error', (error) => {
    options.log.error({ err: error }, 'the checkpoint worker stopped; the server checkpoints the WAL itself');
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}

/**
 * Litestream copies each WAL frame to its replica before the frames are checkpointed away, holding
 * a read transaction so that nobody else checkpoints past what it has copied, and checkpoints
 * itself. A checkpoint by anyone else in the moment it swaps that lock makes it lose its place in
 * the WAL and start a new generation (a whole new snapshot), so its guidance is that the
 * application leaves checkpoints to it (decision 147). The server then runs no checkpoint worker
 * and keeps only a far backstop, reached only when Litestream has stopped.
 */
export function leaveCheckpointsToLitestream(sqlite: Database.Database, log: FastifyBaseLogger): void {
  sqlite.pragma(`wal_autocheckpoint = ${LITESTREAM_BACKSTOP_PAGES}`);
  log.info('WAL checkpoints left to Litestream (WAL_CHECKPOINTS=litestream)');
}
