import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, grantPackage, createPackage, TEST_PASSWORD } from '../../../test/factories.js';
import { callJson, freshAppPerTest, testClock, type TestApp } from '../../../test/test-app.js';
import { sessions } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import { SESSION_DAYS } from './sessions.service.js';

let t: TestApp;
const clock = testClock();
freshAppPerTest(clock, (app) => {
  t = app;
});

const login = (email: string, password = TEST_PASSWORD) => callJson(t.url, 'POST', '/api/user/login', { body: { email, password } });

describe('login', () => {
  it('answers a message, a token and the user in REST.md shape, and sets an httpOnly SameSite=Lax cookie', async () => {
    const user = await createUser(t.db, { name: 'Asha Pawar', email: 'asha@example.com', phone: '9876543210' });
    const pkg = createPackage(t.db);
    grantPackage(t.db, user.id, pkg.id);
    const answer = await login('ASHA@example.com');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Logged in successfully.');
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(answer.body.user).toEqual({
      _id: String(user.id),
      name: 'Asha Pawar',
      email: 'asha@example.com',
      contact: '9876543210',
      role: 'user',
      mainrole: null,
      referralLink: user.referralCode,
      profileImage: null,
      purchasedCourses: [String(pkg.id)],
      earnings: { today: 0, week: 0, month: 0, total: 0 },
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/argon2|passwordHash|password/);
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Only a hash of the token is stored.
    const stored = t.db.select().from(sessions).where(eq(sessions.userId, user.id)).get()!;
    expect(stored.tokenHash).toBe(hashToken(answer.body.token));
    expect(stored.expiresAt - stored.createdAt).toBe(SESSION_DAYS * 24 * 60 * 60 * 1000);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const wrong = await login('asha@example.com', 'not the password');
    const unknown = await login('nobody@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 429 with a retry time after 10 failures for one account, even with the right password', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    for (let i = 0; i < 10; i += 1) expect((await login('asha@example.com', 'guess')).status).toBe(401);
    const blocked = await login('asha@example.com');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits attempts per IP across accounts', async () => {
    const answers = [];
    for (let i = 0; i < 101; i += 1) answers.push((await login(`nobody${i}@example.com`, 'guess')).status);
    expect(answers.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(answers[100]).toBe(429);
  });
});

describe('sessions', () => {
  it('work through header `token`, a Bearer header and the cookie', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const { token } = (await login('asha@example.com')).body;
    const ways: Record<string, string>[] = [{ token }, { authorization: `Bearer ${token}` }, { cookie: `session=${token}` }];
    for (const headers of ways) {
      const me = await callJson(t.url, 'GET', '/api/user/me', { headers });
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe('asha@example.com');
    }
  });

  it('stop working after logout', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const { token } = (await login('asha@example.com')).body;
    const out = await callJson(t.url, 'POST', '/api/user/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged Out' });
    const me = await callJson(t.url, 'GET', '/api/user/me', { token });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('expire', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const { token } = (await login('asha@example.com')).body;
    clock.advance(SESSION_DAYS * 24 * 60 * 60 * 1000 + 1);
    expect((await callJson(t.url, 'GET', '/api/user/me', { token })).status).toBe(401);
  });

  it('are never read from the URL', async () => {
    await createUser(t.db, { email: 'asha@example.com' });
    const { token } = (await login('asha@example.com')).body;
    expect((await callJson(t.url, 'GET', `/api/user/me?token=${token}`)).status).toBe(401);
  });
});
