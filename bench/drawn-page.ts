/**
 * A package page drawn on the server (issue 37: p95 under DRAWN_P95_BUDGET_MS). The page is drawn
 * for each new address and language, then kept (http/serve-client.ts), so both are timed: the kept
 * page (the same address again) and a page drawn afresh (a sponsor's link with a new `?ref=` each
 * time, so nothing is kept for it). Each one after another (one request at a time, from a phone's
 * view: the server's own time), and with DRAWN_CONNECTIONS requests at once for DRAWN_SECONDS
 * (autocannon), the server pinned to core 1 and this process to core 0, as for mixed traffic.
 * Pages are asked for as a browser does (Accept: text/html, gzip and Brotli accepted), in English
 * and Marathi by turns.
 */
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { pinProcess, spreadOf, summarise, timeSequential, type Spread, type Timing } from './measure.js';

export const DRAWN_P95_BUDGET_MS = 15;
export const DRAWN_CONNECTIONS = 4;
const DRAWN_SECONDS = Number(process.env.BENCH_DRAWN_SECONDS ?? 10);
const SEQUENTIAL_REQUESTS = 300;

const headers = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };

export type DrawnRow = { name: string; kept: boolean; concurrent: boolean; timing: Spread; p50: Spread; n: number; pass: boolean };

let sponsor = 0;
/** A sponsor's link never asked for before: the page is drawn for it. */
const freshPath = (packageId: number, i: number) => {
  sponsor += 1;
  return `/course/${packageId}?ref=BENCH${process.pid}x${sponsor}&lang=${i % 2 ? 'mr' : 'en'}`;
};
const keptPath = (packageId: number, i: number) => `/course/${packageId}?lang=${i % 2 ? 'mr' : 'en'}`;

async function get(url: string): Promise<void> {
  const answer = await fetch(url, { headers });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
}

async function concurrent(url: string, path: (i: number) => string): Promise<Timing & { refused: number }> {
  const latencies: number[] = [];
  let refused = 0;
  let i = 0;
  const instance = autocannon({
    url,
    connections: DRAWN_CONNECTIONS,
    duration: DRAWN_SECONDS,
    headers,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          i += 1;
          return { ...req, path: path(i) };
        },
      },
    ] as never,
  }) as unknown as EventEmitter & PromiseLike<unknown>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (status !== 200) refused += 1;
  });
  await instance;
  return { ...summarise(latencies), refused };
}

export async function measureDrawnPage(server: { url: string; pid: number }, packageId: number, runs: number): Promise<DrawnRow[]> {
  pinProcess(server.pid, '1');
  pinProcess(process.pid, '0');
  const shapes = [
    { name: 'kept page, one at a time', kept: true, concurrent: false },
    { name: 'drawn afresh (new ?ref=), one at a time', kept: false, concurrent: false },
    { name: `kept page, ${DRAWN_CONNECTIONS} at once`, kept: true, concurrent: true },
    { name: `drawn afresh (new ?ref=), ${DRAWN_CONNECTIONS} at once`, kept: false, concurrent: true },
  ];
  const rows: DrawnRow[] = [];
  try {
    for (const shape of shapes) {
      const path = (i: number) => (shape.kept ? keptPath(packageId, i) : freshPath(packageId, i));
      const results: (Timing & { refused: number })[] = [];
      for (let run = 0; run < runs; run += 1) {
        if (shape.concurrent) results.push(await concurrent(server.url, path));
        else results.push({ ...(await timeSequential(SEQUENTIAL_REQUESTS, (i) => get(server.url + path(i)))), refused: 0 });
      }
      const timing = spreadOf(
        results.map((result) => result.p95),
        1,
      );
      rows.push({
        ...shape,
        timing,
        p50: spreadOf(
          results.map((result) => result.p50),
          1,
        ),
        n: results.reduce((sum, result) => sum + result.n, 0),
        pass: timing.median < DRAWN_P95_BUDGET_MS && results.every((result) => result.refused === 0),
      });
    }
  } finally {
    pinProcess(server.pid, '0,1');
    pinProcess(process.pid, '0,1');
  }
  return rows;
}
