import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { freshUtr } from '../../../test/world.js';
import { appRouter } from '../../root-router.js';
import { adminProcedure, superadminProcedure } from '../../trpc/trpc.js';
import { AUDITED_READS } from './audit-wording.js';
import { users } from '../../db/schema.js';
import { eq } from 'drizzle-orm';

type ProcedureDef = { _def: { type: string; meta?: { audit?: boolean }; middlewares: unknown[] } };

/**
 * Every action code the log can hold: each admin procedure that writes an entry (every mutation,
 * and the queries marked `audit`), read from the router (tRPC's internals, in a test only), and
 * the privacy service's own erasure.
 */
function actionCodes() {
  const auditedBy = [adminProcedure, superadminProcedure].map((builder) => (builder as unknown as ProcedureDef)._def.middlewares.at(-1));
  const procedures = (appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures;
  const codes: { code: string; read: boolean }[] = [{ code: 'privacy.erase', read: false }];
  for (const [path, procedure] of Object.entries(procedures)) {
    const audited = procedure._def.middlewares.some((middleware) => auditedBy.includes(middleware));
    if (!audited) continue;
    if (procedure._def.type === 'mutation') codes.push({ code: path, read: false });
    else if (procedure._def.meta?.audit) codes.push({ code: path, read: true });
  }
  return codes;
}

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../client/locales/${lang}/audit.json`, import.meta.url), 'utf8')) as { sentences: Record<string, string> };

describe('every action code', () => {
  const codes = actionCodes();

  it('is found (the enumeration sees the admin procedures)', () => {
    expect(codes.map(({ code }) => code)).toEqual(expect.arrayContaining(['orders.decide', 'admin.deleteUser', 'payouts.batches', 'privacy.erase']));
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
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

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
