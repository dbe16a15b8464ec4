/**
 * Hot reads against the physical limit: the same JSON answered by a bare Fastify server from
 * memory and by the product, side by side, with autocannon at a fixed concurrency, each server
 * pinned to core 1 while autocannon runs on core 0. Each read is
 * measured RUNS times (bare, then product, each run); the report gives the medians and spreads,
 * and the ratio is the median of the runs' ratios.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../src/server/http/serve-client.js';
import { pinProcess, request, RUNS, spreadOf, watchMemory, type Spread } from './measure.js';

export const CONNECTIONS = 16;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** Each server answers this long first, unmeasured, so that both are measured with their code compiled hot. */
export const WARMUP_SECONDS = 1;

export type HotRead = { name: string; path: string; auth: boolean };

export function hotReads(earnerId: number): HotRead[] {
  return [
    { name: 'rest-course-all', path: '/api/course/all', auth: false },
    { name: 'rest-leaderboard', path: '/api/leaderboard', auth: true },
    { name: 'rest-user-me', path: '/api/user/me', auth: true },
    { name: 'trpc-catalog-list', path: `/trpc/catalog.list?batch=1&input=${encodeURIComponent('{}')}`, auth: false },
    { name: 'trpc-leaderboard', path: `/trpc/affiliate.leaderboard?batch=1&input=${encodeURIComponent('{"0":{"period":"all"}}')}`, auth: true },
    { name: 'trpc-profile', path: `/trpc/auth.profile?batch=1&input=${encodeURIComponent('{}')}`, auth: true },
    { name: 'trpc-me', path: `/trpc/auth.me?batch=1&input=${encodeURIComponent('{}')}`, auth: true },
    {
      name: 'trpc-dashboard',
      path: `/trpc/affiliate.dashboard?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { userId: String(earnerId) } }))}`,
      auth: true,
    },
  ];
}

/** The reads of a signed-in learner: their ratio to bare Fastify is reported beside the mixed traffic's p95. */
export const signedInReads = (earnerId: number) =>
  hotReads(earnerId)
    .filter((read) => read.auth)
    .map((read) => read.name);

export type ThroughputRow = {
  name: string;
  path: string;
  bare: { rps: Spread; p99: Spread };
  product: { rps: Spread; p50: Spread; p99: Spread; non2xx: number };
  ratio: Spread;
  pass: boolean;
};

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

function startBare(payloadFile: string): Promise<{ url: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'bench/bare-server.ts'), payloadFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = chunk.toString().match(/(http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve({ url: match[1]!, pid: child.pid!, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`The bare server exited (${code})`)));
  });
}

export async function measureThroughput(server: { url: string; pid: number }, token: string, earnerId: number, only?: string[]) {
  const reads = hotReads(earnerId).filter((read) => !only || only.includes(read.name));
  const headersFor = (read: HotRead): Record<string, string> => (read.auth ? { token } : {});
  const payloads: Record<string, unknown> = {};
  for (const read of reads) payloads[read.name] = await request(server.url + read.path, { headers: headersFor(read) });
  const payloadFile = path.join(await mkdtemp(path.join(tmpdir(), 'bench-bare-')), 'payloads.json');
  await writeFile(payloadFile, JSON.stringify(payloads));
  const bare = await startBare(payloadFile);

  // Both servers on core 1, one after the other; autocannon (this process) on core 0.
  pinProcess(bare.pid, '1');
  pinProcess(server.pid, '1');
  pinProcess(process.pid, '0');
  const stopWatching = watchMemory(server.pid);
  const rows: ThroughputRow[] = [];
  try {
    for (const read of reads) {
      const bareRuns: Awaited<ReturnType<typeof load>>[] = [];
      const productRuns: Awaited<ReturnType<typeof load>>[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        bareRuns.push(await load(`${bare.url}/${read.name}`, {}));
        productRuns.push(await load(server.url + read.path, headersFor(read)));
      }
      const ratio = spreadOf(
        productRuns.map((product, run) => product.rps / bareRuns[run]!.rps),
        2,
      );
      const non2xx = productRuns.reduce((sum, run) => sum + run.non2xx, 0);
      rows.push({
        name: read.name,
        path: read.path.split('?')[0]!,
        bare: { rps: spreadOf(bareRuns.map((run) => run.rps)), p99: spreadOf(bareRuns.map((run) => run.p99)) },
        product: {
          rps: spreadOf(productRuns.map((run) => run.rps)),
          p50: spreadOf(productRuns.map((run) => run.p50)),
          p99: spreadOf(productRuns.map((run) => run.p99)),
          non2xx,
        },
        ratio,
        // Reported, not budgeted (DESIGN.md, issue 37, which replaced "at half of bare Fastify"): only an error answer fails.
        pass: non2xx === 0,
      });
    }
  } finally {
    bare.stop();
    pinProcess(server.pid, '0,1');
    pinProcess(process.pid, '0,1');
  }
  return { rows, peakRssMb: stopWatching() };
}
