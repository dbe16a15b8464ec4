import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';

/** How many argon2 checks run at once, watched around the real argon2 (made slower, so that they overlap). */
const watch = vi.hoisted(() => ({ active: 0, most: 0 }));
vi.mock('argon2', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import('argon2') }>()).default;
  const verify: typeof real.verify = async (...args) => {
    watch.active += 1;
    watch.most = Math.max(watch.most, watch.active);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return await real.verify(...args);
    } finally {
      watch.active -= 1;
    }
  };
  return { default: { ...real, verify } };
});

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function startRegistration(n: number): Promise<string> {
  const email = `otp${n}@example.com`;
  const answer = await callJson(t.url, 'POST', '/api/user/register', {
    body: { name: `Asha ${n}`, email, contact: '9876543210', password: 'mango-lassi-42' },
  });
  expect(answer.status).toBe(200);
  await waitForEmail(t.outbox, email);
  return answer.body.activationToken as string;
}

describe('checking emailed codes', () => {
  it('runs at most 4 hashes at once, like passwords', async () => {
    const tokens = [await startRegistration(1), await startRegistration(2), await startRegistration(3)];
    watch.most = 0;
    // Five wrong codes per registration (its limit of tries), all at once.
    const answers = await Promise.all(
      tokens.flatMap((activationToken) =>
        Array.from({ length: 5 }, () => callJson(t.url, 'POST', '/api/user/verify', { body: { activationToken, otp: '000000' } })),
      ),
    );
    for (const answer of answers) expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answers.filter((answer) => answer.body.code === 'CODE_WRONG' || answer.body.code === 'CODE_LOCKED').length).toBe(15);
    expect(watch.most).toBeGreaterThan(0);
    expect(watch.most).toBeLessThanOrEqual(4);
  });
});
