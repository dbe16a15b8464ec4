import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { clientDist, projectRoot, serverEntry } from '../http/serve-client.js';

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds the web app (dist/client) and its server entry (dist/server) when either is missing or older than any of its sources. */
export async function ensureClientBuild(log: (message: string) => void = console.log): Promise<void> {
  const builtIndex = path.join(clientDist, 'index.html');
  const sources = ['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(projectRoot, p));
  const builtAt = existsSync(builtIndex) && existsSync(serverEntry) ? Math.min(statSync(builtIndex).mtimeMs, statSync(serverEntry).mtimeMs) : 0;
  if (builtAt > 0 && sources.every((source) => newestMtime(source) <= builtAt)) return;
  log(builtAt === 0 ? 'Building the web app (first start)…' : 'Sources changed: rebuilding the web app…');
  // A child process with NODE_ENV=production: inside a test run NODE_ENV is "test", and Vite
  // would then bundle React's development build.
  const vite = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  // The browser's build, then the server entry that draws the public pages (`vite build --ssr`).
  for (const ssr of [[], ['--ssr']]) {
    const result = spawnSync(process.execPath, [vite, 'build', ...ssr, '--logLevel', 'warn'], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('Building the web app failed (see the output above).');
  }
}
