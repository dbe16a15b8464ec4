import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FakeGraphApi } from '../../../test/fake-graph-api.js';
import { createPackage, createUser, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, type TestApp } from '../../../test/test-app.js';
import { withWhatsAppApp } from '../../../test/whatsapp-app.js';
import { notifications } from '../../db/schema.js';
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
