import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { pendingRegistration } from '../../../test/world.js';
import { TRPC_MAX_BATCH } from '../../http/trpc.plugin.js';
import { loginLimits } from './accounts.service.js';
import { resetLimits } from './password-reset.service.js';
import { registrationLimits } from './registration.service.js';

/**
 * Guessing: every call that checks a secret is limited per IP (and per account where there is
 * one), a tRPC batch counts each of its calls, and secrets are too long to guess.
 */

let t: TestApp;

beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

type BatchItem = { result?: { data: unknown }; error?: { message: string; data: { code: string; httpStatus: number } } };

/** One tRPC batch POST of the same mutation with each input. */
async function batch(path: string, inputs: unknown[]): Promise<BatchItem[]> {
  const paths = inputs.map(() => path).join(',');
  const body = Object.fromEntries(inputs.map((input, index) => [String(index), input]));
  const answer = await callJson(t.url, 'POST', `/trpc/${paths}?batch=1`, { body });
  expect(Array.isArray(answer.body), JSON.stringify(answer.body)).toBe(true);
  return answer.body as BatchItem[];
}

const statusOf = (item: BatchItem) => item.error?.data.httpStatus ?? 200;
const count = (items: BatchItem[], status: number) => items.filter((item) => statusOf(item) === status).length;

describe('login guesses', () => {
  it('count each call against the account', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const guesses = Array.from({ length: TRPC_MAX_BATCH }, (_, i) => ({ email: 'asha@example.com', password: `guess ${i}` }));
    const answers = [...(await batch('auth.login', guesses.slice(0, 3))), ...(await batch('auth.login', guesses))];
    expect(count(answers, 401)).toBe(loginLimits.failuresPerAccount.points);
    expect(count(answers, 429)).toBe(answers.length - loginLimits.failuresPerAccount.points);
    expect(answers.find((item) => statusOf(item) === 429)!.error!.message).toMatch(/^Too many attempts\./);
    const right = await batch('auth.login', [{ email: 'asha@example.com', password: TEST_PASSWORD }]);
    expect(statusOf(right[0]!)).toBe(429);
  });

  it('sent at the same moment as separate requests, get one try each', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const tries = loginLimits.failuresPerAccount.points;
    for (let i = 0; i < tries - 1; i += 1) {
      expect((await callJson(t.url, 'POST', '/api/user/login', { body: { email: 'asha@example.com', password: `guess ${i}` } })).status).toBe(401);
    }
    // One try is left: of ten wrong guesses sent at once, only one is checked (401); the others
    // are refused before their password is hashed, whenever they arrive (429).
    const parallel = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callJson(t.url, 'POST', '/api/user/login', { body: { email: 'asha@example.com', password: `parallel guess ${i}` } }),
      ),
    );
    const statuses = parallel.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, ...Array.from({ length: 9 }, () => 429)]);
  });

  it('count each call against the IP', async () => {
    const limit = loginLimits.perIp.points;
    const answers: BatchItem[] = [];
    for (let sent = 0; sent <= limit; sent += TRPC_MAX_BATCH) {
      const inputs = Array.from({ length: TRPC_MAX_BATCH }, (_, i) => ({ email: `nobody${sent + i}@example.com`, password: 'guess' }));
      answers.push(...(await batch('auth.login', inputs)));
    }
    expect(count(answers, 401)).toBe(limit);
    expect(count(answers, 429)).toBe(answers.length - limit);
  });
});

