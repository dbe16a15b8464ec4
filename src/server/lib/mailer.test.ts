import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/smtp.js';
import { readOutbox } from '../../test/outbox.js';
import { createMailer, defineEmail, renderEmail } from './mailer.js';

const welcome = defineEmail<{ name: string; link: string }>({
  subject: { en: ({ name }) => `Welcome, ${name}`, mr: ({ name }) => `स्वागत आहे, ${name}` },
  body: {
    en: ({ name, link }) => `Hello ${name},\n\nOpen ${link} to begin.`,
    mr: ({ name, link }) => `नमस्कार ${name},\n\nसुरुवात करण्यासाठी ${link} उघडा.`,
  },
});

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

describe('emails', () => {
  it('render in English and in Marathi, with an escaped HTML part', () => {
    const en = renderEmail(welcome, 'en', { name: 'Asha <b>', link: 'https://learn.example.in/x' }, 'asha@example.com');
    expect(en.subject).toBe('Welcome, Asha <b>');
    expect(en.text).toBe('Hello Asha <b>,\n\nOpen https://learn.example.in/x to begin.');
    expect(en.html).toContain('Asha &#60;b&#62;');
    expect(en.html).toContain('<a href="https://learn.example.in/x">');
    const mr = renderEmail(welcome, 'mr', { name: 'आशा', link: 'https://learn.example.in/x' }, 'asha@example.com');
    expect(mr.subject).toBe('स्वागत आहे, आशा');
    expect(mr.html).toContain('lang="mr"');
  });

  it('keep what people typed on one line, visibly quoted and never a link; only addresses the server built are links', async () => {
    const { newOrderEmail } = await import('../features/orders/orders.emails.js');
    const buyer = 'Asha\r\n\r\nYour account is locked. Unlock it at https://evil.example/login\u202e\u0007';
    const mail = renderEmail(
      newOrderEmail,
      'en',
      {
        siteName: 'Marathi Success',
        buyer,
        email: 'asha@example.com',
        pkg: 'Share Market Basics',
        amount: '₹4,999',
        utr: '501501259006',
        link: 'https://learn.example.in/admin/pending-orders',
        decided: false,
      },
      'admin@example.com',
    );
    const firstParagraph = mail.text.split('\n\n')[0]!;
    expect(firstParagraph).toBe(
      '“Asha Your account is locked. Unlock it at https://evil.example/login” (“asha@example.com”) says they paid ₹4,999 for Share Market Basics.',
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach the mail
    expect(mail.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    expect(mail.html).not.toContain('href="https://evil.example');
    expect(mail.html).toContain('“<span>Asha Your account is locked. Unlock it at https://evil.example/login</span>”');
    expect(mail.html).toContain('<a href="https://learn.example.in/admin/pending-orders">');
    expect(mail.html.match(/<a /g)).toHaveLength(1);
  });

  it('never linkify a parameter that is not a link the server built', () => {
    const note = defineEmail<{ pkg: string; link: string }>({
      subject: { en: ({ pkg }) => pkg, mr: ({ pkg }) => pkg },
      body: { en: ({ pkg, link }) => `${pkg}\n\n${link}`, mr: ({ pkg, link }) => `${pkg}\n\n${link}` },
    });
    const mail = renderEmail(note, 'en', { pkg: 'Visit https://evil.example\nnow', link: 'https://learn.example.in/x' }, 'a@example.com');
    expect(mail.subject).toBe('Visit https://evil.example now');
    expect(mail.html).not.toContain('href="https://evil.example');
    expect(mail.html).toContain('<a href="https://learn.example.in/x">');
  });
});

describe.each([
  { where: 'on the server thread', inWorker: false },
  { where: 'in the mail worker thread', inWorker: true },
])('emails delivered $where', ({ inWorker }) => {
  it('are written to the outbox as .eml files when no SMTP server is set, and logged', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const outboxDir = path.join(dataDir, 'outbox');
    const { log, lines } = captureLog();
    const mailer = createMailer({ inWorker, smtpUrl: undefined, from: 'Marathi Success <no-reply@localhost>', outboxDir, log });
    closers.push(() => mailer.close());

    await mailer.send(renderEmail(welcome, 'mr', { name: 'आशा', link: 'https://learn.example.in/x' }, 'asha@example.com'));

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(await readFile(path.join(outboxDir, files[0]!), 'utf8')).toContain('To: asha@example.com');
    const [message] = await readOutbox(outboxDir);
    expect(message).toMatchObject({ to: 'asha@example.com', subject: 'स्वागत आहे, आशा' });
    expect(message!.text).toContain('सुरुवात करण्यासाठी');
    expect(lines).toContainEqual(expect.objectContaining({ to: 'asha@example.com', subject: 'स्वागत आहे, आशा', msg: 'email written to the outbox' }));
  });

  it('go through a real SMTP server when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer();
    closers.push(smtp.close);
    const { log, lines } = captureLog();
    const mailer = createMailer({
      inWorker,
      smtpUrl: `${smtp.url}?ignoreTLS=true`,
      from: 'Marathi Success <no-reply@learn.example.in>',
      outboxDir: '/nonexistent',
      log,
    });
    closers.push(() => mailer.close());

    await mailer.send(renderEmail(welcome, 'en', { name: 'Asha', link: 'https://learn.example.in/x' }, 'asha@example.com'));

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe('Welcome, Asha');
    expect(smtp.received[0]!.text).toContain('Open https://learn.example.in/x to begin.');
    expect(smtp.received[0]!.from?.text).toContain('no-reply@learn.example.in');
    expect(lines).toContainEqual(expect.objectContaining({ to: 'asha@example.com', msg: 'email sent' }));
  });

  it('logs a failure in the background instead of throwing', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer({ inWorker, smtpUrl: 'smtp://127.0.0.1:1', from: 'x <x@localhost>', outboxDir: '/nonexistent', log });
    closers.push(() => mailer.close());
    mailer.sendInBackground(renderEmail(welcome, 'en', { name: 'A', link: 'https://x.in' }, 'a@example.com'));
    await expect.poll(() => lines.some((line) => line.msg === 'email failed'), { timeout: 5000 }).toBe(true);
  });

  it('answers a failure to the one who waits for the send', async () => {
    const { log } = captureLog();
    const mailer = createMailer({ inWorker, smtpUrl: 'smtp://127.0.0.1:1', from: 'x <x@localhost>', outboxDir: '/nonexistent', log });
    closers.push(() => mailer.close());
    await expect(mailer.send(renderEmail(welcome, 'en', { name: 'A', link: 'https://x.in' }, 'a@example.com'))).rejects.toThrow(/ECONNREFUSED|connect/i);
  });

  it('delivers every message handed over before close', async () => {
    const outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'outbox-')), 'outbox');
    const { log } = captureLog();
    const mailer = createMailer({ inWorker, smtpUrl: undefined, from: 'x <x@localhost>', outboxDir, log });
    for (let n = 0; n < 5; n += 1) mailer.sendInBackground(renderEmail(welcome, 'en', { name: `A${n}`, link: 'https://x.in' }, `a${n}@example.com`));
    await mailer.close();
    expect((await readOutbox(outboxDir)).map((message) => message.to).sort()).toEqual([
      'a0@example.com',
      'a1@example.com',
      'a2@example.com',
      'a3@example.com',
      'a4@example.com',
    ]);
  });
});

