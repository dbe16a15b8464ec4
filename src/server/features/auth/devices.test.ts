import { afterEach, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { callJson, startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { deviceLabel } from './device-label.js';
import { LAST_SEEN_EVERY_MS } from './sessions.service.js';

const PHONE_A = 'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const PHONE_B =
  'Mozilla/5.0 (Linux; Android 11; Redmi Note 8 Pro Build/RP1A.200720.011) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
const clock = testClock();

afterEach(async () => {
  await t.close();
});

async function start(maxDevices: string) {
  clock.set(Date.now());
  t = await startTestApp({ now: clock.now, env: { MAX_DEVICES_PER_LEARNER: maxDevices } });
}

const login = (email: string, userAgent: string, extra: Record<string, unknown> = {}) =>
  callJson(t.url, 'POST', '/api/user/login', { body: { email, password: TEST_PASSWORD, ...extra }, headers: { 'user-agent': userAgent } });
const me = (token: string) => callJson(t.url, 'GET', '/api/user/me', { token });

describe('the device limit', () => {
  it('refuses a third device with 409 DEVICE_LIMIT and the devices, starting no session and ending none', async () => {
    await start('2');
    await createUser(t.db, { email: 'asha@example.com' });
    const first = await login('asha@example.com', PHONE_A);
    clock.advance(60_000);
    const second = await login('asha@example.com', LAPTOP);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);

    clock.advance(60_000);
    const third = await login('asha@example.com', PHONE_B);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ success: false, code: 'DEVICE_LIMIT', maxDevices: 2 });
    // The device asking is named too, so the learner tells it from those listed.
    expect(third.body.thisDevice).toEqual({ browser: 'Chrome', model: expect.any(String), os: 'Android' });
    expect(third.body.message).toMatch(/already logged in on 2 devices/);
    expect(third.body.token).toBeUndefined();
    expect(third.headers.get('set-cookie')).toBeNull();
    // Most recently used first, named from the user agent, with ISO times.
    expect(third.body.devices).toEqual([
      expect.objectContaining({ browser: 'Chrome', model: null, os: 'Windows', lastSeenAt: expect.stringMatching(/Z$/) }),
      expect.objectContaining({ browser: 'Chrome', model: 'SM-A135F', os: 'Android' }),
    ]);
    // Both sessions still work.
    expect((await me(first.body.token)).status).toBe(200);
    expect((await me(second.body.token)).status).toBe(200);
  });

  it("logs out the device the learner names and logs in; that device's next request is 401", async () => {
    await start('2');
    await createUser(t.db, { email: 'asha@example.com' });
    const first = await login('asha@example.com', PHONE_A);
    const second = await login('asha@example.com', LAPTOP);
    const refused = await login('asha@example.com', PHONE_B);
    const phone = refused.body.devices.find((device: { model: string | null }) => device.model === 'SM-A135F');

    const third = await login('asha@example.com', PHONE_B, { replaceDevice: phone._id });
    expect(third.status).toBe(200);
    expect((await me(first.body.token)).status).toBe(401);
    expect((await me(second.body.token)).status).toBe(200);
    expect((await me(third.body.token)).status).toBe(200);
  });

  it("needs the right password to log a device out, and ignores another account's device", async () => {
    await start('1');
    await createUser(t.db, { email: 'asha@example.com' });
    await createUser(t.db, { email: 'ravi@example.com' });
    const asha = await login('asha@example.com', PHONE_A);
    const ravi = await login('ravi@example.com', PHONE_A);
    const ashaDevice = (await callProcedure(t.url, 'devices.mine', 'query', undefined, { token: asha.body.token })).body;
    const ashaId = trpcData(ashaDevice).devices[0].id;

    const wrong = await callJson(t.url, 'POST', '/api/user/login', { body: { email: 'asha@example.com', password: 'not it', replaceDevice: ashaId } });
    expect(wrong.status).toBe(401);
    const other = await login('ravi@example.com', PHONE_B, { replaceDevice: ashaId });
    expect(other.status).toBe(409);
    expect((await me(asha.body.token)).status).toBe(200);
    expect((await me(ravi.body.token)).status).toBe(200);
  });

  it('exempts admins, and 0 means no limit', async () => {
    await start('1');
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    for (let i = 0; i < 3; i += 1) expect((await login('admin@example.com', LAPTOP)).status).toBe(200);
    await t.close();

    await start('0');
    await createUser(t.db, { email: 'asha@example.com' });
    for (let i = 0; i < 4; i += 1) expect((await login('asha@example.com', PHONE_A)).status).toBe(200);
  });

  it('does not count expired sessions', async () => {
    await start('1');
    await createUser(t.db, { email: 'asha@example.com' });
    expect((await login('asha@example.com', PHONE_A)).status).toBe(200);
    clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await login('asha@example.com', PHONE_B)).status).toBe(200);
  });

  it('answers the app the devices in the error data', async () => {
    await start('1');
    await createUser(t.db, { email: 'asha@example.com' });
    await login('asha@example.com', PHONE_A);
    const answer = await callProcedure(t.url, 'auth.login', 'mutation', { email: 'asha@example.com', password: TEST_PASSWORD });
    expect(answer.status).toBe(409);
    expect(answer.body.error.data).toMatchObject({
      code: 'DEVICE_LIMIT',
      details: { maxDevices: 1, devices: [expect.objectContaining({ model: 'SM-A135F' })] },
    });
  });
});