describe('login lockout (device cookies)', () => {
  const loginAs = (email: string, password: string, device?: string) =>
    callJson(t.url, 'POST', '/api/user/login', { body: { email, password }, headers: device ? { cookie: `device=${device}` } : {} });
  const deviceOf = (answer: { headers: Headers }) => {
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('device='));
    expect(cookie, 'a device cookie is set at login').toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    return cookie!.slice('device='.length).split(';')[0]!;
  };
  const lockOut = async (email: string) => {
    for (let i = 0; i < loginLimits.failuresPerAccount.points + 2; i += 1) await loginAs(email, `guess ${i}`);
  };

  it('failures from elsewhere do not lock out a browser that has logged in to the account before', async () => {
    await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
    const owner = deviceOf(await loginAs('admin@example.com', TEST_PASSWORD));
    await lockOut('admin@example.com');
    // Anyone without the owner's browser is locked out, right password or not.
    expect((await loginAs('admin@example.com', TEST_PASSWORD)).status).toBe(429);
    expect((await loginAs('admin@example.com', TEST_PASSWORD, 'a-device-nobody-issued-0')).status).toBe(429);
    // The owner is not.
    const again = await loginAs('admin@example.com', TEST_PASSWORD, owner);
    expect(again.status).toBe(200);
    expect(deviceOf(again)).toBe(owner);
  });

  it('still stops guessing from a known browser, per browser', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const owner = deviceOf(await loginAs('asha@example.com', TEST_PASSWORD));
    const statuses: number[] = [];
    for (let i = 0; i < loginLimits.failuresPerKnownDevice.points + 1; i += 1) statuses.push((await loginAs('asha@example.com', `guess ${i}`, owner)).status);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await loginAs('asha@example.com', TEST_PASSWORD, owner)).status).toBe(429);
  });

  it("a device cookie earned on one account is nobody's key to another", async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    await createUser(t.db, { email: 'mallory@example.com' });
    const mallory = deviceOf(await loginAs('mallory@example.com', TEST_PASSWORD));
    await lockOut('asha@example.com');
    expect((await loginAs('asha@example.com', TEST_PASSWORD, mallory)).status).toBe(429);
  });

  it('a password reset forgets the known browsers and knows the one that reset it', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const old = deviceOf(await loginAs('asha@example.com', TEST_PASSWORD));
    await callJson(t.url, 'POST', '/api/user/forgot', { body: { email: 'asha@example.com' } });
    const message = await waitForEmail(t.outbox, 'asha@example.com', (m) => /Reset your/.test(m.subject));
    const token = message.text.match(/\/reset-password\/(\S+)/)![1]!;
    const reset = await callJson(t.url, 'POST', '/trpc/auth.resetPassword', { body: { token, password: 'a-brand-new-password' } });
    expect(reset.status).toBe(200);
    const resetter = deviceOf(reset);
    await lockOut('asha@example.com');
    expect((await loginAs('asha@example.com', 'a-brand-new-password', old)).status).toBe(429);
    expect((await loginAs('asha@example.com', 'a-brand-new-password', resetter)).status).toBe(200);
  });
});

describe('OTP guesses', () => {
  it('are limited per IP across registrations, batches included', async () => {
    const limit = registrationLimits.verifyPerIp.points;
    const answers: BatchItem[] = [];
    for (let sent = 0; sent <= limit; sent += TRPC_MAX_BATCH) {
      const inputs = [];
      for (let i = 0; i < TRPC_MAX_BATCH; i += 1) {
        const pending = await pendingRegistration(t, { code: '111111' });
        inputs.push({ activationToken: pending.activationToken, otp: '222222' });
      }
      answers.push(...(await batch('auth.verify', inputs)));
    }
    expect(count(answers, 429)).toBe(answers.length - limit);
    expect(answers.slice(0, limit).every((item) => statusOf(item) === 400)).toBe(true);
    // The REST call shares the count.
    const pending = await pendingRegistration(t, { code: '111111' });
    const rest = await callJson(t.url, 'POST', '/api/user/verify', { body: { activationToken: pending.activationToken, otp: '111111' } });
    expect(rest.status).toBe(429);
  });
});

