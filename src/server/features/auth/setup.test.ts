import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { openDatabase, databaseFile } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { projectRoot } from '../../http/serve-client.js';
import { verifyPassword } from '../../lib/password.js';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const owner = { name: 'Sandeep More', email: 'owner@example.com', password: 'owner-password-1', phone: '' };

describe('the first admin through /setup', () => {
  it('is created once with the one-time token, logged in, and the page closes for good', async () => {
    expect((await callJson(t.url, 'GET', '/trpc/auth.setupStatus')).body.result.data).toEqual({ open: true });
    // A new token replaces the one the server logged at start; the test cannot read the log.
    const token = t.deps.setup.open()!;

    const wrong = await callJson(t.url, 'POST', '/trpc/auth.setup', { body: { ...owner, token: 'guess' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.data.code).toBe('SETUP_TOKEN_INVALID');

    const done = await fetch(`${t.url}/trpc/auth.setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...owner, token }),
    });
    expect(done.status).toBe(200);
    expect(done.headers.get('set-cookie')).toMatch(/^session=/);
    expect(t.db.select().from(users).where(eq(users.email, owner.email)).get()!.role).toBe('superadmin');

    const again = await callJson(t.url, 'POST', '/trpc/auth.setup', { body: { ...owner, email: 'second@example.com', token } });
    expect(again.status).toBe(403);
    expect(again.body.error.data.code).toBe('SETUP_CLOSED');
    expect((await callJson(t.url, 'GET', '/trpc/auth.setupStatus')).body.result.data).toEqual({ open: false });
    expect(t.deps.setup.open()).toBeNull();
  });

  it('spends the link only when the admin and their session exist: a failure leaves the link working', async () => {
    const token = t.deps.setup.open()!;
    const setup = () => callJson(t.url, 'POST', '/trpc/auth.setup', { body: { ...owner, token } });
    for (const table of ['users', 'sessions']) {
      // The write fails, as on a full disk.
      t.db.$client.exec(`create trigger refuse before insert on ${table} begin select raise(abort, 'disk full'); end;`);
      expect((await setup()).status).toBe(500);
      t.db.$client.exec('drop trigger refuse');
      expect(t.db.select().from(users).where(eq(users.email, owner.email)).get()).toBeUndefined();
      expect((await callJson(t.url, 'GET', '/trpc/auth.setupStatus')).body.result.data).toEqual({ open: true });
    }
    const done = await setup();
    expect(done.status).toBe(200);
    expect(t.db.select().from(users).where(eq(users.email, owner.email)).get()!.role).toBe('superadmin');
    expect((await setup()).body.error.data.code).toBe('SETUP_CLOSED');
  });

  it('is closed when an admin already exists', async () => {
    await createUser(t.db, { role: 'admin' });
    expect(t.deps.setup.open()).toBeNull();
    expect((await callJson(t.url, 'GET', '/trpc/auth.setupStatus')).body.result.data).toEqual({ open: false });
  });
});

describe('npm run admin', () => {
  const run = promisify(execFile);
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'admin-cli-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const admin = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataDir } });

  it('creates an admin, then promotes them to superadmin', async () => {
    const created = await admin('create', '--email', 'Admin@Example.com', '--name', 'Meena', '--password', 'admin-password-1', '--phone', '9822012345');
    expect(created.stdout).toMatch(/^Created admin admin@example\.com/);
    const promoted = await admin('create', '--email', 'admin@example.com', '--superadmin');
    expect(promoted.stdout).toMatch(/^Updated superadmin admin@example\.com/);
    const db = openDatabase(databaseFile(dataDir));
    const row = db.select().from(users).get()!;
    db.$client.close();
    expect(row).toMatchObject({ name: 'Meena', phone: '9822012345', role: 'superadmin' });
  });

  /** The admin command with `input` on its standard input (a pipe, as in a script). */
  const adminWithInput = (input: string, ...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(input);
    });
  const passwordHashOf = (email: string) => {
    const db = openDatabase(databaseFile(dataDir));
    const row = db.select().from(users).where(eq(users.email, email)).get();
    db.$client.close();
    return row?.passwordHash;
  };

  it('reads the password from --password-file or from standard input, never needing it on the command line', async () => {
    const file = path.join(dataDir, 'admin-password.txt');
    await writeFile(file, 'file-password-1\n', { mode: 0o600 });
    const fromFile = await admin('create', '--email', 'one@example.com', '--name', 'One', '--password-file', file);
    expect(fromFile.stdout).toMatch(/^Created admin one@example\.com/);
    expect(fromFile.stderr).toBe('');
    expect(await verifyPassword(passwordHashOf('one@example.com')!, 'file-password-1')).toBe(true);

    const piped = await adminWithInput('piped-password-2\n', 'create', '--email', 'two@example.com', '--name', 'Two');
    expect(piped.code).toBe(0);
    expect(await verifyPassword(passwordHashOf('two@example.com')!, 'piped-password-2')).toBe(true);

    const none = await adminWithInput('', 'create', '--email', 'three@example.com', '--name', 'Three');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('A new admin needs a password');
    expect(passwordHashOf('three@example.com')).toBeUndefined();

    // Promoting an existing account asks for nothing.
    const promoted = await adminWithInput('', 'create', '--email', 'one@example.com', '--superadmin');
    expect(promoted.stdout).toMatch(/^Updated superadmin one@example\.com/);
  });

  it('still takes --password for old scripts, with a warning', async () => {
    const created = await admin('create', '--email', 'old@example.com', '--name', 'Old', '--password', 'admin-password-1');
    expect(created.stdout).toMatch(/^Created admin/);
    expect(created.stderr).toMatch(/^Warning: --password shows the password to other users of this machine/);
  });

  it('explains a bad argument and exits with an error', async () => {
    await expect(admin('create', '--email', 'not-an-email', '--password', 'admin-password-1')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--email: please give a valid email address.'),
    });
  });
});
