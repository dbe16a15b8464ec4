import { execFile } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../test/cleanups.js';
import { createPackage, createUser, createUserWithToken } from '../test/factories.js';
import { expectLedgerInvariants } from '../test/ledger-invariants.js';
import { failToStart, spawnServer, type ServerProcess } from '../test/server-process.js';
import { databaseFile, openDatabase, type Db } from './db/client.js';
import { orders } from './db/schema.js';
import { bookCommission } from './features/affiliate/ledger.service.js';
import { projectRoot } from './http/serve-client.js';

const run = promisify(execFile);
const { onCleanup, tempDir } = cleanupsPerTest();

function track(server: ServerProcess) {
  onCleanup(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

async function mountTmpfs(dir: string, size: string) {
  await run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  onCleanup(() => run('umount', ['-l', dir]));
}

let utr = 300_000_000_000;

function pendingOrder(db: Db, userId: number, packageId: number, amountPaise: number, referrerId: number | null) {
  utr += 1;
  return db
    .insert(orders)
    .values({ userId, packageId, amountPaise, utr: String(utr), referrerId, buyerName: 'B', buyerEmail: 'b@example.com', createdAt: Date.now() })
    .returning()
    .get();
}

describe('start-up faults', () => {
  it('stops with a clear message when the data folder is read-only', async () => {
    const dir = await tempDir('ro-data-');
    await mountTmpfs(dir, '4m');
    await run('mount', ['-o', 'remount,ro', dir]);
    const result = await failToStart({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`DATA_DIR ${dir} is read-only`);
  });

  it('stops with a clear message when the disk is full', async () => {
    const dir = await tempDir('full-data-');
    await mountTmpfs(dir, '64k');
    const result = await failToStart({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`DATA_DIR ${dir} is on a full disk`);
  });
});

describe('shutdown and crashes', () => {
  it('finishes a request in flight on SIGTERM, then exits cleanly', async () => {
    const dataDir = await tempDir('sigterm-');
    const server = track(await spawnServer({ DATA_DIR: dataDir }));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' });
    const { request } = await import('node:http');
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}/api/user/login`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      // Half the body now, SIGTERM, the rest a moment later: the request is in flight during shutdown.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 100);
    });
    expect(await answer).toBe(401);
    expect(await server.exited).toBe(0);
  });

  it('keeps every acknowledged approval and payout exactly once when killed in the middle of a burst', async () => {
    const dataDir = await tempDir('sigkill-');
    const db = openDatabase(databaseFile(dataDir));
    const admin = await createUserWithToken(db, { role: 'admin' });
    const sponsor = await createUser(db);
    const pkg = createPackage(db, { pricePaise: 1_000_00, commissionPaise: 100_00 });
    const pending: number[] = [];
    for (let i = 0; i < 150; i += 1) {
      const buyer = await createUser(db, { sponsorId: sponsor.id });
      pending.push(pendingOrder(db, buyer.id, pkg.id, pkg.pricePaise, sponsor.id).id);
    }
    const earners: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const earner = await createUser(db);
      const buyer = await createUser(db, { sponsorId: earner.id });
      const order = pendingOrder(db, buyer.id, pkg.id, pkg.pricePaise, earner.id);
      db.transaction((tx) => {
        tx.update(orders).set({ status: 'approved', decidedBy: admin.user.id, decidedAt: Date.now() }).where(sql`id = ${order.id}`).run();
        bookCommission(tx, { userId: earner.id, orderId: order.id, amountPaise: 100_00, now: Date.now() });
      });
      earners.push(earner.email);
    }
    db.$client.close();

    const server = track(await spawnServer({ DATA_DIR: dataDir }));
    const headers = { 'content-type': 'application/json', token: admin.token };
    const approved: number[] = [];
    const payouts: number[] = [];
    const jobs = [
      ...pending.map((orderId) => async () => {
        const res = await fetch(`${server.url}/approve`, { method: 'POST', headers, body: JSON.stringify({ orderId, action: 'approve' }) });
        if (res.status === 200) approved.push(orderId);
      }),
      ...earners.flatMap((email) =>
        Array.from({ length: 5 }, () => async () => {
          const res = await fetch(`${server.url}/api/admin/sendMail`, { method: 'POST', headers, body: JSON.stringify({ email, amount: 10 }) });
          if (res.status === 200) payouts.push(Number(((await res.json()) as { payout: { _id: string } }).payout._id));
        }),
      ),
    ].sort(() => Math.random() - 0.5);

    let killed = false;
    const worker = async () => {
      while (jobs.length && !killed) {
        const job = jobs.pop()!;
        await job().catch(() => undefined);
        if (!killed && approved.length + payouts.length >= 120) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await server.exited;
    expect(killed).toBe(true);
    expect(approved.length + payouts.length).toBeGreaterThanOrEqual(120);

    const after = openDatabase(databaseFile(dataDir));
    try {
      expectLedgerInvariants(after);
      for (const orderId of approved) {
        const row = after.get<{ status: string; lines: number; owned: number }>(sql`
          select o.status as status,
                 (select count(*) from ledger where order_id = o.id and kind = 'commission') as lines,
                 (select count(*) from enrollments where order_id = o.id) as owned
          from orders o where o.id = ${orderId}`)!;
        expect(row).toEqual({ status: 'approved', lines: 1, owned: 1 });
      }
      for (const id of payouts) {
        expect(after.get<{ n: number }>(sql`select count(*) as n from ledger where id = ${id} and kind = 'payout'`)!.n).toBe(1);
      }
    } finally {
      after.$client.close();
    }

    const restarted = track(await spawnServer({ DATA_DIR: dataDir }));
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
  });
});

describe('backups', () => {
  it('copy the database while the server takes writes, and the copy restores with every write acknowledged before it', async () => {
    const dataDir = await tempDir('backup-');
    const db = openDatabase(databaseFile(dataDir));
    const buyers = [];
    for (let i = 0; i < 60; i += 1) buyers.push(await createUserWithToken(db));
    const pkg = createPackage(db, { pricePaise: 500_00 });
    db.$client.close();

    const server = track(await spawnServer({ DATA_DIR: dataDir, UPI_ID: 'shop@okaxis' }));
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      let i = 0;
      while (writing && i < buyers.length) {
        const buyer = buyers[i]!;
        i += 1;
        const res = await fetch(`${server.url}/api/course/purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: buyer.token },
          body: JSON.stringify({ name: 'B', email: buyer.user.email, courseId: pkg.id, transactionId: String(400_000_000_000 + i) }),
        });
        if (res.status === 200) acknowledged.push({ id: ((await res.json()) as { order: { _id: string } }).order._id, at: Date.now() });
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 300));
    const backupFile = path.join(await tempDir('backup-out-'), 'copy.db');
    const startedAt = Date.now();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', backupFile], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(stdout).toMatch(/integrity ok/);
    writing = false;
    await writer;
    const before = acknowledged.filter((write) => write.at < startedAt);
    expect(before.length).toBeGreaterThan(0);

    // The restore procedure of docs/operations.md (Backups and restore): a new data folder with the copy as app.db, then start.
    const restoredDir = await tempDir('restored-');
    await mkdir(restoredDir, { recursive: true });
    await copyFile(backupFile, path.join(restoredDir, 'app.db'));
    const restored = openDatabase(databaseFile(restoredDir));
    try {
      expect(restored.$client.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(restored.all<{ id: number }>(sql`select id from orders`).map((row) => String(row.id)));
      for (const write of before) expect(ids.has(write.id)).toBe(true);
    } finally {
      restored.$client.close();
    }
    const again = track(await spawnServer({ DATA_DIR: restoredDir }));
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  });
});
