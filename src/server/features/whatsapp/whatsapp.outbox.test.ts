import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FakeGraphApi } from '../../../test/fake-graph-api.js';
import { createPackage, createUser, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, type TestApp } from '../../../test/test-app.js';
import { withWhatsAppApp } from '../../../test/whatsapp-app.js';
import { certificates, notifications, payoutLines } from '../../db/schema.js';
import { recordWhatsAppConsent } from './whatsapp.service.js';

let t: TestApp;
let fake: FakeGraphApi;

withWhatsAppApp((app, graph) => {
  t = app;
  fake = graph;
});

let utr = 640_000_000_000;
const nextUtr = () => {
  utr += 1;
  return String(utr);
};

/** A learner who chose WhatsApp updates at sign-up, with an order waiting for the admin. */
async function learnerWithOrder(phone: string) {
  const learner = await createUser(t.db, { lang: 'mr' });
  t.db.transaction((tx) => recordWhatsAppConsent(tx, { userId: learner.id, phone, via: 'register' }));
  const pkg = createPackage(t.db, { name: `Share Market ${phone}`, pricePaise: 999_00 });
  const order = insertPendingOrder(t.db, { buyer: learner, pkg, utr: nextUtr(), referrerId: null });
  return { learner, pkg, order };
}

const approve = async (orderId: number) => {
  const admin = await createUserWithToken(t.db, { role: 'admin' });
  const answer = await callJson(t.url, 'POST', '/approve', { token: admin.token, body: { orderId: String(orderId), action: 'approve' } });
  expect(answer.status).toBe(200);
};

/** The learner's WhatsApp row of the outbox, once the approval wrote it. */
const whatsAppRowOf = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.channel, 'whatsapp')))
    .get();

const rowsOf = (eventKey: string) => t.db.select().from(notifications).where(eq(notifications.eventKey, eventKey)).orderBy(notifications.channel).all();

describe('an approval told on WhatsApp through the outbox', () => {
  it('goes to Meta as the access-granted template, and the email stays unsent once WhatsApp says it was delivered', async () => {
    const { learner, pkg, order } = await learnerWithOrder('9876500001');
    await approve(order.id);
    await expect.poll(() => fake.sent().filter((call) => call.body.to === '919876500001').length).toBe(1);
    const call = fake.sent().find((sent) => sent.body.to === '919876500001')!;
    expect(call.body).toMatchObject({ messaging_product: 'whatsapp', type: 'template', template: { language: { code: 'mr' } } });
    expect(JSON.stringify(call.body)).toContain(pkg.name);

    await expect.poll(() => whatsAppRowOf(learner.id)?.status).toBe('sent');
    const sent = whatsAppRowOf(learner.id)!;
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    expect(rowsOf(sent.eventKey).map((r) => [r.channel, r.status])).toEqual([
      ['email', 'pending'],
      ['whatsapp', 'sent'],
    ]);
    expect((await fake.sendStatus(t.url, sent.providerMessageId!, 'delivered', { to: '919876500001' })).status).toBe(200);
    expect(rowsOf(sent.eventKey).map((r) => [r.channel, r.status])).toEqual([['whatsapp', 'sent']]);
    expect((await t.outbox()).filter((message) => message.to.includes(learner.email))).toHaveLength(0);
  });

  it('sends the email instead when WhatsApp reports the message failed', async () => {
    const { learner, order } = await learnerWithOrder('9876500002');
    await approve(order.id);
    await expect.poll(() => whatsAppRowOf(learner.id)?.status).toBe('sent');
    const sent = whatsAppRowOf(learner.id)!;
    expect((await fake.sendStatus(t.url, sent.providerMessageId!, 'failed', { to: '919876500002', code: 131026 })).status).toBe(200);
    await waitForEmail(t.outbox, learner.email);
    expect(rowsOf(sent.eventKey).map((r) => [r.channel, r.status])).toEqual([
      ['email', 'sent'],
      ['whatsapp', 'sent'],
    ]);
  });

  it('emails at once when Meta refuses the message (a number not on WhatsApp)', async () => {
    const { learner, order } = await learnerWithOrder('9876500003');
    fake.failNext({ status: 400, code: 131026, message: 'Message undeliverable' });
    await approve(order.id);
    await waitForEmail(t.outbox, learner.email);
    const whatsapp = whatsAppRowOf(learner.id)!;
    expect(whatsapp.status).toBe('failed');
  });
});

