import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { expect, it } from 'vitest';
import { readOutbox } from '../../test/outbox.js';
import { deliveryInWorker } from './mail-thread.js';

const message = { kind: 'note', to: 'asha@example.com', subject: 'Code', text: '123456', html: '<p>123456</p>' };

it('delivers from the server thread once the mail worker has stopped, and says so in the log', async () => {
  const outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'mail-thread-')), 'outbox');
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push((JSON.parse(line) as { msg: string }).msg) });
  // A worker whose code ends its thread as it starts, as a crash of the real worker would.
  const stoppingWorker = new URL('data:text/javascript,process.exit(1)');
  const delivery = deliveryInWorker({ smtpUrl: undefined, from: 'x <x@localhost>', outboxDir }, log, stoppingWorker);
  try {
    await expect.poll(() => lines, { timeout: 10_000 }).toContain('the mail worker stopped; emails are delivered from the server thread');
    const { file } = await delivery.deliver(message);
    expect(file).toMatch(/\.eml$/);
    expect(await readOutbox(outboxDir)).toEqual([expect.objectContaining({ to: 'asha@example.com', subject: 'Code' })]);
  } finally {
    await delivery.close();
  }
});
