import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestApp, type TestApp } from '../../test/test-app.js';
import { createPackage, createUserWithToken } from '../../test/factories.js';
import { TRPC_MAX_BATCH } from './trpc.plugin.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('the server', () => {
  it('answers /healthz when the database answers', async () => {
    const answer = await callJson(t.url, 'GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
  });

  it('gives /healthz?details to a caller on the box only: sizes, free disk and memory', async () => {
    const local = await callJson(t.url, 'GET', '/healthz?details');
    expect(local.status).toBe(200);
    expect(local.body).toMatchObject({ ok: true, databaseBytes: expect.any(Number), walBytes: expect.any(Number) });
    expect(local.body.databaseBytes).toBeGreaterThan(0);
    expect(local.body.diskFreeBytes).toBeGreaterThan(0);
    expect(local.body.residentBytes).toBeGreaterThan(local.body.heapUsedBytes);
    // Through Caddy (which always adds X-Forwarded-For) a caller from outside gets the answer alone.
    const proxied = await callJson(t.url, 'GET', '/healthz?details', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.body).toEqual({ ok: true });
  });

  it('answers GET /api/course/all with an empty list on an empty database', async () => {
    const answer = await callJson(t.url, 'GET', '/api/course/all');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ courses: [] });
  });

  it('answers an unknown /api path with 404 JSON in the REST convention', async () => {
    const answer = await callJson(t.url, 'GET', '/api/no/such/call');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('serves the app for any other page path, so client routes survive a reload', async () => {
    for (const path of ['/', '/packages', '/course-content/12', '/reset-password/abc']) {
      const response = await fetch(t.url + path, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root">');
      expect(html).toContain('"siteName":"Marathi Success"');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('paints the header with the site name before the app code arrives', async () => {
    const html = await (await fetch(`${t.url}/privacy-policy`, { headers: { accept: 'text/html' } })).text();
    // The app's own header, drawn on the server (server-pages.ts).
    expect(html).toMatch(/<div id="root">.*<header class="header">.*<span>Marathi Success<\/span>.*<\/header>/);
    expect(html).not.toContain('__SITE_NAME__');
  });

  it("paints the packages page's heading too, in the language the app will most likely start in", async () => {
    const page = async (url: string, headers: Record<string, string> = {}) =>
      (await fetch(t.url + url, { headers: { accept: 'text/html', ...headers } })).text();
    const heading = (text: string) => `<h1>${text}</h1>`;
    // A new visitor gets the site's default (Marathi) whatever their browser's language; a choice made on the site (its cookie) or a link's `?lang=` wins.
    expect(await page('/packages', { 'accept-language': 'en-IN,en;q=0.9' })).toContain(heading('आमची पॅकेजेस'));
    expect(await page('/packages', { cookie: 'lang=en' })).toContain(heading('Our Packages'));
    expect(await page('/packages?lang=en', { cookie: 'lang=mr' })).toContain(heading('Our Packages'));
    expect(await page('/packages?lang=mr')).toContain(heading('आमची पॅकेजेस'));
    expect(await page('/')).toContain('<h1 class="hero__title">');
  });

  it("writes the app's stylesheet into the page, so the first paint waits for no other request", async () => {
    const html = await (await fetch(`${t.url}/`, { headers: { accept: 'text/html' } })).text();
    // Its link stays, disabled, so the loader of lazy chunks knows the page has it (never fetched).
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)?.every((link) => link.endsWith(' disabled>'))).toBe(true);
    expect(html).toMatch(/<style>[^<]*\.header[^<]*<\/style>/);
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const response = await fetch(`${t.url}/packages`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers a body that is not JSON with 400 in the REST convention', async () => {
    const response = await fetch(`${t.url}/api/course/all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toBeTruthy();
  });

  it('refuses a JSON body over the limit with 413', async () => {
    const response = await fetch(`${t.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(400 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('sets a CSP that frames only the video hosts, and a referrer policy YouTube accepts', async () => {
    const response = await fetch(`${t.url}/`, { headers: { accept: 'text/html' } });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The service worker and the manifest, from the site itself only.
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://drive.google.com');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('tRPC', () => {
  it('answers a batch of calls', async () => {
    const response = await fetch(`${t.url}/trpc/catalog.list,auth.me?batch=1&input=${encodeURIComponent('{}')}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { data: unknown } }[];
    expect(body.map((item) => item.result.data)).toEqual([[], null]);
  });

  it(`refuses a batch longer than ${TRPC_MAX_BATCH} calls`, async () => {
    const paths = Array.from({ length: TRPC_MAX_BATCH + 1 }, () => 'catalog.list').join(',');
    const response = await fetch(`${t.url}/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
    expect(response.status).toBe(400);
  });

  it('reads the session from header `token`, a Bearer header or the cookie, never from the URL', async () => {
    const { user, token } = await createUserWithToken(t.db, { name: 'Sunita Patil' });
    const me = async (init: RequestInit, query = '') => {
      const response = await fetch(`${t.url}/trpc/auth.me${query}`, init);
      return ((await response.json()) as { result: { data: { id: string } | null } }).result.data;
    };
    expect(await me({ headers: { token } })).toMatchObject({ id: String(user.id) });
    expect(await me({ headers: { authorization: `Bearer ${token}` } })).toMatchObject({ id: String(user.id) });
    expect(await me({ headers: { cookie: `session=${token}` } })).toMatchObject({ id: String(user.id) });
    expect(await me({}, `?token=${token}`)).toBeNull();
    expect(await me({ headers: { token: 'not-a-real-token' } })).toBeNull();
  });

  it('answers bad input with a message in the language of the request, and no stack', async () => {
    const call = (lang: string) =>
      fetch(`${t.url}/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lang': lang },
        body: JSON.stringify({ email: 'not-an-email', password: 'x' }),
      }).then((r) => r.json() as Promise<{ error: { message: string; data: Record<string, unknown> } }>);
    const english = await call('en');
    expect(english.error.message).toBe('Please enter a valid email address.');
    expect(english.error.data).toMatchObject({ code: 'BAD_INPUT', httpStatus: 400 });
    expect(JSON.stringify(english)).not.toMatch(/stack|at .*\.ts/);
    const marathi = await call('mr');
    expect(marathi.error.message).toBe('कृपया योग्य ईमेल पत्ता लिहा.');
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call that rides on the cookie from another site', async () => {
    const { token } = await createUserWithToken(t.db);
    const response = await fetch(`${t.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { cookie: `session=${token}`, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    const stillIn = await fetch(`${t.url}/trpc/auth.me`, { headers: { token } }).then((r) => r.json() as Promise<{ result: { data: unknown } }>);
    expect(stillIn.result.data).not.toBeNull();
  });

  it('lets the same site make that call', async () => {
    const { token } = await createUserWithToken(t.db);
    const response = await fetch(`${t.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { cookie: `session=${token}`, origin: t.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
  });

  const isSignedIn = async (token: string) =>
    (await fetch(`${t.url}/trpc/auth.me`, { headers: { token } }).then((r) => r.json() as Promise<{ result: { data: unknown } }>)).result.data !== null;

  it('checks the origin of a cookie request that carries an Authorization header it does not authenticate by', async () => {
    for (const authorization of ['Basic Zm9vOmJhcg==', 'Bearer ', 'Token abc']) {
      const { token } = await createUserWithToken(t.db);
      const response = await fetch(`${t.url}/trpc/auth.logout`, {
        method: 'POST',
        headers: { cookie: `session=${token}`, authorization, origin: 'https://evil.example', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status, authorization).toBe(403);
      expect(await isSignedIn(token)).toBe(true);
    }
  });

  it('never reads the cookie of a request authenticated by its header', async () => {
    const cookieUser = await createUserWithToken(t.db);
    const headerUser = await createUserWithToken(t.db);
    const response = await fetch(`${t.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: {
        cookie: `session=${cookieUser.token}`,
        authorization: `Bearer ${headerUser.token}`,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(await isSignedIn(headerUser.token)).toBe(false);
    expect(await isSignedIn(cookieUser.token)).toBe(true);
  });

  /** A POST over node:http, which lets the test set Host as a reverse proxy would rewrite it. */
  const postWithHost = (path: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(t.url);
      const request = httpRequest(
        { host: url.hostname, port: url.port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end('{}');
    });

  it("compares the Origin with PUBLIC_URL's origin, not with the Host header a proxy may rewrite", async () => {
    const first = await createUserWithToken(t.db);
    // Behind a proxy: the browser's Origin is the public address, Host is the proxy's upstream name.
    expect(await postWithHost('/trpc/auth.logout', { host: 'app-upstream:3000', origin: t.url, cookie: `session=${first.token}` })).toBe(200);
    const second = await createUserWithToken(t.db);
    // Another site that also controls Host (a DNS rebinding page, a misrouted proxy) is still another site.
    expect(await postWithHost('/trpc/auth.logout', { host: 'evil.example', origin: 'http://evil.example', cookie: `session=${second.token}` })).toBe(403);
    expect(await isSignedIn(second.token)).toBe(true);
  });

  it("draws a signed-in learner's checkout for them alone: never kept, private, no-store", async () => {
    const pkg = createPackage(t.db, { name: 'Personal Checkout Course', pricePaise: 99_900 });
    const first = await createUserWithToken(t.db, { name: 'First Learner', email: 'first.learner@example.com' });
    const second = await createUserWithToken(t.db, { name: 'Second Learner', email: 'second.learner@example.com' });
    const page = (cookie: string) => fetch(`${t.url}/course/${pkg.id}?buy=1`, { headers: { accept: 'text/html', cookie }, redirect: 'manual' });
    const popupOpen = /<dialog [^>]*\bopen=""[^>]*>[\s\S]*name="discountCode"/;

    const mine = await page(`session=${first.token}; lang=en`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const mineHtml = await mine.text();
    expect(mineHtml).toMatch(popupOpen);
    expect(mineHtml).toContain('first.learner@example.com');

    // The same address with a session that is no longer valid: the visitor's page, nothing of the learner's in it.
    const stale = await page('session=no-such-session; lang=en');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    const staleHtml = await stale.text();
    expect(staleHtml).toContain('Personal Checkout Course');
    expect(staleHtml).not.toMatch(popupOpen);
    expect(staleHtml).not.toContain('first.learner@example.com');

    // Another learner gets their own page, not the first one's.
    const theirs = await (await page(`session=${second.token}; lang=en`)).text();
    expect(theirs).toMatch(popupOpen);
    expect(theirs).toContain('second.learner@example.com');
    expect(theirs).not.toContain('first.learner@example.com');
  });
});

describe('index.html', () => {
  it("holds the site name as text, even one with replacement patterns such as $' and $&", async () => {
    const { fillIndexHtml } = await import('./serve-client.js');
    const { loadConfig } = await import('../config.js');
    const siteName = "Ram's $' Classes $& $$ $`";
    const html = fillIndexHtml(
      '<title>__SITE_NAME__</title><h1>__SITE_NAME__</h1><script type="application/json">__SITE_CONFIG__</script><p>end</p>',
      loadConfig({ SITE_NAME: siteName }),
    );
    const escaped = 'Ram&#39;s $&#39; Classes $&#38; $$ $`';
    const [, json] = /<script type="application\/json">(.*)<\/script>/.exec(html) ?? [];
    expect(JSON.parse(json!).siteName).toBe(siteName);
    expect(html).toBe(`<title>${escaped}</title><h1>${escaped}</h1><script type="application/json">${json}</script><p>end</p>`);
  });
});
