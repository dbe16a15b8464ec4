import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeFrom, registerThroughApi } from '../../../test/accounts.js';
import { createUser } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { appPerTest } from '../../../test/app-per-test.js';
import { callJson, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { pendingRegistrations, users } from '../../db/schema.js';

let t: TestApp;
const clock = appPerTest((app) => (t = app));

const asha = { name: 'Asha Pawar', email: 'asha@example.com', contact: '+91 98765 43210', password: 'mango-lassi-42' };

async function startRegistration(input: Partial<typeof asha> & { referralCode?: string } = {}, headers: Record<string, string> = {}) {
  const answer = await callJson(t.url, 'POST', '/api/user/register', { body: { ...asha, ...input }, headers });
  expect(answer.status).toBe(200);
  const email = await waitForEmail(t.outbox, input.email ?? asha.email);
  return { activationToken: answer.body.activationToken as string, email, code: /verification code/.test(email.subject) ? codeFrom(email.text) : null };
}

const verify = (activationToken: string, otp: string | number) => callJson(t.url, 'POST', '/api/user/verify', { body: { activationToken, otp } });
const userCount = () => t.db.select({ n: count() }).from(users).get()!.n;

describe('register', () => {
  it('answers a message and an activation token, emails a 6-digit code, and creates no account yet', async () => {
    const answer = await callJson(t.url, 'POST', '/api/user/register', { body: asha });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['activationToken', 'message']);
    expect(answer.body.message).toBe('We have sent a 6-digit code to your email. It is valid for 10 minutes.');
    const email = await waitForEmail(t.outbox, asha.email);
    expect(email.subject).toBe('Your Marathi Success verification code');
    expect(email.text).toContain('valid for 10 minutes');
    expect(userCount()).toBe(0);
    const login = await callJson(t.url, 'POST', '/api/user/login', { body: { email: asha.email, password: asha.password } });
    expect(login.status).toBe(401);
    // The code and the password are stored only as hashes.
    const pending = t.db.select().from(pendingRegistrations).get()!;
    expect(pending.otpHash).toMatch(/^\$argon2id\$/);
    expect(pending.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(pending.phone).toBe('9876543210');
  });

  it('refuses a phone that is not 10 digits with the spec text', async () => {
    const answer = await callJson(t.url, 'POST', '/api/user/register', { body: { ...asha, contact: '98765' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'BAD_INPUT', message: 'Please enter a valid 10-digit phone number.' });
  });

  it("speaks REST's names: the phone is `contact` in the body and in a refusal's fields; `phone` is not read", async () => {
    const refused = await callJson(t.url, 'POST', '/api/user/register', { body: { ...asha, contact: '98765', phone: '9876543210' } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ contact: 'Please enter a valid 10-digit phone number.' });
    const app = await callProcedure(t.url, 'auth.register', 'mutation', { ...asha, contact: undefined, phone: '98765' });
    expect(app.status).toBe(400);
    expect(Object.keys((app.body as { error: { data: { fields: Record<string, string> } } }).error.data.fields)).toEqual(['phone']);
  });

  it('refuses a short password and a bad email with messages a person can act on', async () => {
    const short = await callJson(t.url, 'POST', '/api/user/register', { body: { ...asha, password: 'short' } });
    expect(short.body.message).toBe('The password must have at least 8 characters.');
    const badEmail = await callJson(t.url, 'POST', '/api/user/register', { body: { ...asha, email: 'asha.example.com' } });
    expect(badEmail.body.message).toBe('Please enter a valid email address.');
  });

  it('emails the code in Marathi when the request is in Marathi', async () => {
    const { email } = await startRegistration({}, { 'x-lang': 'mr' });
    expect(email.subject).toBe('तुमचा Marathi Success पडताळणी कोड');
    expect(email.text).toContain('10 मिनिटे वैध');
  });
});

describe('verify', () => {
  it('creates the account with the right code, and the account can log in', async () => {
    const { activationToken, code } = await startRegistration();
    const answer = await verify(activationToken, code!);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Your account is ready. Please log in.' });
    const user = t.db.select().from(users).where(eq(users.email, asha.email)).get()!;
    expect(user).toMatchObject({ name: 'Asha Pawar', phone: '9876543210', role: 'user' });
    expect(user.referralCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const login = await callJson(t.url, 'POST', '/api/user/login', { body: { email: asha.email, password: asha.password } });
    expect(login.status).toBe(200);
    // The activation token is spent.
    expect((await verify(activationToken, code!)).status).toBe(400);
  });

  it('signs the new account in when asked (the app does), with a session cookie that works', async () => {
    const { activationToken, code } = await startRegistration();
    const answer = await callProcedure(t.url, 'auth.verify', 'mutation', { activationToken, otp: code, signIn: true }, { headers: { 'x-lang': 'mr' } });
    expect(answer.status).toBe(200);
    const data = trpcData(answer.body);
    // Data only: the app says it in its own words; a REST client gets the text (below).
    expect(data).not.toHaveProperty('message');
    expect(data.user).toMatchObject({ name: 'Asha Pawar', email: asha.email });
    const cookie = answer.headers.get('set-cookie') ?? '';
    const session = /session=([^;]+)/.exec(cookie)?.[1];
    expect(session).toBeTruthy();
    const me = await callJson(t.url, 'GET', '/api/user/me', { headers: { cookie: `session=${session}` } });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(asha.email);
  });

  it('answers REST its message in the request language', async () => {
    const { activationToken, code } = await startRegistration();
    const answer = await callJson(t.url, 'POST', '/api/user/verify', { body: { activationToken, otp: code, signIn: true }, headers: { 'x-lang': 'mr' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'तुमचे खाते तयार आहे आणि तुम्ही लॉग इन झाला आहात.' });
  });

  it('accepts the code sent as a number, as older clients do', async () => {
    const { activationToken, code } = await startRegistration();
    expect((await verify(activationToken, Number(code))).status).toBe(200);
  });

  it('says how many tries are left after a wrong code', async () => {
    const { activationToken, code } = await startRegistration();
    const wrong = code === '000000' ? '111111' : '000000';
    const answer = await verify(activationToken, wrong);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'CODE_WRONG', message: 'That code is not right. You have 4 tries left.' });
  });

  it('refuses an expired code, and a resent code works', async () => {
    const { activationToken, code } = await startRegistration();
    clock.advance(10 * 60 * 1000 + 1);
    const expired = await verify(activationToken, code!);
    expect(expired.body).toMatchObject({ code: 'CODE_EXPIRED', message: 'This code has expired. Please ask for a new code.' });
    const resent = await callJson(t.url, 'POST', '/trpc/auth.resendCode', { body: { activationToken } });
    expect(resent.status).toBe(200);
    const emails = (await t.outbox()).filter((m) => /verification code/.test(m.subject));
    expect(emails).toHaveLength(2);
    expect((await verify(activationToken, codeFrom(emails[1]!.text))).status).toBe(200);
  });

  it('locks the code after 5 wrong tries, even for the right code, until a new one is sent', async () => {
    const { activationToken, code } = await startRegistration();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) expect((await verify(activationToken, wrong)).status).toBe(400);
    const fifth = await verify(activationToken, wrong);
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('Too many wrong codes. Please ask for a new code.');
    expect((await verify(activationToken, code!)).status).toBe(429);
    expect(userCount()).toBe(0);
  });

  it('counts guesses made at the same moment, so parallel guessing gets no more than 5 tries', async () => {
    const { activationToken, code } = await startRegistration();
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => verify(activationToken, guess)));
    expect(answers.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);
    expect(t.db.select().from(pendingRegistrations).get()!.otpAttempts).toBe(5);
    expect((await verify(activationToken, code!)).status).toBe(429);
  });

  it('refuses an unknown activation token', async () => {
    const answer = await verify('no-such-token', '123456');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('REGISTRATION_NOT_FOUND');
  });
});

