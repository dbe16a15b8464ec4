import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnCommission } from '../../../test/earnings.js';
import { addLecture, createPackage, createUserWithToken, TEST_PASSWORD } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { allProcedures, callProcedure, trpcData } from '../../../test/trpc-http.js';
import { codeFrom } from '../../../test/accounts.js';
import { auditLog, consents, gatewayEvents, lectureProgress, loginDevices, orders, paymentAlerts, payoutDetails, users } from '../../db/schema.js';
import { reverseOrder } from '../orders/order-reversal.service.js';
import { recordAudit, verifyChain } from '../audit/audit.service.js';
import { ERASED_ORDER_REASON } from './privacy.service.js';
import { recordWhatsAppConsent, withdrawWhatsAppConsent } from '../whatsapp/whatsapp.service.js';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy.js';
import { payoutDetailsInput } from '../../../shared/payout-details.js';
import { savePayoutDetails } from '../payouts/payouts.service.js';
import { decideOrder } from '../orders/order-decisions.service.js';
import { placeOrder } from '../orders/checkout.service.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let utr = 820_000_000_000;

beforeAll(async () => {
  t = await startTestApp();
  admin = await createUserWithToken(t.db, { role: 'admin' });
});
afterAll(() => t.close());

const call = (token: string | null, path: string, type: 'query' | 'mutation', input?: unknown) => callProcedure(t.url, path, type, input, { token });
const errorCodeOf = (body: any) => body?.error?.data?.appCode ?? body?.error?.data?.code;

/** A learner with something in most tables: an order (approved), progress, a device, payout details, a consent, commission earned. */
async function personWithHistory(name: string, email: string, phone: string) {
  const person = await createUserWithToken(t.db, { name, email, phone });
  const pkg = createPackage(t.db);
  const lecture = addLecture(t.db, pkg.id, 0);
  utr += 1;
  const order = placeOrder(t.deps, person.user.id, { name, email, packageId: pkg.id, utr: String(utr) });
  decideOrder(t.deps, admin.user.id, { orderId: order.id, action: 'approve' });
  t.db.insert(lectureProgress).values({ userId: person.user.id, packageId: pkg.id, lectureId: lecture.id, updatedAt: Date.now() }).run();
  t.db
    .insert(loginDevices)
    .values({ userId: person.user.id, deviceHash: `device-of-${email}`, lastLoginAt: Date.now() })
    .run();
  savePayoutDetails(
    t.deps,
    person.user.id,
    payoutDetailsInput.parse({ method: 'upi', upiId: `${email.split('@')[0]}@okaxis`, pan: 'ABCDE1234F', panName: name.toUpperCase() }),
  );
  await earnCommission(t, { earnerId: person.user.id, adminId: admin.user.id, amountPaise: 750_00, at: Date.now() });
  return person;
}

describe('consent to the privacy notice', () => {
  it('is asked at sign-up (not assumed), recorded with the version when the account is made, and asked again when the notice changes', async () => {
    const email = `consent.${process.pid}@example.com`;
    const base = { name: 'Asha', email, phone: '9876500001', password: 'mango-lassi-42' };
    const refused = await call(null, 'auth.register', 'mutation', { ...base, consent: false });
    expect(errorCodeOf(refused.body)).toBe('CONSENT_REQUIRED');
    const registered = trpcData((await call(null, 'auth.register', 'mutation', { ...base, consent: true })).body);
    const mail = await waitForEmail(t.outbox, email, (message) => /verification code/i.test(message.subject));
    const verified = await call(null, 'auth.verify', 'mutation', { activationToken: registered.activationToken, otp: codeFrom(mail.text) });
    expect(verified.status).toBe(200);
    const user = t.db.select().from(users).where(eq(users.email, email)).get()!;
    expect(t.db.select().from(consents).where(eq(consents.userId, user.id)).all()).toEqual([
      expect.objectContaining({ noticeVersion: PRIVACY_NOTICE_VERSION, via: 'register' }),
    ]);

    // A notice changed since (an older version accepted): asked again, and a stale answer is refused.
    const older = await createUserWithToken(t.db, { consent: false });
    t.db
      .insert(consents)
      .values({ userId: older.user.id, noticeVersion: '2025-01-01', via: 'register', acceptedAt: Date.now() - 1000 })
      .run();
    expect(trpcData((await call(older.token, 'privacy.status', 'query')).body)).toMatchObject({ consentNeeded: true, acceptedVersion: '2025-01-01' });
    expect(errorCodeOf((await call(older.token, 'privacy.accept', 'mutation', { version: '2025-01-01' })).body)).toBe('NOTICE_CHANGED');
    expect((await call(older.token, 'privacy.accept', 'mutation', { version: PRIVACY_NOTICE_VERSION })).status).toBe(200);
    expect(trpcData((await call(older.token, 'privacy.status', 'query')).body)).toMatchObject({
      consentNeeded: false,
      acceptedVersion: PRIVACY_NOTICE_VERSION,
    });
  });
});

