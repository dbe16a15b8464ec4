import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../src/test/cleanups.js';
import { createPackage, createUser, createUserWithToken } from '../src/test/factories.js';
import { expectLedgerInvariants } from '../src/test/ledger-invariants.js';
import { spawnServer, type ServerProcess } from '../src/test/server-process.js';
import { databaseFile, openDatabase, type Db } from '../src/server/db/client.js';
import { orders } from '../src/server/db/schema.js';
import { bookCommission } from '../src/server/features/affiliate/ledger.service.js';
import { projectRoot } from '../src/server/http/serve-client.js';
import { litestreamBinary, restoreFromReplica } from '../src/server/lib/litestream.js';

const run = promisify(execFile);
const { onCleanup, tempDir } = cleanupsPerTest();
const shippedConfig = path.join(projectRoot, 'deploy', 'litestream.yml');
/** The shipped config's sync-interval: what the replica may lag behind the database. */
const SYNC_INTERVAL_MS = 1000;
/** Slack on top of it for a busy CI machine (Litestream notices a WAL change within its 1 s monitor interval). */
const MARGIN_MS = 1500;

function replicate(env: Record<string, string>): ChildProcess {
  const child = spawn(litestreamBinary(), ['replicate', '-config', shippedConfig], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onCleanup(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  Object.assign(child, { output: () => output });
  return child;
}

function track(server: ServerProcess) {
  onCleanup(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

let utr = 700_000_000_000;

/** Affiliates with a commission already earned, for the payouts of the burst. */
async function earnersWithCommission(db: Db, adminId: number, packageId: number, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const earner = await createUser(db);
    const buyer = await createUser(db, { sponsorId: earner.id });
    utr += 1;
    const order = db
      .insert(orders)
      .values({
        userId: buyer.id,
        packageId,
        amountPaise: 1_000_00,
        utr: String(utr),
        referrerId: earner.id,
        buyerName: 'B',
        buyerEmail: 'b@example.com',
        createdAt: Date.now(),
      })
      .returning()
      .get();
    db.transaction((tx) => {
      tx.update(orders).set({ status: 'approved', decidedBy: adminId, decidedAt: Date.now() }).where(sql`id = ${order.id}`).run();
      bookCommission(tx, { userId: earner.id, orderId: order.id, amountPaise: 100_00, now: Date.now() });
    });
    emails.push(earner.email);
  }
  return emails;
}

/** Nothing half there: every approved order carries its enrolment, receipt and at most one commission, and the kept totals match the ledger. */
function expectWholeApprovals(db: Db) {
  expectLedgerInvariants(db);
  const broken = db.all(sql`
    select o.id,
           (select count(*) from enrollments e where e.order_id = o.id) as enrolments,
           (select count(*) from receipts r where r.order_id = o.id) as receipts,
           (select count(*) from ledger l where l.order_id = o.id and l.kind = 'commission') as commissions
    from orders o where o.status = 'approved' and o.utr >= '800000000000'
    and not (enrolments = 1 and receipts = 1 and commissions = 1)`);
  expect(broken).toEqual([]);
}

describe('continuous replication with Litestream (deploy/litestream.yml)', () => {
  it('loses no approval acknowledged more than the sync interval before the box died, and restores none half there', async () => {
    const dataDir = await tempDir('litestream-data-');
    const replicaDir = await tempDir('litestream-replica-');
    const key = randomBytes(32).toString('base64');
    const db = openDatabase(databaseFile(dataDir));
    const admin = await createUserWithToken(db, { role: 'admin' });
    const sponsor = await createUser(db);
    const pkg = createPackage(db, { pricePaise: 1_000_00, commissionPaise: 100_00 });
    const buyers: Awaited<ReturnType<typeof createUserWithToken>>[] = [];
    for (let i = 0; i < 300; i += 1) buyers.push(await createUserWithToken(db, { sponsorId: sponsor.id }));
    const earners = await earnersWithCommission(db, admin.user.id, pkg.id, 20);
    db.$client.close();

    const replicaEnv = { DATA_DIR: dataDir, LITESTREAM_REPLICA_URL: `file://${replicaDir}/db` };
    const litestream = replicate(replicaEnv);
    const server = track(await spawnServer({ DATA_DIR: dataDir, UPI_ID: 'shop@okaxis', DATA_ENCRYPTION_KEY: key, WAL_CHECKPOINTS: 'litestream' }));
    expect(server.output()).toContain('WAL checkpoints left to Litestream');

    // Another writer adds about 8 MB to the WAL first, past Litestream's checkpoint threshold
    // (1,000 pages), so that Litestream checkpoints during the burst; it never checkpoints itself.
    const filler = new Database(databaseFile(dataDir), { fileMustExist: true });
    filler.pragma('busy_timeout = 5000');
    filler.pragma('wal_autocheckpoint = 0');
    filler.exec('create table bench_filler (body blob)');
    const fill = filler.prepare('insert into bench_filler (body) values (randomblob(4000))');
    filler.transaction(() => {
      for (let row = 0; row < 2000; row += 1) fill.run();
    })();
    filler.close();
    // Litestream checkpoints on its own clock (it looks at the WAL every second): wait until it has,
    // so the burst runs on after a checkpoint however fast this machine gets through it.
    const walIndexes = async () => {
      const listed = await run(litestreamBinary(), ['wal', replicaEnv.LITESTREAM_REPLICA_URL]).catch(() => ({ stdout: '' }));
      return listed.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => Number(line.trim().split(/\s+/)[2]));
    };
    const checkpointBy = Date.now() + 30_000;
    while (Math.max(0, ...(await walIndexes())) === 0 && Date.now() < checkpointBy) await new Promise((resolve) => setTimeout(resolve, 250));

    const headers = { 'content-type': 'application/json', token: admin.token };
    const approvals: { orderId: number; at: number }[] = [];
    const payouts: { id: number; at: number }[] = [];
    let crashed = false;
    const buyAndApprove = async (buyer: (typeof buyers)[number], n: number) => {
      const bought = await fetch(`${server.url}/api/course/purchase`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: buyer.token },
        body: JSON.stringify({ name: 'B', email: buyer.user.email, courseId: pkg.id, transactionId: String(800_000_000_000 + n) }),
      });
      if (bought.status !== 200) return;
      const orderId = Number(((await bought.json()) as { order: { _id: string } }).order._id);
      const approved = await fetch(`${server.url}/approve`, { method: 'POST', headers, body: JSON.stringify({ orderId, action: 'approve' }) });
      if (approved.status === 200) approvals.push({ orderId, at: Date.now() });
    };
    const payOut = async (email: string) => {
      const res = await fetch(`${server.url}/api/admin/sendMail`, { method: 'POST', headers, body: JSON.stringify({ email, amount: 10 }) });
      if (res.status === 200) payouts.push({ id: Number(((await res.json()) as { payout: { _id: string } }).payout._id), at: Date.now() });
    };
    const jobs = [...buyers.map((buyer, n) => () => buyAndApprove(buyer, n)), ...earners.flatMap((email) => [() => payOut(email), () => payOut(email)])].sort(
      () => Math.random() - 0.5,
    );
    const worker = async () => {
      while (jobs.length && !crashed) {
        await jobs.pop()!().catch(() => undefined);
        // A steady stream rather than a flood, so the crash falls among writes at any moment.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // The box dies at a random moment once the burst is well under way (however slow the machine):
    // the server and Litestream at once, then the data folder.
    const burst = Promise.all(Array.from({ length: 4 }, worker));
    while (approvals.length < 15 && jobs.length) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 3000));
    crashed = true;
    const crashAt = Date.now();
    server.child.kill('SIGKILL');
    litestream.kill('SIGKILL');
    await Promise.all([server.exited, burst]);
    await rm(dataDir, { recursive: true, force: true });
    expect(approvals.length).toBeGreaterThanOrEqual(15);

    // Replication kept one generation all along, through Litestream's own checkpoints (each one
    // starts a new WAL index): nobody else checkpointed under it.
    const generations = await run(litestreamBinary(), ['generations', replicaEnv.LITESTREAM_REPLICA_URL]);
    expect(generations.stdout.trim().split('\n').slice(1)).toHaveLength(1);
    expect(Math.max(0, ...(await walIndexes()))).toBeGreaterThan(0);

    const restoredDir = await tempDir('litestream-restored-');
    const { ms: restoreMs } = await restoreFromReplica({ config: shippedConfig, database: databaseFile(dataDir) }, databaseFile(restoredDir), {
      ...process.env,
      ...replicaEnv,
    });

    const restored = openDatabase(databaseFile(restoredDir));
    let restoredApprovals = 0;
    try {
      expectWholeApprovals(restored);
      const approvedIds = new Set(
        restored.all<{ id: number }>(sql`select id from orders where status = 'approved' and utr >= '800000000000'`).map((row) => row.id),
      );
      restoredApprovals = approvedIds.size;
      const payoutIds = new Set(restored.all<{ id: number }>(sql`select id from ledger where kind = 'payout'`).map((row) => row.id));
      const safeBefore = crashAt - SYNC_INTERVAL_MS - MARGIN_MS;
      for (const approval of approvals.filter((write) => write.at < safeBefore)) expect(approvedIds.has(approval.orderId)).toBe(true);
      for (const payout of payouts.filter((write) => write.at < safeBefore)) expect(payoutIds.has(payout.id)).toBe(true);

      // The loss window: how long before the crash the oldest lost approval was acknowledged.
      const lost = approvals.filter((write) => !approvedIds.has(write.orderId));
      const lossWindowMs = lost.length ? crashAt - Math.min(...lost.map((write) => write.at)) : 0;
      const newestKept = Math.max(...approvals.filter((write) => approvedIds.has(write.orderId)).map((write) => write.at));
      console.log(
        `Litestream replication: ${approvals.length} approvals and ${payouts.length} payouts acknowledged; ` +
          (lost.length
            ? `${lost.length} approvals lost, acknowledged at most ${lossWindowMs} ms before the crash (the loss window); `
            : `none lost (the newest, acknowledged ${crashAt - newestKept} ms before the crash, was restored); `) +
          `restore took ${restoreMs} ms.`,
      );
      expect(lossWindowMs).toBeLessThanOrEqual(SYNC_INTERVAL_MS + MARGIN_MS);
    } finally {
      restored.$client.close();
    }

    // The restore drill restores the same replica into a folder of its own and starts the app on it.
    const drill = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/restore-drill.ts', '--replica', shippedConfig], {
      cwd: projectRoot,
      env: { ...process.env, ...replicaEnv, DATA_ENCRYPTION_KEY: key },
    });
    expect(drill.stdout).toContain(`Restore drill passed for ${shippedConfig}`);
    expect(drill.stdout).toMatch(/restored from Litestream's replica in \d+\.\d s/);
    // Those of the burst, and the 20 approved before it.
    expect(drill.stdout).toMatch(new RegExp(`orders approved: ${restoredApprovals + 20}, pending: \\d+`));
  }, 120_000);
});

