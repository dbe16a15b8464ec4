import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, freshAppPerTest, testClock, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
const clock = testClock();
freshAppPerTest(clock, (app) => {
  t = app;
});

const forgot = (email: string) => callJson(t.url, 'POST', '/api/user/forgot', { body: { email } });
const reset = (token: string, password: string) => callJson(t.url, 'POST', `/api/user/reset?token=${encodeURIComponent(token)}`, { body: { password } });
const login = (email: string, password: string) => callJson(t.url, 'POST', '/api/user/login', { body: { email, password } });

async function resetLink(email: string) {
  const message = await waitForEmail(t.outbox, email, (m) => /Reset your/.test(m.subject));
  const link = message.text.match(/https?:\/\/\S+\/reset-password\/(\S+)/);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('forgot password', () => {
  it('answers the same whether or not the email is known', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const known = await forgot('asha@example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: 'If an account exists for this email, we have sent a link to reset the password.' });
    expect(unknown.body).toEqual(known.body);
    await resetLink('asha@example.com');
    expect((await t.outbox()).some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it('limits requests per email', async () => {
    for (let i = 0; i < 3; i += 1) expect((await forgot('asha@example.com')).status).toBe(200);
    expect((await forgot('asha@example.com')).status).toBe(429);
  });
});

describe('reset link', () => {
  it('sets the new password once, ends every session, and tells the user by email', async () => {
    await createUser(t.db, { email: 'asha@example.com', name: 'Asha' });
    const { token: session } = (await login('asha@example.com', TEST_PASSWORD)).body;
    await forgot('asha@example.com');
    const token = await resetLink('asha@example.com');
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits

    const first = await reset(token, 'a-brand-new-password');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Your password has been changed. Please log in.' });
    expect((await callJson(t.url, 'GET', '/api/user/me', { token: session })).status).toBe(401);
    expect((await login('asha@example.com', TEST_PASSWORD)).status).toBe(401);
    expect((await login('asha@example.com', 'a-brand-new-password')).status).toBe(200);
    await waitForEmail(t.outbox, 'asha@example.com', (m) => /password was changed/.test(m.subject));

    const again = await reset(token, 'yet-another-password');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'RESET_LINK_INVALID', message: 'This reset link is invalid or has expired. Please ask for a new one.' });
  });

  it('expires after 30 minutes', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    await forgot('asha@example.com');
    const token = await resetLink('asha@example.com');
    clock.advance(30 * 60 * 1000 + 1);
    expect((await reset(token, 'a-brand-new-password')).status).toBe(400);
  });

  it('refuses a made-up token and a short password', async () => {
    expect((await reset('made-up', 'a-brand-new-password')).body.code).toBe('RESET_LINK_INVALID');
    await createUser(t.db, { email: 'asha@example.com' });
    await forgot('asha@example.com');
    const token = await resetLink('asha@example.com');
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('The password must have at least 8 characters.');
  });
});