describe('my data', () => {
  it("holds every table's rows of that person and nothing of anyone else's, without a secret", async () => {
    const asha = await personWithHistory('Asha Export', `asha.export.${process.pid}@example.com`, '9811100001');
    const ravi = await personWithHistory('Ravi Other', `ravi.other.${process.pid}@example.com`, '9811100002');
    recordWhatsAppConsent(t.db, { userId: asha.user.id, phone: '9811100091', via: 'register' });
    withdrawWhatsAppConsent(t.db, { userId: asha.user.id, via: 'reply' });
    recordWhatsAppConsent(t.db, { userId: asha.user.id, phone: '9811100091', via: 'profile' });
    recordWhatsAppConsent(t.db, { userId: ravi.user.id, phone: '9811100092', via: 'profile' });
    expect((await call(asha.token, 'privacy.myData', 'mutation', { password: 'wrong password' })).status).toBe(403);
    const data = trpcData((await call(asha.token, 'privacy.myData', 'mutation', { password: TEST_PASSWORD })).body);
    expect(data.account).toMatchObject({ id: asha.user.id, name: 'Asha Export', email: asha.user.email });
    expect(data.account).not.toHaveProperty('password_hash');

    // Every table that has rows of hers is there, each with all of them; no row names anyone else.
    const tables = t.db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
    );
    for (const { name } of tables) {
      const columns = t.db.all<{ name: string }>(sql.raw(`pragma table_info("${name}")`)).map((column) => column.name);
      if (!columns.includes('user_id')) continue;
      const hers = t.db.all<{ id: number }>(sql.raw(`select rowid as id from "${name}" where user_id = ${asha.user.id}`));
      expect((data.records[name] ?? []).length, name).toBe(hers.length);
      for (const row of data.records[name] ?? []) expect(row.user_id, name).toBe(asha.user.id);
    }
    for (const table of ['orders', 'ledger', 'sessions', 'login_devices', 'lecture_progress', 'payout_details', 'consents', 'enrollments']) {
      expect(data.records[table]?.length, table).toBeGreaterThan(0);
    }
    // Her WhatsApp choice and every consent given or withdrawn, with how.
    expect(data.account).toMatchObject({ whatsapp_phone: '9811100091', whatsapp_opt_in_at: expect.any(Number) });
    expect(data.records.channel_consents.map((row: { action: string; via: string }) => `${row.action} ${row.via}`)).toEqual([
      'given register',
      'withdrawn reply',
      'given profile',
    ]);
    const text = JSON.stringify(data);
    for (const other of [ravi.user.email, 'Ravi Other', '9811100002', '9811100092']) expect(text).not.toContain(other);
    expect(text).not.toMatch(/token_hash|password_hash|device_hash|otp_hash/);
    // Her own PAN, encrypted at rest, is hers to read in her copy.
    expect(data.records.payout_details[0].pan).toBe('ABCDE1234F');
  });

  it('holds what links to the person through an order: receipts, reversals, payment alerts, gateway events; nothing of the sponsor or anyone else', async () => {
    const asha = await personWithHistory('Asha Linked', `asha.linked.${process.pid}@example.com`, '9811100011');
    const ravi = await personWithHistory('Ravi Linked', `ravi.linked.${process.pid}@example.com`, '9811100012');
    for (const [person, suffix] of [
      [asha, 'Asha'],
      [ravi, 'Ravi'],
    ] as const) {
      const order = t.db.select().from(orders).where(eq(orders.userId, person.user.id)).get()!;
      t.db
        .update(orders)
        .set({ gatewayOrderId: `order_${suffix}${process.pid}` })
        .where(eq(orders.id, order.id))
        .run();
      t.db
        .insert(paymentAlerts)
        .values({ orderId: order.id, gatewayPaymentId: `pay_${suffix}${process.pid}`, kind: 'double_payment', amountPaise: 100_00, foundAt: Date.now() })
        .run();
      t.db
        .insert(gatewayEvents)
        .values({
          provider: 'razorpay',
          eventId: `evt_${suffix}${process.pid}`,
          event: 'payment.captured',
          gatewayOrderId: `order_${suffix}${process.pid}`,
          outcome: 'settled',
          receivedAt: Date.now(),
        })
        .run();
      reverseOrder(t.deps, admin.user.id, { orderId: order.id, reason: `Refunded ${suffix}` });
    }
    const data = trpcData((await call(asha.token, 'privacy.myData', 'mutation', { password: TEST_PASSWORD })).body);
    expect(data.records.receipts).toEqual([expect.objectContaining({ buyer_name: 'Asha Linked', buyer_phone: '9811100011' })]);
    expect(data.records.order_reversals).toEqual([expect.objectContaining({ reason: 'Refunded Asha' })]);
    expect(data.records.payment_alerts).toEqual([expect.objectContaining({ gateway_payment_id: `pay_Asha${process.pid}` })]);
    expect(data.records.gateway_events).toEqual([expect.objectContaining({ event_id: `evt_Asha${process.pid}` })]);
    const text = JSON.stringify(data);
    for (const other of ['Ravi Linked', '9811100012', 'Refunded Ravi', `Ravi${process.pid}`]) expect(text).not.toContain(other);
  });
});

