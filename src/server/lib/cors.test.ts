import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestApp, type TestApp } from '../../test/test-app.js';
import { createUser, createUserWithToken } from '../../test/factories.js';
import { ConfigError, loadConfig } from '../config.js';
import { users } from '../db/schema.js';
import { SESSION_COOKIE } from './request-info.js';

const OLD_CLIENT = 'http://old-client.example';
const OTHER = 'http://evil.example';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { CORS_ORIGINS: `${OLD_CLIENT}, https://second.example` } });
});
afterAll(() => t.close());

function preflight(url: string, origin: string, method = 'GET', headers = 'token,content-type') {
  return fetch(t.url + url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

describe('CORS_ORIGINS', () => {
  it('takes exact origins and refuses "*" and paths with a clear message', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:8080/' }).corsOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS: .*"\*" is not allowed because the calls carry credentials/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/app' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'a.example' })).toThrow(/CORS_ORIGINS/);
  });
});

describe('cross-origin calls', () => {
  it('answers a preflight from an allowed origin for the REST calls, with the headers they use', async () => {
    for (const [url, method] of [
      ['/api/user/me', 'GET'],
      ['/api/user/login', 'POST'],
      ['/approve', 'POST'],
      ['/api/course/12', 'DELETE'],
    ] as const) {
      const answer = await preflight(url, OLD_CLIENT, method, 'token,authorization,content-type');
      expect(answer.status, url).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(OLD_CLIENT);
      expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      expect(
        answer.headers
          .get('access-control-allow-headers')
          ?.split(',')
          .map((name) => name.trim())
          .sort(),
      ).toEqual(['authorization', 'content-type', 'token']);
      expect(answer.headers.get('access-control-allow-methods')).toContain(method);
    }
  });

  it('gives other origins, and tRPC, no CORS headers', async () => {
    const other = await preflight('/api/user/me', OTHER);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.status).toBe(404);
    const trpc = await preflight('/trpc/auth.profile', OLD_CLIENT);
    expect(trpc.headers.get('access-control-allow-origin')).toBeNull();
    const get = await callJson(t.url, 'GET', '/api/course/all', { headers: { origin: OTHER } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await callJson(t.url, 'GET', '/api/course/all', { headers: { origin: OLD_CLIENT } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(OLD_CLIENT);
    expect(allowed.headers.get('vary')).toContain('Origin');
  });

  it('authenticates a cross-origin call by its header token, never by the cookie', async () => {
    const { user, token } = await createUserWithToken(t.db);
    const withToken = await callJson(t.url, 'GET', '/api/user/me', { token, headers: { origin: OLD_CLIENT } });
    expect(withToken.status).toBe(200);
    expect(withToken.body.user._id).toBe(String(user.id));
    const bearer = await callJson(t.url, 'GET', '/api/user/me', { headers: { origin: OLD_CLIENT, authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);
    const cookieOnly = await callJson(t.url, 'GET', '/api/user/me', { headers: { origin: OLD_CLIENT, cookie: `${SESSION_COOKIE}=${token}` } });
    expect(cookieOnly.status).toBe(401);
    // The same cookie from the site itself still works.
    const sameSite = await callJson(t.url, 'GET', '/api/user/me', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(sameSite.status).toBe(200);
  });

  it('never accepts a legacy token (a JWT signed by the old server)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ _id: '67c8a8ed5a4df55a6dc526d7', exp: 4_102_444_800 })).toString('base64url');
    const legacyToken = `${header}.${payload}.c2lnbmF0dXJl`;
    const answer = await callJson(t.url, 'GET', '/api/user/me', { token: legacyToken, headers: { origin: OLD_CLIENT } });
    expect(answer.status).toBe(401);
  });

  it('lets the allowed origins show pictures from /uploads/', async () => {
    await mkdir(path.join(t.dataDir, 'uploads', 'packages'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'uploads', 'packages', 'cors-check-640.webp'), 'x');
    const picture = await fetch(`${t.url}/uploads/packages/cors-check-640.webp`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Everything else keeps helmet's same-origin.
    const api = await fetch(`${t.url}/api/course/all`);
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

describe('without CORS_ORIGINS', () => {
  it('answers no preflight and keeps pictures same-origin', async () => {
    const plain = await startTestApp();
    try {
      const answer = await fetch(`${plain.url}/api/user/me`, {
        method: 'OPTIONS',
        headers: { origin: OLD_CLIENT, 'access-control-request-method': 'GET', 'access-control-request-headers': 'token' },
      });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      const picture = await fetch(`${plain.url}/uploads/none.webp`);
      expect(picture.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    } finally {
      await plain.close();
    }
  });
});

describe('legacy passwords', () => {
  it('log in once with the bcrypt hash, which is then replaced by argon2id', async () => {
    const user = await createUser(t.db, { email: 'legacy.bcrypt@example.com' });
    const legacyHash = bcrypt.hashSync('Legacy!pass1', 10).replace(/^\$2a\$/, '$2b$');
    t.db.update(users).set({ passwordHash: legacyHash }).where(eq(users.id, user.id)).run();

    const wrong = await callJson(t.url, 'POST', '/api/user/login', { body: { email: user.email, password: 'nope-nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(t.db.select().from(users).where(eq(users.id, user.id)).get()!.passwordHash).toBe(legacyHash);

    const first = await callJson(t.url, 'POST', '/api/user/login', { body: { email: 'Legacy.Bcrypt@example.com', password: 'Legacy!pass1' } });
    expect(first.status).toBe(200);
    const after = t.db.select().from(users).where(eq(users.id, user.id)).get()!.passwordHash;
    expect(after).toMatch(/^\$argon2id\$/);

    const again = await callJson(t.url, 'POST', '/api/user/login', { body: { email: user.email, password: 'Legacy!pass1' } });
    expect(again.status).toBe(200);
  });
});

describe('answers the legacy client reads', () => {
  it('gives the admin users screen earnings as a number', async () => {
    const { token } = await createUserWithToken(t.db, { role: 'admin' });
    const answer = await callJson(t.url, 'GET', '/api/admin/users', { token, headers: { origin: OLD_CLIENT } });
    expect(answer.status).toBe(200);
    expect(answer.body.users.length).toBeGreaterThan(0);
    // The legacy admin screen renders Math.floor(user.earnings): a number, not REST.md's user.earnings object.
    for (const row of answer.body.users) expect(typeof row.earnings).toBe('number');
  });

  it('gives pictures of people as absolute URLs on PUBLIC_URL, since the client puts them into <img src> on its own origin', async () => {
    const { user, token } = await createUserWithToken(t.db, { name: 'Pictured Earner' });
    t.db.update(users).set({ profileImage: 'abc123-256.webp', earnedPaise: 999_999_00, earnedAt: Date.now() }).where(eq(users.id, user.id)).run();
    const expectedUrl = `${t.url}/uploads/profiles/abc123-256.webp`;
    expect((await callJson(t.url, 'GET', '/api/user/me', { token })).body.user.profileImage).toBe(expectedUrl);
    expect((await callJson(t.url, 'GET', '/api/profile-image', { token })).body.profileImage).toBe(expectedUrl);
    const board = await callJson(t.url, 'GET', '/api/leaderboard', { token });
    expect(board.body.leaderboard[0]).toMatchObject({ _id: String(user.id), profileImage: expectedUrl });
  });
});
