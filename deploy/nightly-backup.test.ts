import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../src/test/cleanups.js';
import { createPackage, createUser } from '../src/test/factories.js';
import { databaseFile, openDatabase } from '../src/server/db/client.js';
import { dataKeyFile } from '../src/server/db/seal-personal-data.js';
import { configureDataKeys, isSealed, unseal } from '../src/server/lib/data-crypto.js';
import { payoutDetails } from '../src/server/db/schema.js';
import { projectRoot } from '../src/server/http/serve-client.js';

const run = promisify(execFile);
const script = path.join(projectRoot, 'deploy', 'nightly-backup.sh');
const { onCleanup, tempDir } = cleanupsPerTest();

/** A date in India `daysAgo` days before today, as the backup folders are named. */
function istDateDaysAgo(daysAgo: number): string {
  return new Date(Date.now() + 5.5 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

function runBackup(env: Record<string, string>) {
  return run(script, [], { env: { ...process.env, APP_DIR: projectRoot, NODE_BIN: process.execPath, ...env } });
}

describe('the nightly backup (deploy/nightly-backup.sh)', () => {
  it('mirrors through the remote recipe (rrsync -wo -no-del -no-overwrite as the forced command), which refuses deletes and overwrites', async () => {
    const dataDir = await tempDir('backup-data-');
    const backupDir = path.join(await tempDir('backup-dir-'), 'backups');
    openDatabase(databaseFile(dataDir)).$client.close();
    const remote = await tempDir('backup-remote-');
    // ssh as the remote's authorized_keys runs it: the forced command gets the client's command.
    const fakeSsh = path.join(await tempDir('backup-ssh-'), 'ssh');
    await writeFile(fakeSsh, `#!/bin/sh\nshift\nSSH_ORIGINAL_COMMAND="$*" exec /usr/bin/rrsync -wo -no-del -no-overwrite ${JSON.stringify(remote)}\n`, {
      mode: 0o755,
    });
    const viaRemote = { RSYNC_RSH: fakeSsh };
    await runBackup({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP_DAYS: '14', BACKUP_RSYNC_TARGET: 'backup-host:', ...viaRemote });
    const [tonight] = await readdir(backupDir);
    expect(await readdir(remote)).toEqual([tonight]);
    const copied = await stat(path.join(remote, tonight!, 'app.db'));

    // The app server, taken over, tries to wipe the copies and to overwrite them: both refused.
    const empty = await tempDir('backup-empty-');
    const wipe = await run('rsync', ['-a', '--delete', `${empty}/`, 'backup-host:'], { env: { ...process.env, ...viaRemote } }).catch(
      (error: { code: number }) => error,
    );
    expect(wipe).toMatchObject({ code: expect.any(Number) });
    await writeFile(path.join(backupDir, tonight!, 'app.db'), 'garbage');
    await run('rsync', ['-a', `${backupDir}/`, 'backup-host:'], { env: { ...process.env, ...viaRemote } });
    expect(await readdir(remote)).toEqual([tonight]);
    expect((await stat(path.join(remote, tonight!, 'app.db'))).size).toBe(copied.size);
  });

  it('copies the live database and the pictures into a dated folder, keeps 14 days, mirrors them to a second place, and the copy passes the restore drill', async () => {
    const dataDir = await tempDir('backup-data-');
    const backupDir = path.join(await tempDir('backup-dir-'), 'backups');
    const secondPlace = await tempDir('backup-second-');

    // A database the server holds open, with something in it, and an uploaded picture.
    const db = openDatabase(databaseFile(dataDir));
    onCleanup(async () => db.$client.close());
    const asha = await createUser(db, { name: 'Asha', email: 'asha@example.com' });
    createPackage(db, { name: 'Share market basics' });
    // Her PAN is stored encrypted with the key file beside the live database (never in a backup).
    const key = randomBytes(32);
    await writeFile(dataKeyFile(dataDir), `${key.toString('base64')}\n`, { mode: 0o600 });
    configureDataKeys({ current: key });
    db.insert(payoutDetails).values({ userId: asha.id, method: 'upi', upiId: 'asha@okaxis', pan: 'ABCPA1234F', panName: 'ASHA', updatedAt: Date.now() }).run();
    await mkdir(path.join(dataDir, 'uploads', 'profiles'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'profiles', 'asha.webp'), Buffer.alloc(2048, 7));

    // Last night's backup (its picture unchanged since), and one from 20 days ago.
    const lastNight = path.join(backupDir, `${istDateDaysAgo(1)}-0230`);
    const tooOld = path.join(backupDir, `${istDateDaysAgo(20)}-0230`);
    await mkdir(tooOld, { recursive: true });
    await writeFile(path.join(tooOld, 'app.db'), 'old');
    await mkdir(lastNight, { recursive: true });
    await cp(path.join(dataDir, 'uploads'), path.join(lastNight, 'uploads'), { recursive: true, preserveTimestamps: true });
    const picture = path.join(dataDir, 'uploads', 'profiles', 'asha.webp');
    const { mtime } = await stat(picture);
    await utimes(path.join(lastNight, 'uploads', 'profiles', 'asha.webp'), mtime, mtime);

    const { stdout } = await runBackup({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP_DAYS: '14', BACKUP_RSYNC_TARGET: `${secondPlace}/` });

    const folders = (await readdir(backupDir)).sort();
    expect(folders).toHaveLength(2);
    expect(folders[0]).toBe(path.basename(lastNight));
    expect(folders[1]).toMatch(new RegExp(`^${istDateDaysAgo(0)}-\\d{4}$`));
    expect(stdout).toContain(`Removed ${tooOld}`);
    const tonight = path.join(backupDir, folders[1]!);

    const copy = new Database(path.join(tonight, 'app.db'), { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.prepare('select name from users').all()).toEqual([{ name: 'Asha' }]);
    const storedPan = (copy.prepare('select pan from payout_details').get() as { pan: string }).pan;
    expect(storedPan).not.toContain('ABCPA1234F');
    expect(isSealed(storedPan) && unseal(storedPan)).toBe('ABCPA1234F');
    copy.close();
    // The unchanged picture is the same file as last night's (a hard link), not a second copy.
    const [tonightPicture, lastNightPicture] = await Promise.all([
      stat(path.join(tonight, 'uploads', 'profiles', 'asha.webp')),
      stat(path.join(lastNight, 'uploads', 'profiles', 'asha.webp')),
    ]);
    expect(tonightPicture.ino).toBe(lastNightPicture.ino);

    // The second place holds the same folders (the old one removed there too).
    expect((await readdir(secondPlace)).sort()).toEqual(folders);
    expect((await stat(path.join(secondPlace, folders[1]!, 'app.db'))).size).toBe((await stat(path.join(tonight, 'app.db'))).size);

    expect(await readdir(tonight)).not.toContain('data-encryption.key');

    // The drill opens the encrypted PAN with the live site's key file, as the restored site would.
    const { DATA_ENCRYPTION_KEY: _unset, ...environment } = process.env;
    const drillEnv = (liveDataDir: string) => ({ ...environment, DATA_DIR: liveDataDir });
    const drill = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/restore-drill.ts', tonight], { cwd: projectRoot, env: drillEnv(dataDir) });
    expect(drill.stdout).toContain(`Restore drill passed for ${tonight}`);
    expect(drill.stdout).toContain('accounts: 1; packages: 1; orders approved: 0, pending: 0');
    expect(drill.stdout).toContain('uploaded files: 1');

    // Without the key the restored site could not read the PANs, and the drill says so.
    const keyless = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/restore-drill.ts', tonight], {
      cwd: projectRoot,
      env: drillEnv(await tempDir('backup-keyless-')),
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(keyless?.code).toBe(1);
    expect(keyless?.stderr).toContain('Restore drill FAILED');
    expect(keyless?.stderr).toContain('DATA_ENCRYPTION_KEY');
  });

  it('fails, and leaves no dated folder behind, when the database cannot be copied', async () => {
    const dataDir = await tempDir('backup-nodata-');
    const backupDir = await tempDir('backup-dir-');
    const failure = await runBackup({ DATA_DIR: dataDir, BACKUP_DIR: backupDir }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).not.toBe(0);
    expect(failure?.stderr).toContain('There is no database at');
    expect(await readdir(backupDir)).toEqual([]);
  });

  it('refuses a keep period that is not a whole number of days', async () => {
    const failure = await runBackup({ BACKUP_KEEP_DAYS: '2 weeks', BACKUP_DIR: await tempDir('backup-dir-') }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('BACKUP_KEEP_DAYS must be a whole number of days');
  });

  it('fails the restore drill on a folder without a database', async () => {
    const empty = await tempDir('drill-empty-');
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/restore-drill.ts', empty], { cwd: projectRoot }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('Restore drill FAILED');
  });
});
