/**
 * The worker thread of db/background-checkpoints.ts: its own connection to the database file,
 * checkpointing the WAL every `everyMs` without taking the write lock (PASSIVE). It reports each
 * checkpoint that copied pages, and closes its connection when told to stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export type CheckpointReport = { log: number; checkpointed: number };

const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new Database(file, { fileMustExist: true });

const timer = setInterval(() => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    if (result && result.checkpointed > 0) parentPort!.postMessage({ log: result.log, checkpointed: result.checkpointed } satisfies CheckpointReport);
  } catch (error) {
    parentPort!.postMessage({ error: (error as Error).message });
  }
}, everyMs);

parentPort!.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
