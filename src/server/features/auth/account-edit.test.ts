import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, TEST_PASSWORD } from '../../../test/factories.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { users } from '../../db/schema.js';
import { createSession } from './sessions.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('my account', () => {
  it('changes the name and phone, and refuses a bad phone with a message beside the field', async () => {
    const asha = await createUserWithToken(t.db, { name: 'Asha Pawar' });
    const saved = await callProcedure(t.url, 'auth.updateProfile', 'mutation', { name: 'Asha S. Pawar', phone: '9822012345' }, { token: asha.token });
    expect(saved.status).toBe(200);
    expect(trpcData(saved.body).user).toMatchObject({ name: 'Asha S. Pawar', phone: '9822012345' });
    expect(t.db.select().from(users).where(eq(users.id, asha.user.id)).get()).toMatchObject({ name: 'Asha S. Pawar', phone: '9822012345' });
    const me = await callJson(t.url, 'GET', '/api/user/me', { token: asha.token });
    expect(me.body.user.name).toBe('Asha S. Pawar');

    const bad = await callProcedure(
      t.url,
      'auth.updateProfile',
      'mutation',
      { name: 'Asha', phone: '98765' },
      { token: asha.token, headers: { 'x-lang': 'mr' } },
    );
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { data: { fields: Record<string, string> } } }).error.data.fields.phone).toBeTruthy();
  });

  it('changes the password after the current one, ends the other devices and keeps this one', async () => {
    const ravi = await createUserWithToken(t.db, { name: 'Ravi' });
    const other = createSession(t.db, ravi.user.id, Date.now());
    const wrong = await callProcedure(
      t.url,
      'auth.changePassword',
      'mutation',
      { current: 'not my password', next: 'a-new-password-7' },
      { token: ravi.token },
    );
    expect(wrong.status).toBe(400);
    expect((wrong.body as { error: { data: { code: string } } }).error.data.code).toBe('WRONG_PASSWORD');

    const changed = await callProcedure(t.url, 'auth.changePassword', 'mutation', { current: TEST_PASSWORD, next: 'a-new-password-7' }, { token: ravi.token });
    expect(changed.status).toBe(200);
    expect((await callJson(t.url, 'GET', '/api/user/me', { token: ravi.token })).status).toBe(200);
    expect((await callJson(t.url, 'GET', '/api/user/me', { token: other.token })).status).toBe(401);
    const login = await callJson(t.url, 'POST', '/api/user/login', { body: { email: ravi.user.email, password: 'a-new-password-7' } });
    expect(login.status).toBe(200);
  });

  it('keeps the language chosen in the app when logging in from a browser that reads another, and changes it when the person switches', async () => {
    const meera = await createUserWithToken(t.db, { name: 'Meera', lang: 'mr' });
    // Chosen by Meera herself (at sign-up or with the switch), not a default.
    t.db.update(users).set({ langChosenAt: Date.now() }).where(eq(users.id, meera.user.id)).run();
    const login = await callProcedure(t.url, 'auth.login', 'mutation', { email: meera.user.email, password: TEST_PASSWORD }, { headers: { 'x-lang': 'en' } });
    expect(login.status).toBe(200);
    expect(t.db.select({ lang: users.lang }).from(users).where(eq(users.id, meera.user.id)).get()?.lang).toBe('mr');
    const switched = await callProcedure(t.url, 'auth.setLanguage', 'mutation', { lang: 'en' }, { token: meera.token });
    expect(switched.status).toBe(200);
    expect(t.db.select({ lang: users.lang }).from(users).where(eq(users.id, meera.user.id)).get()?.lang).toBe('en');
  });

  it('gives an account whose language nobody chose the language of the browser it logs in from', async () => {
    const imported = await createUserWithToken(t.db, { name: 'Sunil', lang: 'en' });
    const login = await callProcedure(
      t.url,
      'auth.login',
      'mutation',
      { email: imported.user.email, password: TEST_PASSWORD },
      { headers: { 'x-lang': 'mr' } },
    );
    expect(login.status).toBe(200);
    const row = t.db.select({ lang: users.lang, chosenAt: users.langChosenAt }).from(users).where(eq(users.id, imported.user.id)).get();
    // Taken from the browser, still not a choice: the next browser's language may replace it.
    expect(row).toEqual({ lang: 'mr', chosenAt: null });
  });
});
