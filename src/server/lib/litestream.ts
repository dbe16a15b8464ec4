import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The Litestream binary: the one the optional npm package `@flydotio/litestream-linux-x64` ships
 * (Litestream 0.3.13, installed by `npm ci` on Linux x64), else `litestream` from the PATH (the
 * release .deb a server installs, docs/deploy.md).
 */
export function litestreamBinary(): string {
  try {
    const manifest = createRequire(import.meta.url).resolve('@flydotio/litestream-linux-x64/package.json');
    const binary = path.join(path.dirname(manifest), 'litestream');
    if (existsSync(binary)) return binary;
  } catch {
    // Not installed here (another platform): the PATH's.
  }
  return 'litestream';
}

/** Where a restore comes from: Litestream's config file (with the database's path), or a replica URL. */
export type ReplicaSource = { config: string; database: string } | { url: string };

/**
 * Restores the newest state of a replica into `output` (a file that must not exist yet) with
 * `litestream restore`, and answers how long it took. Settings the config names (`${VAR}`) come
 * from `env`.
 */
export async function restoreFromReplica(source: ReplicaSource, output: string, env: NodeJS.ProcessEnv = process.env): Promise<{ ms: number }> {
  const args = 'config' in source ? ['restore', '-config', source.config, '-o', output, source.database] : ['restore', '-o', output, source.url];
  const started = performance.now();
  await run(litestreamBinary(), args, { env });
  return { ms: Math.round(performance.now() - started) };
}
