/** Lighthouse, mobile with its default throttling, run with Debian's Chromium (TOOLCHAIN.md). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const LIGHTHOUSE_BUDGET = 95;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type LighthouseResult = { url: string; scores: Record<(typeof categories)[number], number>; pass: boolean; error?: string };

export async function runLighthouse(url: string): Promise<LighthouseResult> {
  try {
    const { stdout } = await run(
      'npx',
      [
        '--yes',
        'lighthouse@12.8.2',
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--only-categories=${categories.join(',')}`,
        '--chrome-path=/usr/lib/chromium/chromium',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    const report = JSON.parse(stdout) as { categories: Record<string, { score: number | null }> };
    const scores = Object.fromEntries(categories.map((name) => [name, Math.round((report.categories[name]?.score ?? 0) * 100)])) as LighthouseResult['scores'];
    return { url, scores, pass: categories.every((name) => scores[name] >= LIGHTHOUSE_BUDGET) };
  } catch (error) {
    const scores = Object.fromEntries(categories.map((name) => [name, 0])) as LighthouseResult['scores'];
    return { url, scores, pass: false, error: (error as Error).message.split('\n')[0] };
  }
}