describe('code resends', () => {
  it('are limited per IP across registrations', async () => {
    const limit = registrationLimits.resendPerIp.points;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) {
      // Sent two minutes ago, so the once-a-minute rule of each registration allows a resend.
      const pending = await pendingRegistration(t, { sentAgoMs: 2 * 60 * 1000 });
      statuses.push((await callJson(t.url, 'POST', '/trpc/auth.resendCode', { body: { activationToken: pending.activationToken } })).status);
    }
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});

describe('forgot and reset', () => {
  it('limit forgot requests per IP across emails', async () => {
    const limit = resetLimits.forgotPerIp.points;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) {
      statuses.push((await callJson(t.url, 'POST', '/api/user/forgot', { body: { email: `someone${i}@example.com` } })).status);
    }
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it('limit reset-token guesses per IP, REST and tRPC batches alike', async () => {
    const limit = resetLimits.resetPerIp.points;
    const guess = (i: number) => `${'A'.repeat(40)}${String(i).padStart(3, '0')}`;
    const restStatuses: number[] = [];
    for (let i = 0; i < limit - TRPC_MAX_BATCH; i += 1) {
      restStatuses.push((await callJson(t.url, 'POST', `/api/user/reset?token=${guess(i)}`, { body: { password: 'a-new-password-7' } })).status);
    }
    expect(restStatuses.every((status) => status === 400)).toBe(true);
    const inputs = Array.from({ length: TRPC_MAX_BATCH }, (_, i) => ({ token: guess(100 + i), password: 'a-new-password-7' }));
    expect(count(await batch('auth.resetPassword', inputs), 400)).toBe(TRPC_MAX_BATCH);
    const over = await batch('auth.resetPassword', [{ token: guess(999), password: 'a-new-password-7' }]);
    expect(statusOf(over[0]!)).toBe(429);
  });
});

describe('secrets', () => {
  const bits = (token: string) => Buffer.from(token, 'base64url').length * 8;

  it('session, activation and reset tokens carry at least 128 random bits, and the OTP is 6 digits', async () => {
    const user = await createUser(t.db, { email: 'asha@example.com' });
    const sessions = await Promise.all([0, 1].map(() => callJson(t.url, 'POST', '/api/user/login', { body: { email: user.email, password: TEST_PASSWORD } })));
    const sessionTokens = sessions.map((answer) => answer.body.token as string);

    const registrations = await Promise.all(
      ['new1@example.com', 'new2@example.com'].map((email) =>
        callJson(t.url, 'POST', '/api/user/register', { body: { name: 'Asha', email, contact: '9876543210', password: 'mango-lassi-42' } }),
      ),
    );
    const activationTokens = registrations.map((answer) => answer.body.activationToken as string);

    await callJson(t.url, 'POST', '/api/user/forgot', { body: { email: user.email } });
    const resetEmail = await waitForEmail(t.outbox, user.email, (message) => /reset/i.test(message.subject));
    const resetToken = resetEmail.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(resetToken).toBeDefined();

    for (const token of [...sessionTokens, ...activationTokens, resetToken!]) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(bits(token)).toBeGreaterThanOrEqual(128);
    }
    expect(new Set(sessionTokens).size).toBe(2);
    expect(new Set(activationTokens).size).toBe(2);
  });
});

describe('account enumeration', () => {
  it('register answers a known email exactly as a new one', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const body = (email: string) => ({ name: 'Asha', email, contact: '9876543210', password: 'mango-lassi-42' });
    const known = await callJson(t.url, 'POST', '/api/user/register', { body: body('asha@example.com') });
    const fresh = await callJson(t.url, 'POST', '/api/user/register', { body: body('fresh@example.com') });
    expect(known.status).toBe(fresh.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(known.body.message).toBe(fresh.body.message);
  });

  it('login spends the same password-hashing work on an unknown email as on a wrong password', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await callJson(t.url, 'POST', '/api/user/login', { body: { email, password: 'not the password' } });
      expect(answer.status).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that load on the machine weighs on both alike; 4 of each stays under the account's limit.
    for (let i = 0; i < 4; i += 1) {
      known.push(await timed('asha@example.com'));
      unknown.push(await timed(`nobody${i}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Skipping the hash would make an unknown email answer in well under a tenth of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});