describe("the account's devices", () => {
  it('lists them with the current one marked, notes last seen, and logs one out', async () => {
    await start('2');
    await createUser(t.db, { email: 'asha@example.com' });
    const phone = await login('asha@example.com', PHONE_A);
    const laptop = await login('asha@example.com', LAPTOP);
    clock.advance(LAST_SEEN_EVERY_MS + 1000);
    await me(phone.body.token);

    const list = trpcData((await callProcedure(t.url, 'devices.mine', 'query', undefined, { token: laptop.body.token })).body);
    expect(list.maxDevices).toBe(2);
    expect(list.devices).toHaveLength(2);
    const [phoneRow, laptopRow] = ['Android', 'Windows'].map((os) => list.devices.find((device: { os: string }) => device.os === os));
    expect(phoneRow).toMatchObject({ model: 'SM-A135F', current: false, lastSeenAt: clock.now() });
    expect(laptopRow).toMatchObject({ browser: 'Chrome', current: true });

    const out = await callProcedure(t.url, 'devices.logOut', 'mutation', { deviceId: phoneRow.id }, { token: laptop.body.token });
    expect(trpcData(out.body)).toEqual({ loggedOut: 1, current: false });
    expect((await me(phone.body.token)).status).toBe(401);
    // Gone already, or not theirs: 404.
    const again = await callProcedure(t.url, 'devices.logOut', 'mutation', { deviceId: phoneRow.id }, { token: laptop.body.token });
    expect(again.status).toBe(404);
    expect(again.body.error.data.code).toBe('DEVICE_NOT_FOUND');
  });

  it("lets an admin see a learner's devices and log them all out; a learner may not", async () => {
    await start('2');
    const asha = await createUser(t.db, { email: 'asha@example.com' });
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    const phone = await login('asha@example.com', PHONE_A);
    const laptop = await login('asha@example.com', LAPTOP);
    const admin = await login('admin@example.com', LAPTOP);

    const refused = await callProcedure(t.url, 'devices.ofUser', 'query', { userId: String(asha.id) }, { token: phone.body.token });
    expect(refused.status).toBe(403);
    const seen = trpcData((await callProcedure(t.url, 'devices.ofUser', 'query', { userId: String(asha.id) }, { token: admin.body.token })).body);
    expect(seen.devices.map((device: { os: string }) => device.os).sort()).toEqual(['Android', 'Windows']);

    const out = await callProcedure(t.url, 'devices.logOutAll', 'mutation', { userId: String(asha.id) }, { token: admin.body.token });
    expect(trpcData(out.body)).toEqual({ loggedOut: 2 });
    expect((await me(phone.body.token)).status).toBe(401);
    expect((await me(laptop.body.token)).status).toBe(401);
    expect((await me(admin.body.token)).status).toBe(200);
  });
});

describe('device names', () => {
  it('reads browser, phone model and system from the user agent, and the model hint when sent', () => {
    expect(deviceLabel(PHONE_B, null)).toEqual({ browser: 'Chrome', model: 'Redmi Note 8 Pro', os: 'Android' });
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 12; SAMSUNG SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
        null,
      ),
    ).toEqual({
      browser: 'Samsung Internet',
      model: 'SM-G991B',
      os: 'Android',
    });
    // Chrome's reduced user agent hides the model ("K"); the client hint names it.
    const reduced = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36';
    expect(deviceLabel(reduced, null)).toEqual({ browser: 'Chrome', model: null, os: 'Android' });
    expect(deviceLabel(reduced, 'Pixel 7')).toEqual({ browser: 'Chrome', model: 'Pixel 7', os: 'Android' });
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        null,
      ),
    ).toEqual({
      browser: 'Safari',
      model: 'iPhone',
      os: 'iOS',
    });
    expect(deviceLabel(null, null)).toEqual({ browser: null, model: null, os: null });
  });

  it('keeps the model hint a phone sends at login', async () => {
    await start('2');
    await createUser(t.db, { email: 'asha@example.com' });
    const answer = await callJson(t.url, 'POST', '/api/user/login', {
      body: { email: 'asha@example.com', password: TEST_PASSWORD },
      headers: {
        'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
        'sec-ch-ua-model': '"Pixel 7"',
      },
    });
    const list = trpcData((await callProcedure(t.url, 'devices.mine', 'query', undefined, { token: answer.body.token })).body);
    expect(list.devices[0]).toMatchObject({ model: 'Pixel 7', os: 'Android', current: true });
  });
});
