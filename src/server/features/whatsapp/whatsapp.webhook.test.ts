import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fakeWhatsApp, signWebhook, type FakeGraphApi } from '../../../test/fake-graph-api.js';
import { createUser } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { withWhatsAppApp } from '../../../test/whatsapp-app.js';
import { channelConsents, notifications, users } from '../../db/schema.js';
import { createWhatsAppChannel } from './whatsapp.channel.js';
import { recordWhatsAppConsent } from './whatsapp.service.js';
import { isStopReply } from './whatsapp.webhook.js';

let t: TestApp;
let fake: FakeGraphApi;

withWhatsAppApp((app, graph) => {
  t = app;
  fake = graph;
});

const hook = () => `${t.url}/webhooks/whatsapp`;

/** An outbox row for a learner, sent through the channel as the outbox worker would: its wamid kept on the row. */
async function sentRow(userId: number, phone = '9876543210') {
  const row = t.db
    .insert(notifications)
    .values({
      eventKey: `order-approved:${Math.random()}`,
      userId,
      recipient: `user:${userId}`,
      channel: 'whatsapp',
      kind: 'order-approved',
      lang: 'mr',
      payload: JSON.stringify({ orderId: '5', packageName: 'Police Bharti' }),
      nextAttemptAt: Date.now(),
      createdAt: Date.now(),
    })
    .returning()
    .get();
  const channel = createWhatsAppChannel(t.deps.config.whatsapp!, { log: t.deps.log });
  const delivered = await channel.deliver({
    id: row.id,
    kind: row.kind,
    lang: row.lang,
    payload: JSON.parse(row.payload),
    to: { userId, email: null, whatsappPhone: phone },
  });
  t.db
    .update(notifications)
    .set({ status: 'sent', sentAt: Date.now(), providerMessageId: delivered.providerMessageId })
    .where(eq(notifications.id, row.id))
    .run();
  return { ...row, wamid: delivered.providerMessageId! };
}

const rowOf = (id: number) => t.db.select().from(notifications).where(eq(notifications.id, id)).get()!;

describe("Meta's verification handshake", () => {
  it('echoes hub.challenge when the mode is subscribe and the verify token is ours', async () => {
    const answer = await fetch(`${hook()}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(fakeWhatsApp.verifyToken)}&hub.challenge=1158201444`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('1158201444');
  });

  it('answers 403 to a wrong token or another mode', async () => {
    expect((await fetch(`${hook()}?hub.mode=subscribe&hub.verify_token=guess-guess-guess&hub.challenge=1`)).status).toBe(403);
    expect((await fetch(`${hook()}?hub.mode=unsubscribe&hub.verify_token=${encodeURIComponent(fakeWhatsApp.verifyToken)}&hub.challenge=1`)).status).toBe(403);
    expect((await fetch(hook())).status).toBe(403);
  });
});

describe('the signature on every POST', () => {
  it('refuses a call without X-Hub-Signature-256, or signed with another secret, with 401', async () => {
    const learner = await createUser(t.db);
    const row = await sentRow(learner.id);
    const payload = fake.envelope({ statuses: [{ id: row.wamid, status: 'delivered', timestamp: '1764300000', recipient_id: '919876543210' }] });
    expect((await fake.post(t.url, payload, { unsigned: true })).status).toBe(401);
    expect((await fake.post(t.url, payload, { secret: 'anotherappsecret0123456789abcdef' })).status).toBe(401);
    // The signature is over the exact bytes: the same JSON written again with other spacing does not check.
    const body = JSON.stringify(payload);
    const answer = await fetch(hook(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body) },
      body: JSON.stringify(payload, null, 1),
    });
    expect(answer.status).toBe(401);
    expect(rowOf(row.id).deliveryStatus).toBeNull();
  });
});

