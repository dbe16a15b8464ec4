import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { spawnServer, type ServerProcess } from '../../../test/server-process.js';

/** An SMTP server on loopback that, while `holding`, takes a message's data and never answers it. */
async function holdingSmtp() {
  const received: ParsedMail[] = [];
  let offered = 0;
  const state = { holding: true };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      offered += 1;
      if (state.holding) {
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // The killed server's connection resets: expected here, not an error of the test.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    offered: () => offered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the notification outbox across a crash', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('delivers a message committed before a SIGKILL exactly once after the restart', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'success-outbox-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const smtp = await holdingSmtp();
    cleanups.push(smtp.close);
    const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url };
    const track = (server: ServerProcess) => {
      cleanups.push(async () => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await server.exited;
      });
      return server;
    };

    const first = track(await spawnServer(env));
    const email = 'crash.test@example.com';
    // The code's row commits, then the worker hands it to SMTP, which holds it: the answer never comes.
    void fetch(`${first.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Asha Patil', email, contact: '9876543210', password: 'mango-lassi-42' }),
    }).catch(() => undefined);
    await until(() => smtp.offered() === 1, 'the message to reach the SMTP server');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(smtp.received).toHaveLength(0);

    smtp.state.holding = false;
    const second = track(await spawnServer(env));
    await until(() => smtp.received.length === 1, 'the message after the restart');
    // Another round of the worker's timer sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    second.child.kill('SIGTERM');
    await second.exited;

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toMatch(/verification code/i);
    const db = openDatabase(path.join(dataDir, 'app.db'));
    cleanups.push(async () => db.$client.close());
    const rows = db.select().from(notifications).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'verification-code', status: 'sent', attempts: 2, claimedAt: null });
  });
});
