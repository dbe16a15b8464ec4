/**
 * How long a restore from Litestream's replica takes for the bench's business-scale database
 * (1,00,000 learners, 2,00,000 orders, 10,00,000 ledger lines, as bench/scale.ts fills it):
 * the database is filled, Litestream (deploy/litestream.yml) replicates it to a file replica
 * (its snapshot and WAL), is stopped, and `litestream restore` writes a new database from the
 * replica, which is then checked. Prints the figures for docs/deploy.md ("How big a box").
 *
 *   node --import tsx bench/litestream-restore.ts [users] [orders] [ledgerLines]
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { databaseFile, openDatabase } from '../src/server/db/client.js';
import { projectRoot } from '../src/server/http/serve-client.js';
import { litestreamBinary, restoreFromReplica } from '../src/server/lib/litestream.js';
import { fillScaleData } from './scale-data.js';

const run = promisify(execFile);
const [users = '100000', orders = '200000', ledgerLines = '1000000'] = process.argv.slice(2);
const megabytes = (file: string) => Math.round((statSync(file).size / 1024 / 1024) * 10) / 10;

const root = mkdtempSync(path.join(tmpdir(), 'bench-litestream-'));
try {
  const dataDir = path.join(root, 'data');
  const db = openDatabase(databaseFile(dataDir));
  const filled = await fillScaleData(db, { users: Number(users), orders: Number(orders), ledgerLines: Number(ledgerLines) });
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  console.log(`Filled ${JSON.stringify(filled.counts)} in ${(filled.ms / 1000).toFixed(1)} s; the database is ${megabytes(databaseFile(dataDir))} MB.`);

  const env = { ...process.env, DATA_DIR: dataDir, LITESTREAM_REPLICA_URL: `file://${path.join(root, 'replica')}` };
  const replicating = spawn(litestreamBinary(), ['replicate', '-config', path.join(projectRoot, 'deploy', 'litestream.yml')], { env, stdio: 'ignore' });
  const replicateStarted = performance.now();
  // The first snapshot is the whole database: wait until the replica holds one.
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { stdout } = await run(litestreamBinary(), ['snapshots', env.LITESTREAM_REPLICA_URL]).catch(() => ({ stdout: '' }));
    if (stdout.trim().split('\n').length > 1) break;
  }
  const snapshotMs = Math.round(performance.now() - replicateStarted);
  replicating.kill('SIGTERM');
  await new Promise((resolve) => replicating.once('exit', resolve));

  const restored = path.join(root, 'restored', 'app.db');
  const { ms } = await restoreFromReplica({ url: env.LITESTREAM_REPLICA_URL }, restored, env);
  const copy = new Database(restored, { readonly: true });
  const integrity = copy.pragma('integrity_check', { simple: true });
  const restoredUsers = (copy.prepare('select count(*) as n from users').get() as { n: number }).n;
  copy.close();
  if (integrity !== 'ok' || restoredUsers !== filled.counts.users)
    throw new Error(`The restored database is not whole: ${String(integrity)}, ${restoredUsers} users`);
  console.log(
    `Litestream's first snapshot to the file replica took ${(snapshotMs / 1000).toFixed(1)} s (within 0.5 s); ` +
      `litestream restore wrote the ${megabytes(restored)} MB database in ${(ms / 1000).toFixed(1)} s (integrity ok, ${restoredUsers} users).`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
