import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { codeFrom } from '../../../test/accounts.js';
import { startSmtpServer } from '../../../test/smtp.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let logged = '';

beforeAll(async () => {
  smtp = await startSmtpServer();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logged += chunk.toString('utf8');
  });
  t = await startTestApp({
    env: { SMTP_URL: `${smtp.url}?ignoreTLS=true`, MAIL_FROM: 'Marathi Success <hello@learn.example.in>', LOG_LEVEL: 'debug' },
    build: { logStream, backgroundMail: true },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('account emails through a real SMTP server', () => {
  it('carry the registration code, and the code verifies', async () => {
    const registered = await callJson(t.url, 'POST', '/api/user/register', {
      body: { name: 'Asha', email: 'asha@example.com', contact: '9876543210', password: 'mango-lassi-42' },
    });
    const mail = smtp.received.find((m) => m.to && JSON.stringify(m.to).includes('asha@example.com'))!;
    expect(mail.from?.text).toContain('hello@learn.example.in');
    const verified = await callJson(t.url, 'POST', '/api/user/verify', {
      body: { activationToken: registered.body.activationToken, otp: codeFrom(mail.text ?? '') },
    });
    expect(verified.status).toBe(200);
    expect((await t.outbox()).length).toBe(0);
  });

  it('leave no code, address or subject in any log line, only the kind of email', async () => {
    await callJson(t.url, 'POST', '/api/user/register', {
      body: { name: 'Meera', email: 'meera@example.com', contact: '9876543211', password: 'mango-lassi-42' },
    });
    await expect.poll(() => smtp.received.some((m) => JSON.stringify(m.to).includes('meera@example.com'))).toBe(true);
    const mail = smtp.received.find((m) => JSON.stringify(m.to).includes('meera@example.com'))!;
    const code = codeFrom(mail.text ?? '');
    expect(mail.subject).not.toContain(code);
    await expect.poll(() => logged.includes('"kind":"verification-code"')).toBe(true);
    for (const secret of [code, 'meera@example.com', mail.subject ?? '']) expect(logged).not.toContain(secret);
  });

  it('carry the reset link', async () => {
    await createUser(t.db, { email: 'ravi@example.com' });
    await callJson(t.url, 'POST', '/api/user/forgot', { body: { email: 'ravi@example.com' } });
    await expect.poll(() => smtp.received.some((m) => /Reset your/.test(m.subject ?? ''))).toBe(true);
    const mail = smtp.received.find((m) => /Reset your/.test(m.subject ?? ''))!;
    expect(mail.text).toMatch(new RegExp(`${t.url}/reset-password/[A-Za-z0-9_-]{43}`));
  });
});