describe('erasing one’s account', () => {
  it('closes their pending orders saying why, deletes their emails from the outbox, and clears their inputs from the audit log with the chain intact', async () => {
    const email = `asha.close.${process.pid}@example.com`;
    const asha = await personWithHistory('Asha Close', email, '9811100021');
    utr += 1;
    const pending = placeOrder(t.deps, asha.user.id, { name: 'Asha Close', email, packageId: createPackage(t.db).id, utr: String(utr) });
    recordAudit(t.db, {
      actorId: admin.user.id,
      action: 'admin.updateUser',
      target: { type: 'user', id: String(asha.user.id) },
      input: { note: 'Asha Close asked' },
      at: Date.now(),
    });
    await expect.poll(async () => (await t.outbox()).filter((message) => message.to.includes(email)).length).toBeGreaterThan(0);

    expect((await call(asha.token, 'privacy.requestErasure', 'mutation', { password: TEST_PASSWORD })).status).toBe(200);
    const mail = await waitForEmail(t.outbox, email, (message) => /erase your account/i.test(message.subject));
    const token = decodeURIComponent(mail.text.match(/token=([^\s]+)/)![1]!);
    expect((await call(null, 'privacy.confirmErasure', 'mutation', { token })).status).toBe(200);

    expect(t.db.select().from(orders).where(eq(orders.id, pending.id)).get()).toMatchObject({ status: 'rejected', reason: ERASED_ORDER_REASON });
    expect((await t.outbox()).filter((message) => message.to.includes(email))).toEqual([]);
    const entries = t.db.select().from(auditLog).all();
    expect(JSON.stringify(entries)).not.toContain('Asha Close');
    expect(entries.find((entry) => entry.action === 'admin.updateUser' && entry.targetId === String(asha.user.id))?.detail).toBe('[erased]');
    expect(verifyChain(t.db).brokenAt).toBeNull();
  });

  it('needs the password and the emailed link; deletes what is personal and keeps the money records with the name and contact replaced; writes down what was owed', async () => {
    const email = `asha.erase.${process.pid}@example.com`;
    const asha = await personWithHistory('Asha Erase', email, '9811100003');
    recordWhatsAppConsent(t.db, { userId: asha.user.id, phone: '9811100003', via: 'register' });
    const owed = t.db.select().from(users).where(eq(users.id, asha.user.id)).get()!;
    expect(owed.earnedPaise - owed.paidPaise).toBeGreaterThan(0);

    expect((await call(asha.token, 'privacy.requestErasure', 'mutation', { password: 'wrong password' })).status).toBe(403);
    expect((await call(asha.token, 'privacy.requestErasure', 'mutation', { password: TEST_PASSWORD })).status).toBe(200);
    const mail = await waitForEmail(t.outbox, email, (message) => /erase your account/i.test(message.subject));
    const token = decodeURIComponent(mail.text.match(/token=([^\s]+)/)![1]!);
    // Nothing happens before the link is opened.
    expect(t.db.select().from(users).where(eq(users.id, asha.user.id)).get()!.erasedAt).toBeNull();
    expect((await call(null, 'privacy.confirmErasure', 'mutation', { token })).status).toBe(200);
    expect(errorCodeOf((await call(null, 'privacy.confirmErasure', 'mutation', { token })).body)).toBe('LINK_INVALID');

    // The session is gone; nothing personal of hers is left anywhere but the kept records' placeholders and the PAN for TDS.
    expect((await call(asha.token, 'privacy.status', 'query')).status).toBe(401);
    const account = t.db.select().from(users).where(eq(users.id, asha.user.id)).get()!;
    expect(account).toMatchObject({ name: 'Erased account', phone: null, profileImage: null });
    expect(account.erasedAt).not.toBeNull();
    expect(account.earnedPaise - account.paidPaise).toBe(0);
    for (const table of ['sessions', 'login_devices', 'lecture_progress', 'payout_details', 'consents', 'enrollments']) {
      expect(t.db.all(sql.raw(`select * from "${table}" where user_id = ${asha.user.id}`)), table).toEqual([]);
    }
    const everything = t.db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
    );
    for (const { name } of everything) {
      const text = JSON.stringify(t.db.all(sql.raw(`select * from "${name}"`)));
      for (const personal of [email, 'Asha Erase', '9811100003', 'asha.erase']) expect(text.includes(personal), `${personal} in ${name}`).toBe(false);
    }
    // Kept: her order with placeholders, her ledger lines, the write-down.
    expect(t.db.select().from(orders).where(eq(orders.userId, asha.user.id)).all()).toEqual([
      expect.objectContaining({ status: 'approved', buyerName: 'Erased account', buyerEmail: `erased-${asha.user.id}@erased.invalid` }),
    ]);
    const lines = t.db.all<{ kind: string; note: string | null }>(sql`select kind, note from ledger where user_id = ${asha.user.id} order by id`);
    expect(lines.at(-1)).toEqual({ kind: 'correction', note: 'Written down when the account was erased at its owner’s request' });
    // The admins see it, and the audit log has it.
    const erasures = trpcData((await call(admin.token, 'privacy.erasures', 'query')).body) as { userId: string; outcome: string; writtenDownPaise: number }[];
    expect(erasures).toContainEqual(expect.objectContaining({ userId: String(asha.user.id), outcome: 'erased' }));
    expect(
      t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'privacy.erase'))
        .all()
        .map((entry) => entry.targetId),
    ).toContain(String(asha.user.id));
  });

  it('waits while a payout is on its way, and is refused for an admin', async () => {
    const ravi = await personWithHistory('Ravi Payout', `ravi.payout.${process.pid}@example.com`, '9811100004');
    const payoutState = async () => trpcData((await call(ravi.token, 'privacy.status', 'query')).body).erasure;
    const owed = (await payoutState()).owedPaise;
    expect(owed).toBeGreaterThan(0);
    expect(await payoutState()).toMatchObject({ payout: { state: 'none' }, payoutInFlight: false });
    expect((await call(ravi.token, 'payouts.request', 'mutation')).status).toBe(200);
    // Asked for, not yet paid: the page says so rather than "on its way".
    expect(await payoutState()).toMatchObject({ payout: { state: 'requested', amountPaise: owed }, payoutInFlight: true });
    expect((await call(admin.token, 'payouts.makeBatch', 'mutation', { userIds: [String(ravi.user.id)] })).status).toBe(200);
    expect(await payoutState()).toMatchObject({ payout: { state: 'being-paid', amountPaise: owed }, payoutInFlight: true });
    expect(errorCodeOf((await call(ravi.token, 'privacy.requestErasure', 'mutation', { password: TEST_PASSWORD })).body)).toBe('PAYOUT_IN_FLIGHT');
    expect(errorCodeOf((await call(admin.token, 'privacy.requestErasure', 'mutation', { password: TEST_PASSWORD })).body)).toBe('ADMIN_CANNOT_ERASE');
    expect(t.db.select().from(payoutDetails).where(eq(payoutDetails.userId, ravi.user.id)).all()).toHaveLength(1);
  });
});

