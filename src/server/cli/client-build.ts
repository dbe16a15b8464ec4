import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { clientDist, compiledServer, projectRoot, serverEntry } from '../http/serve-client.js';

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const vite = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');

function viteBuild(args: string[], failure: string): void {
  // A child process with NODE_ENV=production: inside a test run NODE_ENV is "test", and Vite
  // would then bundle React's development build.
  const result = spawnSync(process.execPath, [vite, 'build', ...args, '--logLevel', 'warn'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(failure);
}

/** Builds the web app (dist/client) and its server entry (dist/server) when either is missing or older than any of its sources. */
export async function ensureClientBuild(log: (message: string) => void = console.log): Promise<void> {
  const builtIndex = path.join(clientDist, 'index.html');
  const sources = ['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(projectRoot, p));
  const builtAt = existsSync(builtIndex) && existsSync(serverEntry) ? Math.min(statSync(builtIndex).mtimeMs, statSync(serverEntry).mtimeMs) : 0;
  if (builtAt > 0 && sources.every((source) => newestMtime(source) <= builtAt)) return;
  log(builtAt === 0 ? 'Building the web app (first start)…' : 'Sources changed: rebuilding the web app…');
  // The browser's build, then the server entry that draws the public pages (`vite build --ssr`).
  for (const ssr of [[], ['--ssr']]) viteBuild(ssr, 'Building the web app failed (see the output above).');
}

/**
 * Compiles the server into dist-server/ (vite.server.config.ts) when it is missing or older than
 * any of its sources: what `npm start` and the service run, with plain Node (decision 195).
 */
export async function ensureServerBuild(log: (message: string) => void = console.log): Promise<void> {
  const sources = ['src/server', 'src/shared', 'src/client/locales', 'vite.server.config.ts', 'package-lock.json'].map((p) => path.join(projectRoot, p));
  const builtAt = existsSync(compiledServer) ? statSync(compiledServer).mtimeMs : 0;
  if (builtAt > 0 && sources.every((source) => newestMtime(source) <= builtAt)) return;
  log(builtAt === 0 ? 'Compiling the server (first start)…' : 'Sources changed: compiling the server again…');
  viteBuild(['--config', path.join(projectRoot, 'vite.server.config.ts')], 'Compiling the server failed (see the output above).');
}
