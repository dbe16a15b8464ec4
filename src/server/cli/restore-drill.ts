/**
 * `npm run restore-drill -- BACKUP_FOLDER`: proves a backup can be restored, without touching the
 * live site. It copies the backup (app.db and uploads/, as deploy/nightly-backup.sh writes them)
 * into a temporary data folder, checks the database's integrity, starts the app on it on a free
 * loopback port (which applies any newer migrations, as a real restore would), asks it for
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

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder) fail('Usage: npm run restore-drill -- BACKUP_FOLDER (a folder holding app.db and uploads/)');
  const source = path.resolve(folder);
  const backupDb = path.join(source, 'app.db');
  if (!(await stat(backupDb).catch(() => null))?.isFile()) fail(`${backupDb} does not exist.`);

  const environment = readEnvironment();
  let liveKeyFile: string;
  try {
    liveKeyFile = dataKeyFile(loadConfig(environment).dataDir);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'restore-drill-'));
  try {
    await cp(backupDb, databaseFile(dataDir));
    if (!environment.DATA_ENCRYPTION_KEY && (await stat(liveKeyFile).catch(() => null))) await cp(liveKeyFile, dataKeyFile(dataDir));
    if (await stat(path.join(source, 'uploads')).catch(() => null)) await cp(path.join(source, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });

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
    console.log(`  database integrity ok; the app started on it and answered /healthz and the catalogue`);
    console.log(`  accounts: ${held.users}; packages: ${held.packages}; orders approved: ${held.approvedOrders}, pending: ${held.pendingOrders}`);
    console.log(`  ledger lines: ${held.ledgerLines}; uploaded files: ${pictures}`);
    console.log(`  newest order: ${held.newestOrderAt === null ? 'none' : `${formatIstDateTime(held.newestOrderAt)} IST`}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
