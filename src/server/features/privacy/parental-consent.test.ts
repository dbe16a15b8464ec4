import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeFrom } from '../../../test/accounts.js';
import { appPerTest } from '../../../test/app-per-test.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { parentalConsents, users } from '../../db/schema.js';
import { PARENT_CODE_TTL_MS } from './parental-consent.service.js';

let t: TestApp;
const clock = appPerTest((app) => (t = app));

let counter = 0;

type Answer = { status: number; data: any; code: string | undefined; message: string | undefined };

async function call(token: string | null, path: string, type: 'query' | 'mutation', input?: unknown, lang: 'en' | 'mr' = 'en'): Promise<Answer> {
  const answer = await callProcedure(t.url, path, type, input, { token, headers: { 'x-lang': lang } });
  const error = (answer.body as { error?: { message: string; data: { code: string } } })?.error;
  return { status: answer.status, data: answer.status < 400 ? trpcData(answer.body) : undefined, code: error?.data.code, message: error?.message };
}

/** Signs up in the app as a person under 18 naming a parent; answers the child's session and the parent's emailed code. */
async function minorSignsUp(parentEmail = `parent${++counter}.${process.pid}@example.com`) {
  const email = `child${++counter}.${process.pid}@example.com`;
  const account = { name: 'Sai Jadhav', email, phone: '9876543210', password: 'mango-lassi-42', consent: true };
  const refused = await call(null, 'auth.register', 'mutation', { ...account, adult: false });
  expect(refused.status).toBe(400);
  expect(refused.code).toBe('BAD_INPUT');
  expect((await call(null, 'auth.register', 'mutation', { ...account, adult: false, parentEmail: email })).code).toBe('PARENT_EMAIL_OWN');
  const registered = await call(null, 'auth.register', 'mutation', { ...account, adult: false, parentEmail }, 'mr');
  expect(registered.status).toBe(200);
  const codeMail = await waitForEmail(t.outbox, email);
  const verified = await call(null, 'auth.verify', 'mutation', {
    activationToken: registered.data.activationToken,
    otp: codeFrom(codeMail.subject + codeMail.text),
  });
  expect(verified.status).toBe(200);
  const login = await call(null, 'auth.login', 'mutation', { email, password: account.password });
  expect(login.status).toBe(200);
  const parentMail = await waitForEmail(t.outbox, parentEmail);
  const userId = String(t.db.select().from(users).where(eq(users.email, email)).get()!.id);
  return { email, userId, parentEmail, token: login.data.token as string, parentMail, code: codeFrom(parentMail.text) };
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a minor’s account', () => {
  it('waits for the parent’s consent, emailed as a code (never in the subject), and is refused everything else meanwhile', async () => {
    const child = await minorSignsUp();
    expect(child.parentMail.subject).not.toMatch(/\d{6}/);
    expect(child.parentMail.subject).toContain('संमती');
    expect(child.parentMail.text).toContain(child.email);
    const row = t.db
      .select()
      .from(parentalConsents)
      .all()
      .find((consent) => consent.parentEmail === child.parentEmail)!;
    expect(row.codeHash).toMatch(/^\$argon2id\$/);
    expect(row.codeHash).not.toContain(child.code);

    const status = await call(child.token, 'privacy.status', 'query');
    expect(status.data.age).toEqual({ status: 'minor_waiting', parentEmail: expect.stringMatching(/^p•••@example\.com$/) });
    expect((await call(child.token, 'auth.profile', 'query')).status).toBe(200);
    for (const [path, type, input] of [
      ['orders.purchase', 'mutation', { packageId: '1', utr: '123456789012' }],
      ['orders.mine', 'query', undefined],
      ['affiliate.dashboard', 'query', { userId: child.userId }],
      ['payouts.saveDetails', 'mutation', {}],
      ['auth.updateProfile', 'mutation', { name: 'Sai', phone: '9876543210' }],
    ] as const) {
      const refused = await call(child.token, path, type, input, 'mr');
      expect(refused.status, path).toBe(403);
      expect(refused.code, path).toBe('PARENT_CONSENT_NEEDED');
    }
    // The legacy client's REST calls are refused alike.
    const rest = await callJson(t.url, 'GET', '/api/mycourse', { headers: { token: child.token } });
    expect(rest.status).toBe(403);

    expect((await call(child.token, 'privacy.parentConsent', 'mutation', { code: child.code })).status).toBe(200);
    expect(t.db.select().from(users).where(eq(users.email, child.email)).get()!.ageStatus).toBe('minor_consented');
    expect((await call(child.token, 'orders.mine', 'query')).status).toBe(200);
    expect((await call(child.token, 'affiliate.dashboard', 'query', { userId: child.userId })).status).toBe(200);
    expect((await call(child.token, 'privacy.parentConsent', 'mutation', { code: child.code })).code).toBe('NO_PARENT_CONSENT_WAITING');
  });

  it('refuses a wrong code with the tries left, locks the code after 5, and the account after 10 over every code', async () => {
    const child = await minorSignsUp();
    const wrong = await call(child.token, 'privacy.parentConsent', 'mutation', { code: wrongOf(child.code) });
    expect(wrong.status).toBe(400);
    expect(wrong.code).toBe('CODE_WRONG');
    expect(wrong.message).toContain('4 tries left');
    for (let i = 0; i < 4; i += 1) await call(child.token, 'privacy.parentConsent', 'mutation', { code: wrongOf(child.code) });
    const locked = await call(child.token, 'privacy.parentConsent', 'mutation', { code: child.code });
    expect(locked.code).toBe('CODE_LOCKED');

    // A new code, not sooner than a minute, gives back its own tries but not the account's.
    expect((await call(child.token, 'privacy.resendParentCode', 'mutation', {})).code).toBe('RESEND_TOO_SOON');
    clock.advance(61_000);
    expect((await call(child.token, 'privacy.resendParentCode', 'mutation', {})).status).toBe(200);
    const second = codeFrom((await waitForEmail(t.outbox, child.parentEmail, (mail) => !mail.text.includes(child.code))).text);
    for (let i = 0; i < 4; i += 1) await call(child.token, 'privacy.parentConsent', 'mutation', { code: wrongOf(second) });
    const last = await call(child.token, 'privacy.parentConsent', 'mutation', { code: wrongOf(second) });
    expect(last.code).toBe('PARENT_CODE_LOCKED');
    expect((await call(child.token, 'privacy.parentConsent', 'mutation', { code: second })).code).toBe('PARENT_CODE_LOCKED');
    expect(t.db.select().from(users).where(eq(users.email, child.email)).get()!.ageStatus).toBe('minor_waiting');
  });

  it('refuses an expired code; a new one (to a corrected address) works', async () => {
    const child = await minorSignsUp();
    clock.advance(PARENT_CODE_TTL_MS + 1000);
    const expired = await call(child.token, 'privacy.parentConsent', 'mutation', { code: child.code }, 'mr');
    expect(expired.code).toBe('CODE_EXPIRED');
    expect(expired.message).toContain('कालबाह्य');
    const corrected = `mother${counter}.${process.pid}@example.com`;
    expect((await call(child.token, 'privacy.resendParentCode', 'mutation', { parentEmail: child.email })).code).toBe('PARENT_EMAIL_OWN');
    expect((await call(child.token, 'privacy.resendParentCode', 'mutation', { parentEmail: corrected })).status).toBe(200);
    const code = codeFrom((await waitForEmail(t.outbox, corrected)).text);
    expect((await call(child.token, 'privacy.parentConsent', 'mutation', { code })).status).toBe(200);
  });

  it('is asked its age when made by the legacy client’s sign-up: it cannot buy until it answers, and a minor then waits for a parent', async () => {
    const email = `legacy${++counter}.${process.pid}@example.com`;
    const registered = await callJson(t.url, 'POST', '/api/user/register', {
      body: { name: 'Asha Pawar', email, contact: '9876543210', password: 'mango-lassi-42' },
    });
    const codeMail = await waitForEmail(t.outbox, email);
    await callJson(t.url, 'POST', '/api/user/verify', {
      body: { activationToken: registered.body.activationToken, otp: codeFrom(codeMail.subject + codeMail.text) },
    });
    const login = await callJson(t.url, 'POST', '/api/user/login', { body: { email, password: 'mango-lassi-42' } });
    const token = login.body.token as string;
    expect(t.db.select().from(users).where(eq(users.email, email)).get()!.ageStatus).toBeNull();
    const purchase = await callJson(t.url, 'POST', '/api/course/purchase', { headers: { token }, body: { courseId: '1', utr: '123456789012' } });
    expect(purchase.status).toBe(403);
    expect(purchase.body.message).toContain('18');
    expect((await call(token, 'orders.purchase', 'mutation', { packageId: '1', utr: '123456789012' })).code).toBe('AGE_QUESTION_NEEDED');
    // What it had keeps working for the legacy client.
    expect((await callJson(t.url, 'GET', '/api/mycourse', { headers: { token } })).status).toBe(200);

    expect((await call(token, 'privacy.answerAge', 'mutation', { adult: false })).status).toBe(400);
    const parentEmail = `legacy.parent${counter}.${process.pid}@example.com`;
    expect((await call(token, 'privacy.answerAge', 'mutation', { adult: false, parentEmail })).status).toBe(200);
    expect((await call(token, 'privacy.answerAge', 'mutation', { adult: true })).code).toBe('AGE_ANSWERED');
    expect((await call(token, 'orders.mine', 'query')).code).toBe('PARENT_CONSENT_NEEDED');
    const code = codeFrom((await waitForEmail(t.outbox, parentEmail)).text);
    expect((await call(token, 'privacy.parentConsent', 'mutation', { code })).status).toBe(200);
  });
});
