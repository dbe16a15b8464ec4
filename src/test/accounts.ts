import { expect } from 'vitest';
import { waitForEmail } from './outbox.js';
import { callJson, type TestApp } from './test-app.js';

export function codeFrom(text: string): string {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No 6-digit code in: ${text}`);
  return code;
}

let counter = 0;

/** Registers through the REST call, reads the code from the outbox, verifies, logs in. */
export async function registerThroughApi(
  t: TestApp,
  input: { name?: string; email?: string; contact?: string; password?: string; referralCode?: string } = {},
) {
  counter += 1;
  const account = {
    name: input.name ?? `Asha ${counter}`,
    email: input.email ?? `asha${counter}.${process.pid}@example.com`,
    contact: input.contact ?? '9876543210',
    password: input.password ?? 'mango-lassi-42',
    ...(input.referralCode && { referralCode: input.referralCode }),
  };
  const registered = await callJson(t.url, 'POST', '/api/user/register', { body: account });
  expect(registered.status).toBe(200);
  const email = await waitForEmail(t.outbox, account.email, (m) => /verification code/.test(m.subject));
  const verified = await callJson(t.url, 'POST', '/api/user/verify', {
    body: { activationToken: registered.body.activationToken, otp: codeFrom(email.text) },
  });
  expect(verified.status).toBe(200);
  const login = await callJson(t.url, 'POST', '/api/user/login', { body: { email: account.email, password: account.password } });
  expect(login.status).toBe(200);
  return { account, token: login.body.token as string, user: login.body.user as { _id: string; referralLink: string } };
}
