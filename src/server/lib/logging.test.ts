import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { waitForEmail } from '../../test/outbox.js';
import { callJson, startTestApp, type TestApp } from '../../test/test-app.js';
import { pendingRegistration } from '../../test/world.js';

let t: TestApp;
let logged = '';

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logged += chunk.toString('utf8');
  });
  // Debug: every request gets a line, the most a log ever holds.
  t = await startTestApp({ env: { LOG_LEVEL: 'debug' }, build: { logStream } });
});
afterAll(async () => {
  await t.close();
});

describe('the log', () => {
  it('holds a line for each request but never a session, reset or activation token, nor a password', async () => {
    const user = await createUser(t.db, { email: 'asha@example.com' });
    const login = await callJson(t.url, 'POST', '/api/user/login', { body: { email: user.email, password: TEST_PASSWORD } });
    const session = login.body.token as string;
    await callJson(t.url, 'GET', '/api/user/me', { token: session });
    await callJson(t.url, 'GET', '/trpc/auth.me', { headers: { authorization: `Bearer ${session}`, cookie: `session=${session}` } });
    // A client that wrongly puts the token in the URL: refused, and still not logged.
    await callJson(t.url, 'GET', `/api/user/me?token=${session}`);

    await callJson(t.url, 'POST', '/api/user/forgot', { body: { email: user.email } });
    const resetEmail = await waitForEmail(t.outbox, user.email, (message) => /reset/i.test(message.subject));
    const resetToken = resetEmail.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
    await fetch(`${t.url}/reset-password/${resetToken}`, { headers: { accept: 'text/html' } });
    await callJson(t.url, 'POST', `/api/user/reset?token=${resetToken}`, { body: { password: 'a-new-password-7' } });

    const pending = await pendingRegistration(t);
    await callJson(t.url, 'POST', '/api/user/verify', { body: { activationToken: pending.activationToken, otp: pending.code } });
    await callJson(t.url, 'POST', `/trpc/auth.resendCode?activationToken=${pending.activationToken}`, { body: { activationToken: pending.activationToken } });

    // A request that fails on the server side is logged with its error, and that line too stays clean.
    await callJson(t.url, 'POST', '/api/user/login', { body: `{"email":"${user.email}","password":"${TEST_PASSWORD}` });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged).toContain('"url":"/reset-password/[redacted]"');
    expect(logged).toContain('"url":"/api/user/reset?token=[redacted]"');
    expect(logged).toContain('"url":"/api/user/me"');
    for (const secret of [session, resetToken, pending.activationToken, pending.code, TEST_PASSWORD, 'a-new-password-7']) {
      expect(logged).not.toContain(secret);
    }
  });
});