describe('a learner who chose WhatsApp, told of the other events on it', () => {
  /** The one template call to this number that names all of `words`, once the outbox sent it. */
  const sentTo = async (to: string, ...words: string[]) => {
    await expect
      .poll(() => fake.sent().filter((call) => call.body.to === to && words.every((word) => JSON.stringify(call.body).includes(word))).length)
      .toBe(1);
    return fake.sent().find((call) => call.body.to === to && words.every((word) => JSON.stringify(call.body).includes(word)))!;
  };
  const chosen = async (phone: string) => {
    const learner = await createUser(t.db, { lang: 'mr' });
    t.db.transaction((tx) => recordWhatsAppConsent(tx, { userId: learner.id, phone, via: 'profile' }));
    return learner;
  };

  // A payout line marked paid and its event published, as the payouts service does.
  const payoutPaid = (userId: number, amounts: { grossPaise: number; tdsPaise: number; netPaise: number; utr: string }, at: number) =>
    t.db.transaction((tx) => {
      const line = tx
        .insert(payoutLines)
        .values({ userId, status: 'paid', ...amounts, fixedAt: at, createdAt: at })
        .returning()
        .get();
      t.deps.events.publish(tx, { type: 'payout-paid', line, at });
    });

  it('gets a payout paid with its TDS, a lecture unlocked and a certificate issued as templates, and no email', async () => {
    const learner = await chosen('9876500011');
    const pkg = createPackage(t.db, { name: 'Mutual Funds 9876500011', pricePaise: 999_00 });
    const at = Date.now();
    payoutPaid(learner.id, { grossPaise: 5_000_00, tdsPaise: 250_00, netPaise: 4_750_00, utr: 'UTR55501' }, at);
    const payout = await sentTo('919876500011', '₹5,000', '₹250', '₹4,750');
    expect(payout.body).toMatchObject({ type: 'template', template: { language: { code: 'mr' } } });

    t.db.transaction((tx) =>
      t.deps.events.publish(tx, {
        type: 'lectures-unlocked',
        userId: learner.id,
        packageId: pkg.id,
        lectures: [{ lectureId: 1, index: 2, title: 'SIP' }],
        nextOpensAt: null,
        at,
      }),
    );
    await sentTo('919876500011', 'SIP', pkg.name);

    t.db.transaction((tx) => {
      const certificate = tx
        .insert(certificates)
        .values({ number: 'MS-WA11-AAAA-BBBB', userId: learner.id, packageId: pkg.id, name: learner.name, packageName: pkg.name, issuedAt: at })
        .returning()
        .get();
      t.deps.events.publish(tx, { type: 'certificate-issued', certificate, at });
    });
    await sentTo('919876500011', 'MS-WA11-AAAA-BBBB', pkg.name);

    const rows = t.db.select().from(notifications).where(eq(notifications.userId, learner.id)).all();
    expect(rows.filter((row) => row.channel === 'whatsapp').map((row) => [row.kind, row.status])).toEqual([
      ['payout-paid', 'sent'],
      ['lecture-opened', 'sent'],
      ['certificate-issued', 'sent'],
    ]);
    // Each email waits as the fallback until WhatsApp reports its message delivered or failed.
    expect(rows.filter((row) => row.channel === 'email').map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    expect((await t.outbox()).filter((message) => message.to.includes(learner.email))).toHaveLength(0);
  });

  it('gets a payout paid by email when Meta refuses the message', async () => {
    const learner = await chosen('9876500012');
    const at = Date.now();
    fake.failNext({ status: 400, code: 131026, message: 'Message undeliverable' });
    payoutPaid(learner.id, { grossPaise: 1_000_00, tdsPaise: 50_00, netPaise: 950_00, utr: 'UTR55502' }, at);
    const email = await waitForEmail(t.outbox, learner.email);
    expect(email.text).toContain('कापलेला TDS: ₹50,');
    expect(email.text).toContain('पाठवलेली रक्कम: ₹950');
  });
});
