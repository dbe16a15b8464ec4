import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { openDatabase, databaseFile } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { projectRoot } from '../../serve-client.js';

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

  it('explains a bad argument and exits with an error', async () => {
    await expect(admin('create', '--email', 'not-an-email', '--password', 'admin-password-1')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--email: please give a valid email address.'),
    });
  });
});
