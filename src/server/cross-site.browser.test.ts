import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../test/browser.js';
import { dbChecksum } from '../test/db-snapshot.js';
import { createPackage, createUser, TEST_PASSWORD } from '../test/factories.js';
import { callJson, startTestApp, type TestApp } from '../test/test-app.js';
import { insertOrder } from '../test/world.js';

/**
 * A superadmin logged in on the site visits another site whose pages post forms to ours. The
 * forms are what an attacker can make a browser send: urlencoded, multipart, and text/plain
 * shaped like JSON. None may change anything.
 */

let t: TestApp;
let browser: TestBrowser;
let evil: Server;
let evilUrl: string;
/** The forms the other site serves, by path. */
const evilPages = new Map<string, string>();

function autoSubmittingForm(action: string, enctype: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name='${name.replaceAll("'", '&#39;')}' value='${value.replaceAll("'", '&#39;')}'>`)
    .join('');
  return `<!doctype html><form method="POST" action="${action}" enctype="${enctype}">${inputs}</form><script>document.forms[0].submit()</script>`;
}

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
  evil = createServer((request, response) => {
    const page = evilPages.get(request.url ?? '');
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  // "localhost" and "127.0.0.1" are different sites to a browser.
  evilUrl = `http://localhost:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await new Promise((resolve) => evil?.close(resolve));
});

describe('a logged-in superadmin visiting another site', () => {
  it('cannot be made to change anything by that site’s forms, while the site itself still can', async () => {
    const superadmin = await createUser(t.db, { email: 'owner@example.com', role: 'superadmin' });
    const victim = await createUser(t.db, { email: 'victim@example.com' });
    const pkg = createPackage(t.db);
    const order = insertOrder(t, victim, pkg);

    const { page, context } = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email').fill(superadmin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${t.url}/`);
    await page.goto(`${t.url}/account`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The session lives in an httpOnly, SameSite cookie, and never travels in a URL.
    const cookie = (await context.cookies(t.url)).find((entry) => entry.name === 'session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookie.value.length).toBeGreaterThanOrEqual(22);
    expect(requested.filter((url) => url.includes(cookie.value))).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).not.toContain(cookie.value);

    const attacks: [string, string, string, Record<string, string>][] = [
      ['/delete-user', '/trpc/admin.deleteUser', 'text/plain', { '{"email":"victim@example.com","x":"': '"}' }],
      ['/approve', '/approve', 'application/x-www-form-urlencoded', { orderId: String(order.id), action: 'approve' }],
      ['/approve-json', '/trpc/orders.decide', 'text/plain', { [`{"orderId":"${order.id}","action":"approve","x":"`]: '"}' }],
      ['/pay', '/api/admin/sendMail', 'application/x-www-form-urlencoded', { email: 'victim@example.com', amount: '100' }],
      ['/make-admin', '/trpc/admin.setRole', 'text/plain', { [`{"userId":"${victim.id}","role":"admin","x":"`]: '"}' }],
      ['/new-package', '/api/course/new', 'multipart/form-data', { name: 'Free money', price: '1', description: 'x' }],
      ['/logout', '/api/user/logout', 'application/x-www-form-urlencoded', {}],
      ['/logout-trpc', '/trpc/auth.logout', 'text/plain', { '{"x":"': '"}' }],
    ];
    const before = dbChecksum(t.db);
    for (const [evilPath, target, enctype, fields] of attacks) {
      evilPages.set(evilPath, autoSubmittingForm(t.url + target, enctype, fields));
      const landed = page.waitForResponse((response) => response.url().startsWith(t.url + target.split('?')[0]));
      await page.goto(evilUrl + evilPath);
      const response = await landed;
      expect(response.status(), `${target} from another site`).toBeGreaterThanOrEqual(400);
    }
    expect(dbChecksum(t.db), 'a cross-site form changed the database').toBe(before);
    const me = await callJson(t.url, 'GET', '/api/user/me', { token: cookie.value });
    expect(me.status, 'the session survived the cross-site logouts').toBe(200);

    // The same session, used by the site itself, does change things: the forms failed because they came from elsewhere.
    await page.goto(`${t.url}/account`);
    const status = await page.evaluate(async (orderId) => {
      const response = await fetch('/trpc/orders.decide', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderId: String(orderId), action: 'reject', reason: 'No such credit' }),
      });
      return response.status;
    }, order.id);
    expect(status).toBe(200);
    expect(dbChecksum(t.db)).not.toBe(before);
  });
});