describe('emails composed later', () => {
  it('are composed after the current turn, so the request that caused them answers first, and every one is sent before close', async () => {
    const outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'outbox-')), 'outbox');
    const { log } = captureLog();
    const mailer = createMailer({ smtpUrl: undefined, from: 'x <x@localhost>', outboxDir, log });
    const composed: string[] = [];

    mailer.sendLater(() => {
      composed.push('two');
      return [
        renderEmail(welcome, 'en', { name: 'A', link: 'https://x.in' }, 'a@example.com'),
        renderEmail(welcome, 'en', { name: 'B', link: 'https://x.in' }, 'b@example.com'),
      ];
    });
    mailer.sendLater(() => {
      composed.push('none');
      return null;
    });
    expect(composed).toEqual([]);

    await mailer.close();
    expect(composed).toEqual(['two', 'none']);
    expect((await readOutbox(outboxDir)).map((message) => message.to).sort()).toEqual(['a@example.com', 'b@example.com']);
  });

  it('log a failure to compose instead of throwing', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer({ smtpUrl: undefined, from: 'x <x@localhost>', outboxDir: '/nonexistent', log });
    mailer.sendLater(() => {
      throw new Error('the buyer is gone');
    });
    await mailer.close();
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'email failed', err: expect.objectContaining({ message: 'the buyer is gone' }) }));
  });
});
