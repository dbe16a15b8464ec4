import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/server/http/serve-client.js';

const run = promisify(execFile);
const units = ['marathi-success.service', 'marathi-success-backup.service', 'marathi-success-backup.timer'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'units-'));
  // The units name the installed paths (docs/deploy.md); here the checkout and this Node stand in for them.
  for (const unit of units) {
    const text = (await readFile(path.join(projectRoot, 'deploy', unit), 'utf8'))
      .replaceAll('/opt/marathi-success', projectRoot)
      .replaceAll('/usr/bin/node', process.execPath);
    await writeFile(path.join(dir, unit), text);
  }
  await chmod(path.join(projectRoot, 'deploy', 'nightly-backup.sh'), 0o755);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function verify(unit: string) {
  try {
    const { stderr } = await run('systemd-analyze', ['verify', path.join(dir, unit)], { cwd: dir });
    return { ok: true, stderr };
  } catch (error) {
    return { ok: false, stderr: (error as { stderr?: string }).stderr ?? String(error) };
  }
}

describe('the systemd units shipped in deploy/', () => {
  it.each(units)('%s passes systemd-analyze verify without a warning', async (unit) => {
    const result = await verify(unit);
    expect(result.stderr.trim()).toBe('');
    expect(result.ok).toBe(true);
  });

  it('runs the server as its own user, with its data under /var/lib, restarted on failure, stopped by SIGTERM and hardened', async () => {
    const unit = await readFile(path.join(projectRoot, 'deploy', 'marathi-success.service'), 'utf8');
    for (const line of [
      'User=marathi-success',
      'Environment=DATA_DIR=/var/lib/marathi-success',
      'StateDirectory=marathi-success',
      'Restart=on-failure',
      'KillSignal=SIGTERM',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/marathi-success',
      'Environment=TRUST_PROXY=1',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
    // No other folder is writable by the service.
    expect(unit.match(/^ReadWritePaths=.*$/gm)).toEqual(['ReadWritePaths=/var/lib/marathi-success']);
  });

  it('is rated well exposed by systemd-analyze security (at most 2.0 of 10)', async () => {
    const { stdout } = await run('systemd-analyze', ['security', '--offline=true', path.join(dir, 'marathi-success.service')]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    const level = Number(stdout.match(/Overall exposure level for \S+: ([\d.]+)/)?.[1]);
    expect(level).toBeLessThanOrEqual(2);
  });

  it('starts the nightly backup at 02:30 India time, catching up after the box was off', async () => {
    const timer = await readFile(path.join(projectRoot, 'deploy', 'marathi-success-backup.timer'), 'utf8');
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* 02:30:00 Asia\/Kolkata$/m);
    expect(timer).toMatch(/^Persistent=true$/m);
    const { stdout } = await run('systemd-analyze', ['calendar', '*-*-* 02:30:00 Asia/Kolkata'], { env: { ...process.env, TZ: 'UTC' } });
    // 02:30 IST is 21:00 UTC the day before.
    expect(stdout).toMatch(/Next elapse: \w{3} \d{4}-\d{2}-\d{2} 21:00:00 UTC/);
  });
});

describe('the V8 flags of production', () => {
  it('are the same for `npm start` as for the service, so both hold the memory the bench measured', async () => {
    const { productionNodeFlags } = await import('./node-flags.js');
    const flags = productionNodeFlags();
    expect(flags).toContain('--max-semi-space-size=4');
    const start = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')).scripts.start as string;
    expect(start).toBe(`node ${flags.join(' ')} --import tsx src/server/cli/start.ts`);
  });
});
