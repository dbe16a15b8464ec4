import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import { PROCEDURES } from '../../../test/procedures.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { freshUtr } from '../../../test/world.js';
import { auditedProcedures } from '../../trpc/trpc.js';
import { createSession } from '../auth/sessions.service.js';
import { AUDITED_READS } from './audit-wording.js';
import { users } from '../../db/schema.js';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * Every action code the log can hold: each procedure the audit middleware files (every admin and
 * superadmin mutation, and the admin queries marked `audit`), found by calling every procedure
 * of the kept list (src/test/procedures.ts, held to the router by the compiler) once as the
 * superadmin, who passes every role check: the middleware registers a procedure before its input
 * is parsed (trpc/trpc.ts `auditedProcedures`), so no call needs valid input. Then the privacy
 * service's own erasure.
 */
async function actionCodes() {
  const { user: superadmin } = await createUserWithToken(t.db, { role: 'superadmin' });
  const statuses: Record<string, number> = {};
  for (const [path, kind] of Object.entries(PROCEDURES)) {
    // A session of its own for each call: one of them logs out.
    const { token } = createSession(t.db, superadmin.id, Date.now());
    // Not the input of any procedure: refused by its schema once the middlewares before it have run.
    statuses[path] = (await callProcedure(t.url, path, kind, 'not an input', { token })).status;
  }
  const codes: { code: string; read: boolean }[] = [{ code: 'privacy.erase', read: false }];
  for (const [code, filing] of auditedProcedures) codes.push({ code, read: filing === 'read' });
  return { codes, statuses };
}

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../client/locales/${lang}/audit.json`, import.meta.url), 'utf8')) as { sentences: Record<string, string> };

describe('every action code', () => {
  let codes: { code: string; read: boolean }[];
  let statuses: Record<string, number>;
  beforeAll(async () => {
    ({ codes, statuses } = await actionCodes());
  });

  it('is found (the enumeration sees the admin procedures, each call let through to its input)', () => {
    expect(codes.map(({ code }) => code)).toEqual(expect.arrayContaining(['orders.decide', 'admin.deleteUser', 'payouts.batches', 'privacy.erase']));
    expect(codes.filter(({ code }) => !(code in PROCEDURES) && code !== 'privacy.erase')).toEqual([]);
    // The superadmin was turned away by no role check: every admin procedure reached the middleware.
    for (const [path, status] of Object.entries(statuses)) expect(status, path).not.toBe(401);
    expect(statuses['admin.deleteUser']).toBe(400);
  });

  it.each(['en', 'mr'])('has a sentence in %s', (lang) => {
    const sentences = catalogue(lang).sentences;
    const missing = codes.filter(({ code }) => !sentences[code]?.trim()).map(({ code }) => code);
    expect(missing).toEqual([]);
  });

  it('that is a read is listed as one (and nothing else is)', () => {
    expect(
      codes
        .filter(({ read }) => read)
        .map(({ code }) => code)
        .sort(),
    ).toEqual([...AUDITED_READS].sort());
  });

  it('has the same sentences, with the same placeholders, in both languages', () => {
    const [en, mr] = [catalogue('en').sentences, catalogue('mr').sentences];
    expect(Object.keys(mr).sort()).toEqual(Object.keys(en).sort());
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const key of Object.keys(en)) expect(placeholders(mr[key]!), key).toEqual(placeholders(en[key]!));
  });
});

describe('the log as the admin reads it', () => {
  it('names the person and the package, keeps reads apart, filters by person, and shows an erased name as the users table has it', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', name: 'Asha Admin' });
    const buyer = await createUserWithToken(t.db, { name: 'Manisha Kale' });
    const other = await createUserWithToken(t.db, { name: 'Ravi Other' });
    const pkg = createPackage(t.db, { name: 'Share Market Basics' });
    const order = insertPendingOrder(t.db, { buyer: buyer.user, pkg, utr: freshUtr(), referrerId: null });
    const otherOrder = insertPendingOrder(t.db, { buyer: other.user, pkg, utr: freshUtr(), referrerId: null });
    const call = (path: string, type: 'query' | 'mutation', input?: unknown) => callProcedure(t.url, path, type, input, { token: admin.token });
    await call('orders.pending', 'query');
    expect((await call('orders.decide', 'mutation', { orderId: String(order.id), action: 'approve' })).status).toBe(200);
    expect((await call('orders.decide', 'mutation', { orderId: String(otherOrder.id), action: 'reject', reason: 'No money' })).status).toBe(200);

    const actions = trpcData((await call('audit.entries', 'query', { kind: 'actions' })).body);
    const approved = actions.entries.find((entry: any) => entry.action === 'orders.decide' && entry.about.orderId === String(order.id));
    expect(approved).toMatchObject({
      kind: 'action',
      actor: { name: 'Asha Admin' },
      about: { person: { id: String(buyer.user.id), name: 'Manisha Kale', erased: false }, packageName: 'Share Market Basics', variant: 'approve' },
    });
    expect(actions.entries.some((entry: any) => entry.action === 'orders.pending')).toBe(false);

    const reads = trpcData((await call('audit.entries', 'query', { kind: 'reads' })).body);
    expect(reads.entries.map((entry: any) => entry.action)).toContain('orders.pending');
    expect(reads.entries.every((entry: any) => entry.kind === 'read')).toBe(true);

    const aboutManisha = trpcData((await call('audit.entries', 'query', { kind: 'actions', person: 'manisha' })).body);
    expect(aboutManisha.entries.map((entry: any) => entry.about.orderId)).toEqual([String(order.id)]);
    const byAsha = trpcData((await call('audit.entries', 'query', { kind: 'actions', person: 'Asha Admin' })).body);
    expect(byAsha.entries.length).toBeGreaterThanOrEqual(2);

    // Erasure replaces the name: the log shows what the users table says now.
    t.db.update(users).set({ name: 'Erased account', erasedAt: Date.now() }).where(eq(users.id, buyer.user.id)).run();
    const after = trpcData((await call('audit.entries', 'query', { kind: 'actions' })).body);
    const erased = after.entries.find((entry: any) => entry.about.orderId === String(order.id));
    expect(erased.about.person).toEqual({ id: String(buyer.user.id), name: 'Erased account', erased: true });
    expect(JSON.stringify(after)).not.toContain('Manisha');
  });
});
