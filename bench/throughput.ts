/**
 * Hot reads against the physical limit: the same JSON answered by a bare Fastify server from
 * memory and by the product, side by side in one run, with autocannon at a fixed concurrency.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../src/server/serve-client.js';
import { request, watchMemory } from './measure.js';

export const CONNECTIONS = 16;
export const DURATION_SECONDS = 8;
/** Each server answers this long first, unmeasured, so that both are measured with their code compiled hot. */
export const WARMUP_SECONDS = 2;
export const THROUGHPUT_BUDGET = 0.5;

export type HotRead = { name: string; path: string; auth: boolean };

export const hotReads: HotRead[] = [
  { name: 'rest-course-all', path: '/api/course/all', auth: false },
  { name: 'rest-leaderboard', path: '/api/leaderboard', auth: true },
  { name: 'rest-user-me', path: '/api/user/me', auth: true },
  { name: 'trpc-catalog-list', path: `/trpc/catalog.list?batch=1&input=${encodeURIComponent('{}')}`, auth: false },
  { name: 'trpc-leaderboard', path: `/trpc/affiliate.leaderboard?batch=1&input=${encodeURIComponent('{"0":{"period":"all"}}')}`, auth: true },
  { name: 'trpc-profile', path: `/trpc/auth.profile?batch=1&input=${encodeURIComponent('{}')}`, auth: true },
];

export type ThroughputRow = {
  name: string;
  path: string;
  bare: { rps: number; p50: number; p99: number };
  product: { rps: number; p50: number; p99: number; non2xx: number };
  ratio: number;
  pass: boolean;
};

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

function startBare(payloadFile: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'bench/bare-server.ts'), payloadFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = chunk.toString().match(/(http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve({ url: match[1]!, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`The bare server exited (${code})`)));
  });
}

export async function measureThroughput(server: { url: string; pid: number }, token: string) {
  const headersFor = (read: HotRead): Record<string, string> => (read.auth ? { token } : {});
  const payloads: Record<string, unknown> = {};
  for (const read of hotReads) payloads[read.name] = await request(server.url + read.path, { headers: headersFor(read) });
  const payloadFile = path.join(await mkdtemp(path.join(tmpdir(), 'bench-bare-')), 'payloads.json');
  await writeFile(payloadFile, JSON.stringify(payloads));
  const bare = await startBare(payloadFile);

  const stopWatching = watchMemory(server.pid);
  const rows: ThroughputRow[] = [];
  try {
    for (const read of hotReads) {
      const bareResult = await load(`${bare.url}/${read.name}`, {});
      const product = await load(server.url + read.path, headersFor(read));
      const ratio = Math.round((product.rps / bareResult.rps) * 100) / 100;
      rows.push({
        name: read.name,
        path: read.path.split('?')[0]!,
        bare: { rps: bareResult.rps, p50: bareResult.p50, p99: bareResult.p99 },
        product,
        ratio,
        pass: ratio >= THROUGHPUT_BUDGET && product.non2xx === 0,
      });
    }
  } finally {
    bare.stop();
  }
  return { rows, peakRssMb: stopWatching() };
}