describe('resend', () => {
  it('sends a new code at most once a minute', async () => {
    const { activationToken } = await startRegistration();
    const tooSoon = await callJson(t.url, 'POST', '/trpc/auth.resendCode', { body: { activationToken } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error.message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);
    clock.advance(61_000);
    const later = await callJson(t.url, 'POST', '/trpc/auth.resendCode', { body: { activationToken } });
    expect(later.status).toBe(200);
  });
});

describe('tries across resends', () => {
  const resend = (activationToken: string) => callJson(t.url, 'POST', '/trpc/auth.resendCode', { body: { activationToken } });

  it("a resend gives back the code's tries but never the registration's: 10 tries in all, then register again", async () => {
    const { activationToken } = await startRegistration();
    for (let i = 0; i < 4; i += 1) expect((await verify(activationToken, '000000')).status).toBe(400);
    expect((await verify(activationToken, '000000')).body.code).toBe('CODE_LOCKED');
    clock.advance(61_000);
    expect((await resend(activationToken)).status).toBe(200);
    const newCode = codeFrom((await waitForEmail(t.outbox, asha.email, (m) => /verification code/.test(m.subject))).text);
    for (let i = 0; i < 4; i += 1) expect((await verify(activationToken, '000000')).status).toBe(400);
    const tenth = await verify(activationToken, '000000');
    expect(tenth.status).toBe(429);
    expect(tenth.body.code).toBe('REGISTRATION_LOCKED');
    expect(tenth.body.message).toBe('Too many wrong codes for this registration. Please register again.');
    // Neither the right code nor another resend brings it back.
    const newest = (await t.outbox()).filter((m) => /verification code/.test(m.subject)).at(-1)!;
    expect((await verify(activationToken, codeFrom(newest.text))).body.code).toBe('REGISTRATION_LOCKED');
    expect(codeFrom(newest.text)).toBe(newCode);
    clock.advance(61_000);
    expect((await resend(activationToken)).body.error.data.code).toBe('REGISTRATION_LOCKED');
    expect(userCount()).toBe(0);
  });

  it('sends at most 10 codes a day to one address, registrations and resends together', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await callJson(t.url, 'POST', '/api/user/register', { body: asha });
      expect(answer.status).toBe(200);
      tokens.push(answer.body.activationToken as string);
    }
    for (const token of tokens) {
      clock.advance(61_000);
      expect((await resend(token)).status).toBe(200);
    }
    await expect.poll(async () => (await t.outbox()).length, { timeout: 5000 }).toBe(10);
    clock.advance(61_000);
    const eleventh = await resend(tokens[0]!);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.message).toMatch(/^Too many attempts\./);
    // The same address in another case is the same address.
    const registerAgain = await callJson(t.url, 'POST', '/api/user/register', { body: { ...asha, email: 'ASHA@example.com' } });
    expect(registerAgain.status).toBe(429);
    expect((await t.outbox()).length).toBe(10);
  });
});

