/**
 * `npm run restore-drill -- BACKUP_FOLDER`: proves a backup can be restored, without touching the
 * live site. It copies the backup (app.db and uploads/, as deploy/nightly-backup.sh writes them)
 * into a temporary data folder,
 * `npm run restore-drill -- --replica deploy/litestream.yml` (or a replica's URL, such as
 * s3://bucket/marathi-success/db) restores the database from Litestream's replica instead, with
 * `litestream restore`, and says how long that took; then the same checks. From the config, it
 * restores the database at the live DATA_DIR's path (the config's `${VAR}`s come from the
 * environment, as for Litestream itself). Either way it checks the database's integrity, starts
 * the app on it on a free loopback port (which applies any newer migrations, as a real restore would), asks it for
 * /healthz and the catalogue, and prints what the backup holds so that it can be compared with
 * the live site. No email is sent (they would go to the temporary outbox). Backups never hold the
 * data encryption key: the drill uses DATA_ENCRYPTION_KEY when it is set, else the live DATA_DIR's
 * key file (as the restored site would). Exits non-zero when any step fails.
 */
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../http/app.js';
import { ConfigError, loadConfig, readEnvironment } from '../config.js';
import { databaseFile } from '../db/client.js';
import { dataKeyFile } from '../db/seal-personal-data.js';
import { formatIstDateTime } from '../../shared/ist.js';
import { restoreFromReplica, type ReplicaSource } from '../lib/litestream.js';

const usage =
  'Usage: npm run restore-drill -- BACKUP_FOLDER (a folder holding app.db and uploads/), or npm run restore-drill -- --replica LITESTREAM_CONFIG_OR_URL';

function fail(message: string): never {
  console.error(`Restore drill FAILED: ${message}`);
  process.exit(1);
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

type Holdings = { users: number; packages: number; approvedOrders: number; pendingOrders: number; ledgerLines: number; newestOrderAt: number | null };

function holdingsOf(file: string): Holdings {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = (query: string) => (db.prepare(query).get() as { n: number }).n;
    return {
      users: count('select count(*) as n from users where deleted_at is null'),
      packages: count('select count(*) as n from packages'),
      approvedOrders: count("select count(*) as n from orders where status = 'approved'"),
      pendingOrders: count("select count(*) as n from orders where status = 'pending'"),
      ledgerLines: count('select count(*) as n from ledger'),
      newestOrderAt: (db.prepare('select max(created_at) as at from orders').get() as { at: number | null }).at,
    };
  } finally {
    db.close();
  }
}

/** A nightly backup folder, or Litestream's replica (its config file or its URL). */
type DrillSource = { folder: string } | { replica: string };

function drillSource(args: string[]): DrillSource {
  if (args[0] === '--replica') {
    if (!args[1] || args.length > 2) fail(usage);
    return { replica: args[1] };
  }
  if (!args[0] || args.length > 1) fail(usage);
  return { folder: path.resolve(args[0]) };
}

function replicaSource(replica: string, liveDataDir: string): ReplicaSource {
  if (/\.ya?ml$/.test(replica)) return { config: path.resolve(replica), database: databaseFile(liveDataDir) };
  if (/^[a-z0-9]+:\/\//.test(replica)) return { url: replica };
  fail(`--replica expects Litestream's config file (.yml) or a replica URL such as s3://bucket/path; got ${replica}`);
}

async function main(): Promise<void> {
  const from = drillSource(process.argv.slice(2));
  const environment = readEnvironment();
  let liveDataDir: string;
  try {
    liveDataDir = loadConfig(environment).dataDir;
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const liveKeyFile = dataKeyFile(liveDataDir);
  const source = 'folder' in from ? from.folder : from.replica;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'restore-drill-'));
  let restoreMs: number | null = null;
  try {
    if ('folder' in from) {
      const backupDb = path.join(from.folder, 'app.db');
      if (!(await stat(backupDb).catch(() => null))?.isFile()) fail(`${backupDb} does not exist.`);
      await cp(backupDb, databaseFile(dataDir));
      if (await stat(path.join(from.folder, 'uploads')).catch(() => null))
        await cp(path.join(from.folder, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
    } else {
      try {
        restoreMs = (await restoreFromReplica(replicaSource(from.replica, liveDataDir), databaseFile(dataDir))).ms;
      } catch (error) {
        fail(`litestream restore from ${from.replica} failed: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`);
      }
    }
    if (!environment.DATA_ENCRYPTION_KEY && (await stat(liveKeyFile).catch(() => null))) await cp(liveKeyFile, dataKeyFile(dataDir));

    const copy = new Database(databaseFile(dataDir), { readonly: true });
    const integrity = copy.pragma('integrity_check', { simple: true });
    copy.close();
    if (integrity !== 'ok') fail(`the database fails its integrity check: ${String(integrity)}`);

    let config: ReturnType<typeof loadConfig>;
    try {
      const env = { ...environment, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SMTP_URL: undefined, LOG_LEVEL: 'warn' };
      config = loadConfig(env);
    } catch (error) {
      fail(error instanceof ConfigError ? error.message : String(error));
    }
    const { app } = await buildApp(config, { logger: false });
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const health = await fetch(`${address}/healthz`);
      if (health.status !== 200) fail(`/healthz answered ${health.status}.`);
      const catalogue = await fetch(`${address}/api/course/all`);
      if (catalogue.status !== 200) fail(`/api/course/all answered ${catalogue.status}.`);
    } finally {
      await app.close();
    }

    const held = holdingsOf(databaseFile(dataDir));
    const pictures = await countFiles(path.join(dataDir, 'uploads'));
    console.log(`Restore drill passed for ${source}:`);
    if (restoreMs !== null) console.log(`  restored from Litestream's replica in ${(restoreMs / 1000).toFixed(1)} s`);
    console.log(`  database integrity ok; the app started on it and answered /healthz and the catalogue`);
    console.log(`  accounts: ${held.users}; packages: ${held.packages}; orders approved: ${held.approvedOrders}, pending: ${held.pendingOrders}`);
    console.log(`  ledger lines: ${held.ledgerLines}; uploaded files: ${'folder' in from ? pictures : 'not in the replica (they are at UPLOADS_REPLICA)'}`);
    console.log(`  newest order: ${held.newestOrderAt === null ? 'none' : `${formatIstDateTime(held.newestOrderAt)} IST`}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