describe('pictures beside the replica (deploy/replicate-uploads.sh)', () => {
  it('copies new uploads to the replica place, and removes there a picture removed here', async () => {
    const dataDir = await tempDir('uploads-data-');
    const target = await tempDir('uploads-replica-');
    await mkdir(path.join(dataDir, 'uploads', 'profiles'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'profiles', 'asha.webp'), Buffer.alloc(2048, 7));
    const script = path.join(projectRoot, 'deploy', 'replicate-uploads.sh');
    const env = { ...process.env, DATA_DIR: dataDir, UPLOADS_REPLICA: `${target}/uploads` };

    const first = await run(script, [], { env });
    expect(first.stdout).toContain(`to ${target}/uploads`);
    expect(await readFile(path.join(target, 'uploads', 'profiles', 'asha.webp'))).toEqual(Buffer.alloc(2048, 7));

    // A picture removed here (an erased account's) goes from the replica too.
    await rm(path.join(dataDir, 'uploads', 'profiles', 'asha.webp'));
    await writeFile(path.join(dataDir, 'uploads', 'profiles', 'ravi.webp'), Buffer.alloc(1024, 3));
    await run(script, [], { env });
    expect(await readFile(path.join(target, 'uploads', 'profiles', 'ravi.webp'))).toEqual(Buffer.alloc(1024, 3));
    expect(await readdir(path.join(target, 'uploads', 'profiles'))).toEqual(['ravi.webp']);
  });
});
