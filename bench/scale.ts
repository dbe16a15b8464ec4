/**
 * Reads and writes at business scale: 100,000 users, 200,000 orders and 1,000,000 ledger lines,
 * timed one request after another through the real server.
 */
import { statSync } from 'node:fs';
import { databaseFile, openDatabase } from '../src/server/db/client.js';
import { spawnServer } from '../src/test/server-process.js';
import { request, RUNS, spreadOf, timeSequential, type Spread, type Timing } from './measure.js';
import { fillScaleData, type ScaleOptions } from './scale-data.js';

export const SCALE_P95_BUDGET_MS = 10;
const N = 300;
const COLD = 20;

export type ScaleReport = {
  fill: { ms: number; counts: Record<string, number>; databaseMb: number };
  /** Each read's p50, p95 and p99: medians of RUNS passes, each on a freshly started server (nothing kept in memory yet). */
  reads: { name: string; p50: Spread; p95: Spread; p99: Spread; pass: boolean; budgeted: boolean }[];
};

const trpc = (path: string, input: unknown) => `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

export async function measureScale(dataDir: string, options: ScaleOptions): Promise<ScaleReport> {
  const db = openDatabase(databaseFile(dataDir));
  const data = await fillScaleData(db, options);
  db.$client.close();
  const databaseMb = Math.round((statSync(databaseFile(dataDir)).size / 1024 / 1024) * 10) / 10;

  const passes: { name: string; timing: Timing; budgeted: boolean }[][] = [];
  const pending = [...data.pendingOrderIds];
  for (let pass = 0; pass < RUNS; pass += 1) passes.push(await onePass(dataDir, data, pending));
  const reads = passes[0]!.map((read, index) => {
    const timings = passes.map((one) => one[index]!.timing);
    const p95 = spreadOf(
      timings.map((timing) => timing.p95),
      2,
    );
    return {
      name: read.name,
      p50: spreadOf(
        timings.map((timing) => timing.p50),
        2,
      ),
      p95,
      p99: spreadOf(
        timings.map((timing) => timing.p99),
        2,
      ),
      budgeted: read.budgeted,
      pass: !read.budgeted || p95.median < SCALE_P95_BUDGET_MS,
    };
  });
  return { fill: { ms: data.ms, counts: data.counts, databaseMb }, reads };
}

async function onePass(
  dataDir: string,
  data: Awaited<ReturnType<typeof fillScaleData>>,
  pending: number[],
): Promise<{ name: string; timing: Timing; budgeted: boolean }[]> {
  const server = await spawnServer({ DATA_DIR: dataDir });
  try {
    const get = (path: string, token: string) => request(server.url + path, { headers: { token } });
    const reads: { name: string; timing: Timing; budgeted: boolean }[] = [];
    const add = (name: string, timing: Timing, budgeted = true) => reads.push({ name, timing, budgeted });
    const earner = (i: number) => i % data.earnerTokens.length;

    add(
      'earnings cards (dashboard)',
      await timeSequential(N, (i) => get(trpc('affiliate.dashboard', { userId: data.earnerIds[earner(i)] }), data.earnerTokens[earner(i)]!)),
    );
    add('leaderboard, all time', await timeSequential(N, (i) => get('/api/leaderboard', data.earnerTokens[earner(i)]!)));
    add('leaderboard, this week', await timeSequential(N, (i) => get(trpc('affiliate.leaderboard', { period: 'week' }), data.earnerTokens[earner(i)]!)));
    add('leaderboard, this month', await timeSequential(N, (i) => get(trpc('affiliate.leaderboard', { period: 'month' }), data.earnerTokens[earner(i)]!)));
    add('affiliate list', await timeSequential(N, (i) => get('/api/affiliates', data.sponsorTokens[i % data.sponsorTokens.length]!)));
    add('pending orders, a page (the admin screen)', await timeSequential(N, () => get('/api/admin/pending-orders?page=1', data.adminToken)));
    const approveNext = () =>
      request(`${server.url}/approve`, {
        method: 'POST',
        headers: { token: data.adminToken, 'content-type': 'application/json' },
        body: JSON.stringify({ orderId: pending.pop(), action: 'approve' }),
      });
    // The first approvals of a fresh process run before V8 has compiled their code: reported apart,
    // and the budget is the server that has been running.
    add(`approval, the first ${COLD} after start`, await timeSequential(COLD, approveNext), false);
    add('approval', await timeSequential(Math.min(N, pending.length - 10), approveNext));
    // What a legacy client asks (no page): the whole list, up to its cap of 5,000. Reported, after the approvals, so its large answers do not weigh on them.
    add(
      'pending orders, the whole list (legacy client, up to 5,000)',
      await timeSequential(10, () => get('/api/admin/pending-orders', data.adminToken)),
      false,
    );
    return reads;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}