describe('one account per email', () => {
  it('treats an email in another case as the same, sends its owner a note instead of a code, and creates nothing', async () => {
    await createUser(t.db, { email: 'asha@example.com', name: 'Asha Pawar' });
    const answer = await callJson(t.url, 'POST', '/api/user/register', { body: { ...asha, email: 'Asha@Example.COM' } });
    // The same answer as for a new email: registering tells nobody who has an account.
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('We have sent a 6-digit code to your email. It is valid for 10 minutes.');
    const email = await waitForEmail(t.outbox, 'asha@example.com');
    expect(email.subject).toBe('You already have a Marathi Success account');
    expect(email.text).not.toMatch(/\b\d{6}\b/);
    expect(userCount()).toBe(1);
  });

  it('refuses the second of two registrations of one email that both get verified', async () => {
    const first = await startRegistration();
    const second = await callJson(t.url, 'POST', '/api/user/register', { body: { ...asha, email: 'ASHA@example.com' } });
    const secondEmail = (await t.outbox()).filter((m) => /verification code/.test(m.subject))[1]!;
    expect((await verify(first.activationToken, first.code!)).status).toBe(200);
    const late = await verify(second.body.activationToken, codeFrom(secondEmail.text));
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(userCount()).toBe(1);
  });
});

describe('the sponsor from a referral link', () => {
  it('is set from the referral code sent with register', async () => {
    const sponsor = await createUser(t.db, { name: 'Ravi Jadhav' });
    const { token, user } = await registerThroughApi(t, { referralCode: sponsor.referralCode.toLowerCase() });
    const referrer = await callJson(t.url, 'GET', `/api/user/referrer/${user._id}`, { token });
    // The privacy notice's word: a learner sees the sponsor's name, and a WhatsApp contact only if the sponsor shares one.
    expect(referrer.body.referrer).toEqual({ name: 'Ravi Jadhav', email: null, contact: null });
  });

  it('is left empty for a code that matches nobody', async () => {
    const { token, user } = await registerThroughApi(t, { referralCode: 'NOBODY22' });
    const referrer = await callJson(t.url, 'GET', `/api/user/referrer/${user._id}`, { token });
    expect(referrer.body).toEqual({ referrer: null });
  });
});
