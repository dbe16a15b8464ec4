import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { failToStart } from '../../test/server-process.js';
import { startTestApp } from '../../test/test-app.js';
import { projectRoot } from '../http/serve-client.js';
import { legacySampleDir } from '../../test/legacy-sample.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function folder(prefix: string): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), prefix));
  folders.push(made);
  return made;
}

/** `npm run import:legacy -- ARGS` in a child process, as the operator runs it. */
function runImport(args: string[], env: Record<string, string>, nodeOptions: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'src/server/cli/import-legacy.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

function userCount(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from users').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('npm run import:legacy', () => {
  it('imports, prints the report and writes it beside the database; a dry run and a second run change nothing', async () => {
    const dataDir = await folder('legacy-cli-');
    const dry = await runImport(['--dir', legacySampleDir, '--paid', path.join(legacySampleDir, 'paid.csv'), '--dry-run'], { DATA_DIR: dataDir });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('(dry run: nothing was changed)');
    expect(userCount(dataDir)).toBe(0);

    const real = await runImport(['--dir', legacySampleDir, '--paid', path.join(legacySampleDir, 'paid.csv')], { DATA_DIR: dataDir });
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toMatch(/Accounts: +10 imported, 1 merged/);
    expect(userCount(dataDir)).toBe(10);
    const reports = (await readdir(dataDir)).filter((name) => name.startsWith('legacy-import-'));
    expect(reports).toHaveLength(2);
    const written = await readFile(path.join(dataDir, reports.find((name) => !name.includes('dry-run'))!), 'utf8');
    expect(real.stdout).toContain(written);

    const again = await runImport(['--dir', legacySampleDir, '--paid', path.join(legacySampleDir, 'paid.csv')], { DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing new');
    expect(userCount(dataDir)).toBe(10);
    expect(again.stdout).toContain('Pictures:        0 profile pictures brought over, 3 left on Cloudinary (run with --fetch-pictures)');

    // Cloudinary cannot be reached from here: each of the three pictures is a warning, on a dry run as on a real one.
    const fetching = await runImport(['--dir', legacySampleDir, '--fetch-pictures', '--dry-run'], { DATA_DIR: dataDir });
    expect(fetching.code, fetching.stderr).toBe(0);
    const brought = Number(/Pictures: +(\d+) profile pictures brought over/.exec(fetching.stdout)?.[1]);
    const notBrought =
      fetching.stdout.match(/warning: users\.json \w+ \([^)]*\): profile picture https:\/\/res\.cloudinary\.com\/\S+ .*: not brought over/g) ?? [];
    expect(brought + notBrought.length).toBe(3);
  });

  it('refuses while a server has the database open, and says to stop it', async () => {
    const app = await startTestApp();
    try {
      const answer = await runImport(['--dir', legacySampleDir], { DATA_DIR: app.dataDir });
      expect(answer.code).toBe(1);
      expect(answer.stderr).toMatch(/is in use, most likely by the running server\. Stop the server/);
      expect(userCount(app.dataDir)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('reads a 50 MB users.json as a stream, in bounded memory, and refuses it whole for one user without an email', async () => {
    const dir = await folder('legacy-big-');
    const dataDir = await folder('legacy-big-data-');
    await cp(legacySampleDir, dir, { recursive: true });
    const out = createWriteStream(path.join(dir, 'users.json'));
    const history = Array.from({ length: 40 }, (_, i) => ({
      at: { $date: '2025-03-05T19:41:33.000Z' },
      ip: `10.0.${i}.1`,
      agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/120',
    }));
    const total = 20_000;
    out.write('[\n');
    for (let i = 0; i < total; i += 1) {
      const doc = {
        _id: { $oid: (0x67c8a8ed00000000n + BigInt(i)).toString(16).padStart(24, '0') },
        name: `Learner ${i}`,
        ...(i === total - 1 ? {} : { email: `learner${i}@example.com` }),
        password: '$2b$10$cYHP7DYxgElP53mrQSGlie33fhpOTTUVko9rk9A4StdH23kO9YJJO',
        role: 'user',
        purchasedCourses: [],
        referralLink: `R${String(i).padStart(5, '0')}`,
        referrer: null,
        contact: '9876543210',
        earnings: { total: 0, today: 0, week: 0, month: 0 },
        loginHistory: history,
        createdAt: { $date: '2025-03-05T19:41:33.000Z' },
      };
      if (!out.write(`${JSON.stringify(doc)}${i === total - 1 ? '' : ','}\n`)) await once(out, 'drain');
    }
    out.end(']\n');
    await once(out, 'finish');
    expect((await stat(path.join(dir, 'users.json'))).size).toBeGreaterThan(50 * 1024 * 1024);

    // 64 MB of heap: reading the 50 MB file whole (and its parsed objects) could not fit.
    const answer = await runImport(['--dir', dir], { DATA_DIR: dataDir }, ['--max-old-space-size=64']);
    expect(answer.stderr).toBe('');
    expect(answer.code).toBe(1);
    expect(answer.stdout).toContain('The export cannot be imported, so nothing was changed');
    expect(answer.stdout).toContain(
      `FAULT: users.json record ${total} (${(0x67c8a8ed00000000n + BigInt(total - 1)).toString(16).padStart(24, '0')}): has no email`,
    );
    expect(userCount(dataDir)).toBe(0);
  }, 120_000);
});

describe('CORS_ORIGINS at start', () => {
  it('refuses "*" with a clear message', async () => {
    const { code, output } = await failToStart({ CORS_ORIGINS: '*', DATA_DIR: path.join(tmpdir(), 'cors-star-never-used') });
    expect(code).not.toBe(0);
    expect(output).toMatch(/CORS_ORIGINS: expected exact origins; "\*" is not allowed because the calls carry credentials/);
  });
});
