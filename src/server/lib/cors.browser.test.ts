import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../../test/browser.js';
import { createPackage, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The legacy web client lives on another origin and calls our REST API with its token in a
 * header, through the browser's real CORS preflight. A tiny second server on another port stands
 * in for it: as http://localhost:PORT it is in CORS_ORIGINS; the very same page as
 * http://127.0.0.1:PORT is another origin that is not.
 */

let t: TestApp;
let browser: TestBrowser;
let oldClient: Server;
let allowedOrigin: string;
let otherOrigin: string;

beforeAll(async () => {
  oldClient = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Old client</title><h1>Old client</h1>');
  });
  await new Promise<void>((resolve) => oldClient.listen(0, '127.0.0.1', resolve));
  const port = (oldClient.address() as AddressInfo).port;
  allowedOrigin = `http://localhost:${port}`;
  otherOrigin = `http://127.0.0.1:${port}`;
  [t, browser] = await Promise.all([startTestApp({ env: { CORS_ORIGINS: allowedOrigin } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await new Promise((resolve) => oldClient?.close(resolve));
});

/** What the legacy client does: log in, then read the user with header `token`, as axios would. */
async function legacyCalls(origin: string, email: string) {
  const { page } = await browser.newPage();
  await page.goto(`${origin}/`);
  return page.evaluate(
    async ({ server, email, password }) => {
      try {
        const login = await fetch(`${server}/api/user/login`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        const { token } = (await login.json()) as { token: string };
        const me = await fetch(`${server}/api/user/me`, { credentials: 'include', headers: { token } });
        const courses = (await (await fetch(`${server}/api/course/all`)).json()) as { courses: { image: string }[] };
        // Package cards build the picture as `${server}/${course.image}`.
        const picture = await new Promise<number>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(-1);
          img.src = `${server}/${courses.courses[0]!.image}`;
        });
        return { outcome: 'answered' as const, status: me.status, user: ((await me.json()) as { user: { email: string } }).user, picture };
      } catch (error) {
        return { outcome: 'refused' as const, message: String(error) };
      }
    },
    { server: t.url, email, password: TEST_PASSWORD },
  );
}

describe('the legacy client on another origin', () => {
  it('logs in and reads the user with header token through the real preflight, and shows package pictures', async () => {
    const user = await createUser(t.db, { email: 'old.client@example.com' });
    await mkdir(path.join(t.dataDir, 'uploads', 'packages'), { recursive: true });
    await writeFile(
      path.join(t.dataDir, 'uploads', 'packages', 'legacycard-640.webp'),
      await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1d4ed8' } })
        .webp()
        .toBuffer(),
    );
    createPackage(t.db, { name: 'Beginner Package', image: 'legacycard' });

    // A custom header (`token`) and a JSON body make the browser ask first (a preflight).
    const answer = await legacyCalls(allowedOrigin, user.email);
    expect(answer).toMatchObject({ outcome: 'answered', status: 200, user: { email: 'old.client@example.com' }, picture: 640 });
  });

  it('is refused by the browser when its origin is not allowed', async () => {
    const user = await createUser(t.db, { email: 'other.origin@example.com' });
    const answer = await legacyCalls(otherOrigin, user.email);
    expect(answer.outcome).toBe('refused');
    expect(answer).toMatchObject({ message: expect.stringContaining('Failed to fetch') });
  });
});