describe('the audit log', () => {
  it('records each admin action with who and what, and refuses any change or deletion', async () => {
    const buyer = await createUserWithToken(t.db);
    const pkg = createPackage(t.db);
    utr += 1;
    const order = placeOrder(t.deps, buyer.user.id, { name: 'B', email: buyer.user.email, packageId: pkg.id, utr: String(utr) });
    expect((await call(admin.token, 'orders.decide', 'mutation', { orderId: String(order.id), action: 'reject', reason: 'No such credit' })).status).toBe(200);
    expect((await call(admin.token, 'access.ofUser', 'query', { userId: String(buyer.user.id) })).status).toBe(200);
    const entries = trpcData((await call(admin.token, 'audit.entries', 'query', {})).body).entries as {
      action: string;
      actor: { id: string };
      target: { type: string; id: string } | null;
      detail: string;
    }[];
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'orders.decide',
        actor: expect.objectContaining({ id: String(admin.user.id) }),
        target: { type: 'order', id: String(order.id) },
      }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ action: 'access.ofUser', target: { type: 'user', id: String(buyer.user.id) } }));
    // The files that carry many people's details at once are logged when downloaded: buyers' receipts, affiliates' PANs.
    expect((await call(admin.token, 'receipts.csv', 'query', { from: '2026-04-01', to: '2026-04-30' })).status).toBe(200);
    expect((await call(admin.token, 'payouts.tdsRegister', 'query', { quarter: 'FY2026-27 Q1' })).status).toBe(200);
    const after = trpcData((await call(admin.token, 'audit.entries', 'query', {})).body).entries as { action: string; detail: string }[];
    expect(after.map((entry) => entry.action)).toEqual(expect.arrayContaining(['receipts.csv', 'payouts.tdsRegister']));
    // A refused call is not an action.
    await call(admin.token, 'orders.decide', 'mutation', { orderId: String(order.id), action: 'approve' });
    expect(
      t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(order.id)))
        .all()
        .filter((entry) => entry.action === 'orders.decide'),
    ).toHaveLength(1);
    // Passwords never reach the log.
    await call(admin.token, 'privacy.myData', 'mutation', { password: TEST_PASSWORD });
    expect(JSON.stringify(t.db.select().from(auditLog).all())).not.toContain(TEST_PASSWORD);

    expect(() => t.db.$client.prepare("update audit_log set action = 'nothing'").run()).toThrow('the audit log is append-only');
    expect(() => t.db.$client.prepare('delete from audit_log').run()).toThrow('the audit log is append-only');
    // And the app has no call that writes to it: the audit router only reads.
    expect(Object.entries(allProcedures()).filter(([path]) => path.startsWith('audit.'))).toEqual([['audit.entries', 'query']]);
  });
});
