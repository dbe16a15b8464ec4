import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { pendingRegistration, resetToken } from '../test/world.js';
import { databaseFile, openDatabase } from './db/client.js';
import { passwordResets, pendingRegistrations, sessions } from './db/schema.js';
import { createMailer, defineEmail, renderEmail } from './lib/mailer.js';
import { createSession } from './features/auth/sessions.service.js';
import { projectRoot } from './http/serve-client.js';

/**
 * What the server keeps under DATA_DIR (the database, emails in the outbox, backups) is readable
 * by its own user only; what has expired is deleted on a schedule; writes from two processes wait
 * for each other instead of failing.
 */

const run = promisify(execFile);
const modeOf = (file: string) => statSync(file).mode & 0o777;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'data-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('files under DATA_DIR', () => {
  it('the database and its -wal and -shm files are 0600, in a folder made 0700', () => {
    const dataDir = path.join(dir, 'data');
    const db = openDatabase(databaseFile(dataDir));
    db.run(sql`create table probe (x integer)`);
    db.run(sql`insert into probe values (1)`);
    for (const file of ['app.db', 'app.db-wal', 'app.db-shm']) expect(modeOf(path.join(dataDir, file)).toString(8), file).toBe('600');
    expect(modeOf(dataDir).toString(8)).toBe('700');
    db.$client.close();
  });

  it('a database left readable by everyone is tightened when opened', () => {
    const file = path.join(dir, 'app.db');
    new Database(file).close();
    chmodSync(file, 0o644);
    openDatabase(file).$client.close();
    expect(modeOf(file).toString(8)).toBe('600');
  });

  it('emails written to the outbox are 0600 in a 0700 folder', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'x <x@localhost>', outboxDir, log: pino({ level: 'silent' }) });
    const note = defineEmail<{ code: string }>({
      kind: 'note',
      subject: { en: () => 'Code', mr: () => 'Code' },
      body: { en: ({ code }) => code, mr: ({ code }) => code },
    });
    await mailer.send(renderEmail(note, 'en', { code: '123456' }, 'a@example.com'));
    await mailer.close();
    const [file] = await readdir(outboxDir);
    expect(modeOf(path.join(outboxDir, file!)).toString(8)).toBe('600');
    expect(modeOf(outboxDir).toString(8)).toBe('700');
  });

  it('npm run backup writes a 0600 copy', async () => {
    const dataDir = path.join(dir, 'data');
    openDatabase(databaseFile(dataDir)).$client.close();
    const copy = path.join(dir, 'backup.db');
    await run(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', copy], { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataDir } });
    expect(modeOf(copy).toString(8)).toBe('600');
  });
});

describe('expired rows', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('are deleted on a schedule: sessions, reset links and registrations; live ones stay', async () => {
    t = await startTestApp({ build: { purgeEveryMs: 100 } });
    const user = await createUser(t.db);
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    createSession(t.db, user.id, now - 31 * day); // expired a day ago
    const live = createSession(t.db, user.id, now);
    resetToken(t, user.id);
    t.db
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash: 'expired-reset', createdAt: now - day, expiresAt: now - day + 30 * 60 * 1000 })
      .run();
    await pendingRegistration(t);
    const stale = await pendingRegistration(t);
    t.db
      .update(pendingRegistrations)
      .set({ createdAt: now - 2 * day })
      .where(sql`${pendingRegistrations.tokenHash} = (select token_hash from pending_registrations order by id desc limit 1)`)
      .run();
    expect(stale.activationToken).toBeTruthy();

    await expect.poll(() => t.db.select().from(sessions).all().length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => t.db.select().from(passwordResets).all().length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => t.db.select().from(pendingRegistrations).all().length, { timeout: 5000 }).toBe(1);
    expect(t.db.select().from(sessions).get()!.expiresAt).toBe(live.expiresAt);
  });
});

describe('a write from another process', () => {
  it('waits for a transaction of this process instead of failing it', async () => {
    const file = path.join(dir, 'app.db');
    const db = openDatabase(file);
    db.run(sql`create table counter (who text)`);
    const flag = path.join(dir, 'go');
    // Another process (the admin CLI, a backup restore script): it writes as soon as the flag appears.
    const other = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs'); const Database = require('better-sqlite3');
         const db = new Database(process.argv[1]); db.pragma('busy_timeout = 5000');
         const wait = () => { if (!fs.existsSync(process.argv[2])) return setTimeout(wait, 5);
           db.prepare("insert into counter values ('other')").run(); db.close(); process.exit(0); };
         wait();`,
        file,
        flag,
      ],
      { cwd: projectRoot, stdio: 'inherit' },
    );
    const exited = new Promise<number | null>((resolve) => other.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Read, let the other process try its write, then write: one transaction, as a service does.
    db.transaction((tx) => {
      tx.all(sql`select count(*) from counter`);
      writeFileSync(flag, '');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600);
      tx.run(sql`insert into counter values ('this')`);
    });

    expect(await exited).toBe(0);
    expect(db.all<{ who: string }>(sql`select who from counter order by rowid`).map((row) => row.who)).toEqual(['this', 'other']);
    db.$client.close();
    expect(existsSync(flag)).toBe(true);
  });
});
