import { afterEach, describe, expect, it } from 'vitest';
import { callJson, startTestApp, type TestApp } from '../../test/test-app.js';
import { resetLimits } from '../features/auth/password-reset.service.js';
import { clientKey, RateLimits } from './rate-limit.js';

describe('clientKey', () => {
  it('keys IPv4 by the address and IPv4-mapped IPv6 by its IPv4 address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys IPv6 by its /64, however it is written', () => {
    const key = '2001:0db8:0001:0002::/64';
    for (const ip of ['2001:db8:1:2::a', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:1', '2001:db8:1:2::1.2.3.4', '2001:db8:1:2::1%eth0']) {
      expect(clientKey(ip), ip).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::a')).not.toBe(key);
    expect(clientKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientKey('2001:db8::')).toBe('2001:0db8:0000:0000::/64');
  });
});

describe('RateLimits', () => {
  it('keeps one limiter per name, and refuses the same name with another rule', async () => {
    const limits = new RateLimits();
    const rule = { points: 2, durationSeconds: 60 };
    const first = limits.get('tries', rule);
    expect(limits.get('tries', { points: 2, durationSeconds: 60, blockSeconds: 0 })).toBe(first);
    await first.hit('a');
    await first.hit('a');
    await expect(limits.get('tries', { ...rule }).hit('a')).rejects.toMatchObject({ appCode: 'TOO_MANY_REQUESTS' });
    expect(() => limits.get('tries', { points: 5, durationSeconds: 60 })).toThrow(/already counted by another rule/);
    expect(() => limits.get('tries', { points: 2, durationSeconds: 60, blockSeconds: 600 })).toThrow(/already counted by another rule/);
    expect(limits.get('other tries', { points: 5, durationSeconds: 60 })).not.toBe(first);
  });
});

describe('per-IP limits behind a proxy (TRUST_PROXY as a hop count)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const forgot = (forwardedFor: string, i: number) =>
    callJson(t.url, 'POST', '/api/user/forgot', { body: { email: `someone${i}@example.com` }, headers: { 'x-forwarded-for': forwardedFor } });

  it('count the address the proxy saw, not one the client wrote, and an IPv6 /64 as one client', async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
    const limit = resetLimits.forgotPerIp.points;
    const statuses: number[] = [];
    // The client writes a new address in front each time; the proxy appends the one it saw,
    // and each try comes from another address of the same /64.
    for (let i = 0; i <= limit; i += 1) statuses.push((await forgot(`198.51.100.${i}, 2001:db8:1:2::${(i + 1).toString(16)}`, i)).status);
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    // Another /64 is another client.
    expect((await forgot('2001:db8:1:3::1', 99)).status).toBe(200);
  });
});
