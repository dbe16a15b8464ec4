/** Small measuring tools shared by the benchmark's parts. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export type Timing = { p50: number; p95: number; p99: number; n: number };

export function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), n: sorted.length };
}

/** Times `call` n times in a row (after a few warm-up calls). */
export async function timeSequential(n: number, call: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 5; i += 1) await call(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    await call(i);
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

/** Resident memory of a process in MB, read from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Samples a process's memory every 100 ms until stopped; answers the peak. */
export function watchMemory(pid: number): () => number {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The process ended.
    }
  }, 100);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** A GET or POST that must succeed; answers the parsed JSON. */
export async function request(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** The median of some runs and their spread (lowest and highest), for figures measured more than once. */
export type Spread = { median: number; min: number; max: number; runs: number[] };

export function spreadOf(runs: number[], digits = 0): Spread {
  const sorted = [...runs].sort((a, b) => a - b);
  const factor = 10 ** digits;
  const round = (value: number) => Math.round(value * factor) / factor;
  const middle = sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  return { median: round(middle), min: round(sorted[0]!), max: round(sorted[sorted.length - 1]!), runs: runs.map(round) };
}

/** "1,234 (1,200–1,260)": a median with its spread, Indian digit grouping. */
export function showSpread(spread: Spread, unit = ''): string {
  const show = (value: number) => `${value.toLocaleString('en-IN')}${unit}`;
  return spread.min === spread.max ? show(spread.median) : `${show(spread.median)} (${show(spread.min)}–${show(spread.max)})`;
}

/** How many times each figure is measured (its median is reported); `BENCH_RUNS` changes it for a quick look. */
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/**
 * Pins a process, all its threads, to these cores (`taskset -a -p -c`); answers whether it could.
 * The load generator on one core and the server measured on the other keep them from taking
 * each other's time, so a figure moves less from run to run.
 */
export function pinProcess(pid: number, cores: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