describe('delivery statuses', () => {
  it('stores each status with its time on the outbox row of its wamid, only ever forward', async () => {
    const learner = await createUser(t.db);
    const row = await sentRow(learner.id);
    const at = Date.UTC(2026, 10, 27, 10, 0, 0);
    expect((await fake.sendStatus(t.url, row.wamid, 'sent', { at })).status).toBe(200);
    expect(rowOf(row.id)).toMatchObject({ deliveryStatus: 'sent', deliveryStatusAt: at });
    await fake.sendStatus(t.url, row.wamid, 'read', { at: at + 60_000 });
    // A late "delivered" does not take the row back from "read".
    await fake.sendStatus(t.url, row.wamid, 'delivered', { at: at + 30_000 });
    expect(rowOf(row.id)).toMatchObject({ deliveryStatus: 'read', deliveryStatusAt: at + 60_000 });
  });

  it("marks a failed message delivery_status 'failed', with Meta's code, for the outbox to send the email", async () => {
    const learner = await createUser(t.db);
    const row = await sentRow(learner.id);
    expect((await fake.sendStatus(t.url, row.wamid, 'failed', { code: 131026 })).status).toBe(200);
    const failed = rowOf(row.id);
    expect(failed.deliveryStatus).toBe('failed');
    expect(failed.lastError).toContain('131026');
  });

  it('ignores a status for a message that is not ours', async () => {
    const answer = await fake.sendStatus(t.url, 'wamid.notours', 'delivered');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ statuses: 0 });
  });
});

describe('a STOP reply', () => {
  it.each(['STOP', 'stop', ' Stop. ', 'थांबा'])('"%s" opts the learner of that number out, recorded as withdrawn by reply', async (reply) => {
    const learner = await createUser(t.db);
    const phone = `7${String(learner.id).padStart(9, '0')}`;
    recordWhatsAppConsent(t.db, { userId: learner.id, phone, via: 'profile' });
    expect((await fake.sendText(t.url, `91${phone}`, reply)).status).toBe(200);
    const after = t.db.select().from(users).where(eq(users.id, learner.id)).get()!;
    expect(after.whatsappOptInAt).toBeNull();
    const consents = t.db.select().from(channelConsents).where(eq(channelConsents.userId, learner.id)).all();
    expect(consents.map((row) => [row.action, row.via, row.phone])).toEqual([
      ['given', 'profile', phone],
      ['withdrawn', 'reply', phone],
    ]);
  });

  it('leaves a learner who wrote something else opted in', async () => {
    const learner = await createUser(t.db);
    const phone = `6${String(learner.id).padStart(9, '0')}`;
    recordWhatsAppConsent(t.db, { userId: learner.id, phone, via: 'register' });
    await fake.sendText(t.url, `91${phone}`, 'Please stop the lecture from buffering');
    expect(t.db.select().from(users).where(eq(users.id, learner.id)).get()?.whatsappOptInAt).not.toBeNull();
  });

  it('is recognised alone, in either language', () => {
    expect(isStopReply('STOP!')).toBe(true);
    expect(isStopReply('थांबा।')).toBe(true);
    expect(isStopReply('stop it')).toBe(false);
    expect(isStopReply('')).toBe(false);
  });
});

describe('without the WhatsApp settings', () => {
  it('answers 404', async () => {
    const off = await startTestApp();
    try {
      expect((await fetch(`${off.url}/webhooks/whatsapp?hub.mode=subscribe`)).status).toBe(404);
      expect((await fake.sendText(off.url, '919876543210', 'STOP')).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('refused calls', () => {
  it('are limited per address: past 30 in 15 minutes even a good call waits (429)', async () => {
    const payload = fake.envelope({ statuses: [] });
    let status = 0;
    for (let attempt = 0; attempt < 31 && status !== 429; attempt++) status = (await fake.post(t.url, payload, { unsigned: true })).status;
    expect(status).toBe(429);
    expect((await fake.post(t.url, payload)).status).toBe(429);
    expect((await fetch(`${hook()}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(fakeWhatsApp.verifyToken)}&hub.challenge=1`)).status).toBe(429);
  });
});
