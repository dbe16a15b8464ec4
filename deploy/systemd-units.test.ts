import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/server/http/serve-client.js';
import { litestreamBinary } from '../src/server/lib/litestream.js';

const run = promisify(execFile);
const units = [
  'marathi-success.service',
  'marathi-success-backup.service',
  'marathi-success-backup.timer',
  'marathi-success-litestream.service',
  'marathi-success-uploads.service',
  'marathi-success-uploads.timer',
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'units-'));
  // The units name the installed paths (docs/deploy.md); here the checkout and this Node stand in for them.
  for (const unit of units) {
    const text = (await readFile(path.join(projectRoot, 'deploy', unit), 'utf8'))
      .replaceAll('/opt/marathi-success', projectRoot)
      .replaceAll('/usr/bin/node', process.execPath)
      .replaceAll('/usr/bin/litestream', litestreamBinary());
    await writeFile(path.join(dir, unit), text);
  }
  await chmod(path.join(projectRoot, 'deploy', 'nightly-backup.sh'), 0o755);
  await chmod(path.join(projectRoot, 'deploy', 'replicate-uploads.sh'), 0o755);
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

describe('continuous replication as docs/deploy.md installs it', () => {
  it('runs Litestream on the shipped config as the service user, restarted always, starting before the server', async () => {
    const unit = await readFile(path.join(projectRoot, 'deploy', 'marathi-success-litestream.service'), 'utf8');
    for (const line of [
      'User=marathi-success',
      'Environment=DATA_DIR=/var/lib/marathi-success',
      'EnvironmentFile=/etc/marathi-success/litestream.env',
      'ExecStart=/usr/bin/litestream replicate -config /opt/marathi-success/deploy/litestream.yml',
      'Restart=always',
      'Before=marathi-success.service',
      'ReadWritePaths=/var/lib/marathi-success',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
    const timer = await readFile(path.join(projectRoot, 'deploy', 'marathi-success-uploads.timer'), 'utf8');
    expect(timer).toMatch(/^OnCalendar=minutely$/m);
  });

  it('ships a litestream.yml that Litestream reads for each recipe of the guide, naming only settings the guide documents', async () => {
    const config = path.join(projectRoot, 'deploy', 'litestream.yml');
    const guide = await readFile(path.join(projectRoot, 'docs', 'deploy.md'), 'utf8');
    const named = [...new Set([...(await readFile(config, 'utf8')).matchAll(/^[^#\n]*\$\{(\w+)\}/gm)].map((match) => match[1]!))];
    expect(named.sort()).toEqual([
      'DATA_DIR',
      'LITESTREAM_REPLICA_URL',
      'LITESTREAM_S3_ENDPOINT',
      'LITESTREAM_S3_FORCE_PATH_STYLE',
      'LITESTREAM_S3_REGION',
      'LITESTREAM_SFTP_KEY_PATH',
    ]);
    for (const name of [...named.filter((name) => name !== 'DATA_DIR'), 'LITESTREAM_ACCESS_KEY_ID', 'LITESTREAM_SECRET_ACCESS_KEY', 'UPLOADS_REPLICA']) {
      expect(guide).toContain(`${name}=`);
    }
    const recipes: [Record<string, string>, string][] = [
      [
        {
          LITESTREAM_REPLICA_URL: 's3://marathi-success-replica/db',
          LITESTREAM_S3_ENDPOINT: 'https://s3.us-west-004.backblazeb2.com',
          LITESTREAM_S3_REGION: 'us-west-004',
        },
        's3',
      ],
      [
        { LITESTREAM_REPLICA_URL: 's3://marathi-success-replica/db', LITESTREAM_S3_ENDPOINT: 'http://127.0.0.1:9000', LITESTREAM_S3_FORCE_PATH_STYLE: 'true' },
        's3',
      ],
      [
        { LITESTREAM_REPLICA_URL: 'sftp://backup@backup.example.net:22/srv/marathi-success/db', LITESTREAM_SFTP_KEY_PATH: '/etc/marathi-success/backup-key' },
        'sftp',
      ],
    ];
    for (const [env, type] of recipes) {
      const { stdout } = await run(litestreamBinary(), ['databases', '-config', config], {
        env: { PATH: process.env.PATH, DATA_DIR: '/var/lib/marathi-success', ...env },
      });
      expect(stdout).toMatch(new RegExp(`^/var/lib/marathi-success/app\\.db\\s+${type}$`, 'm'));
    }
  });
});

describe('the V8 flags of production', () => {
  it('are the same for `npm start` as for the service, so both hold the memory the bench measured', async () => {
    const { productionNodeFlags } = await import('./node-flags.js');
    const flags = productionNodeFlags();
    expect(flags).toContain('--max-semi-space-size=8');
    const start = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')).scripts.start as string;
    expect(start).toBe(`node --import tsx src/server/cli/build-if-stale.ts && node ${flags.join(' ')} dist-server/server/main.js`);
  });
});
