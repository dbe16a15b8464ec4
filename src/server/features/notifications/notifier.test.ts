import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import { createUser } from '../../../test/factories.js';
import type { NotificationChannelName } from '../../../shared/domain.js';
import { PermanentDeliveryError, type Notice, type NotificationChannel, type OutgoingMessage } from '../../lib/notification-channel.js';
import { createNotifier } from './notifier.service.js';
import { eraseNotificationsOf, FALLBACK_WAIT_MS, failedDeliveries, retryFailed, settleWhatsAppFallback } from './outbox.service.js';

/** A channel that records what it is handed, failing as the test says. */
function fakeChannel(name: NotificationChannelName, fail: (message: OutgoingMessage) => Error | null = () => null) {
  const delivered: OutgoingMessage[] = [];
  let tries = 0;
  const channel: NotificationChannel = {
    name,
    async deliver(message) {
      tries += 1;
      const error = fail(message);
      if (error) throw error;
      delivered.push(message);
      return { providerMessageId: `${name}-${message.id}` };
    },
  };
  return { channel, delivered, tries: () => tries };
}

function setUp(channels: Partial<Record<NotificationChannelName, NotificationChannel>>) {
  const db = openDatabase(':memory:');
  let clock = 1_000_000;
  const notifier = createNotifier({ db, now: () => clock, log: pino({ level: 'silent' }), channels, maxAttempts: 3, baseDelayMs: 1000 });
  notifier.start();
  return { db, notifier, advance: (ms: number) => (clock += ms) };
}

const approved = (userId: number, orderId = 7): Notice => ({
  eventKey: `order-approved:${orderId}`,
  to: { userId },
  lang: 'mr',
  email: { kind: 'order-approved', payload: { pkg: 'MPSC' } },
  whatsapp: { kind: 'order-approved', payload: { orderId: String(orderId), packageName: 'MPSC' } },
});

function rowsOf(db: Db) {
  return db.select().from(notifications).orderBy(notifications.id).all();
}

describe('the notification outbox', () => {
  it('writes a message once per event, person and channel, and delivers it once', async () => {
    const email = fakeChannel('email');
    const { db, notifier } = setUp({ email: email.channel });
    const user = await createUser(db, { lang: 'mr' });
    db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
    db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
    expect(rowsOf(db)).toHaveLength(1);
    await Promise.all([notifier.deliverDue(), notifier.deliverDue()]);
    await notifier.deliverDue();
    expect(email.delivered).toHaveLength(1);
    expect(email.delivered[0]).toMatchObject({ kind: 'order-approved', lang: 'mr', payload: { pkg: 'MPSC' }, to: { userId: user.id, email: user.email } });
    const [row] = rowsOf(db);
    // Sent: what it said is no longer kept.
    expect(row).toMatchObject({ status: 'sent', attempts: 1, payload: '{}', providerMessageId: `email-${row!.id}` });
  });

  it('writes nothing when the transaction rolls back', async () => {
    const email = fakeChannel('email');
    const { db, notifier } = setUp({ email: email.channel });
    const user = await createUser(db);
    expect(() =>
      db.transaction((tx) => {
        notifier.enqueue(tx, approved(user.id));
        throw new Error('the event failed');
      }),
    ).toThrow('the event failed');
    expect(rowsOf(db)).toHaveLength(0);
  });

  it('retries with a backoff that doubles, then gives up and lists it; an admin retry sends it', async () => {
    let down = true;
    const email = fakeChannel('email', () => (down ? new Error('SMTP 451') : null));
    const { db, notifier, advance } = setUp({ email: email.channel });
    const user = await createUser(db);
    db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
    await notifier.deliverDue();
    expect(rowsOf(db)[0]).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: 1_001_000, lastError: 'SMTP 451' });
    await notifier.deliverDue();
    expect(email.tries()).toBe(1);
    advance(1000);
    await notifier.deliverDue();
    expect(rowsOf(db)[0]).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: 1_001_000 + 2000 });
    advance(2000);
    await notifier.deliverDue();
    expect(rowsOf(db)[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failedDeliveries(db, 1)).toMatchObject({ total: 1, rows: [{ kind: 'order-approved', channel: 'email', lastError: 'SMTP 451' }] });

    down = false;
    expect(retryFailed(db, [rowsOf(db)[0]!.id], 1_003_000)).toBe(1);
    await notifier.deliverDue();
    expect(email.delivered).toHaveLength(1);
    expect(failedDeliveries(db, 1).total).toBe(0);
  });

  it('gives up at once on a permanent failure', async () => {
    const email = fakeChannel('email', () => new PermanentDeliveryError('mailbox does not exist'));
    const { db, notifier } = setUp({ email: email.channel });
    const user = await createUser(db);
    db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
    await notifier.deliverDue();
    expect(rowsOf(db)[0]).toMatchObject({ status: 'failed', attempts: 1, lastError: 'mailbox does not exist' });
  });

  it('releases at start the rows a stopped run held, so none is lost', async () => {
    const email = fakeChannel('email');
    const { db, notifier } = setUp({ email: email.channel });
    const user = await createUser(db);
    db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
    // A run that took the row and died before it could say how the delivery went.
    db.update(notifications).set({ claimedAt: 1_000_000, attempts: 1 }).run();
    await notifier.deliverDue();
    expect(email.delivered).toHaveLength(0);
    const restarted = createNotifier({
      db,
      now: () => 1_000_000,
      log: pino({ level: 'silent' }),
      channels: { email: email.channel },
      maxAttempts: 3,
      baseDelayMs: 1000,
    });
    restarted.start();
    await restarted.deliverDue();
    expect(email.delivered).toHaveLength(1);
  });

  describe('WhatsApp', () => {
    async function optedIn(db: Db) {
      const user = await createUser(db, { lang: 'mr' });
      db.update(users).set({ whatsappPhone: '919876543210', whatsappOptInAt: 1 }).where(eq(users.id, user.id)).run();
      return user;
    }

    it('tells a learner who chose it on WhatsApp instead of by email', async () => {
      const email = fakeChannel('email');
      const whatsapp = fakeChannel('whatsapp');
      const { db, notifier } = setUp({ email: email.channel, whatsapp: whatsapp.channel });
      const user = await optedIn(db);
      db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
      await notifier.deliverDue();
      expect(whatsapp.delivered).toEqual([
        expect.objectContaining({
          kind: 'order-approved',
          lang: 'mr',
          payload: { orderId: '7', packageName: 'MPSC' },
          to: expect.objectContaining({ whatsappPhone: '919876543210' }),
        }),
      ]);
      expect(email.delivered).toHaveLength(0);
      // The email waits, held, until WhatsApp says the message reached the phone.
      expect(rowsOf(db).map((row) => [row.channel, row.status])).toEqual([
        ['whatsapp', 'sent'],
        ['email', 'pending'],
      ]);
      db.transaction((tx) => settleWhatsAppFallback(tx, rowsOf(db)[0]!, 'delivered', 2_000_000));
      await notifier.deliverDue();
      expect(email.delivered).toHaveLength(0);
      expect(rowsOf(db).map((row) => [row.channel, row.status])).toEqual([['whatsapp', 'sent']]);
    });

    it('sends the held email when WhatsApp reports the message failed after taking it', async () => {
      const email = fakeChannel('email');
      const whatsapp = fakeChannel('whatsapp');
      const { db, notifier } = setUp({ email: email.channel, whatsapp: whatsapp.channel });
      const user = await optedIn(db);
      db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
      await notifier.deliverDue();
      db.transaction((tx) => settleWhatsAppFallback(tx, rowsOf(db)[0]!, 'failed', 1_000_000));
      await notifier.deliverDue();
      expect(email.delivered).toEqual([expect.objectContaining({ kind: 'order-approved', payload: { pkg: 'MPSC' } })]);
    });

    it('drops a held email a day after its WhatsApp message went with no failure reported', async () => {
      const email = fakeChannel('email');
      const whatsapp = fakeChannel('whatsapp');
      const { db, notifier, advance } = setUp({ email: email.channel, whatsapp: whatsapp.channel });
      const user = await optedIn(db);
      db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
      await notifier.deliverDue();
      advance(FALLBACK_WAIT_MS - 1);
      expect(notifier.dropStaleFallbacks()).toBe(0);
      await notifier.deliverDue();
      expect(rowsOf(db)).toHaveLength(2);
      advance(1);
      // A delivery run leaves the held email to the sweep, which runs on its own timer.
      await notifier.deliverDue();
      expect(rowsOf(db)).toHaveLength(2);
      expect(notifier.dropStaleFallbacks()).toBe(1);
      await notifier.deliverDue();
      expect(rowsOf(db).map((row) => [row.channel, row.status])).toEqual([['whatsapp', 'sent']]);
      expect(email.delivered).toHaveLength(0);
    });

    it('falls back to email when the WhatsApp message fails for good', async () => {
      const email = fakeChannel('email');
      const whatsapp = fakeChannel('whatsapp', () => new PermanentDeliveryError('131026 message undeliverable'));
      const { db, notifier } = setUp({ email: email.channel, whatsapp: whatsapp.channel });
      const user = await optedIn(db);
      db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
      await notifier.deliverDue();
      expect(email.delivered).toEqual([expect.objectContaining({ kind: 'order-approved', payload: { pkg: 'MPSC' } })]);
      expect(rowsOf(db).map((row) => [row.channel, row.status])).toEqual([
        ['whatsapp', 'failed'],
        ['email', 'sent'],
      ]);
    });

    it('emails when no WhatsApp channel is set up, the learner did not choose it, or the kind is email-only', async () => {
      const email = fakeChannel('email');
      const { db, notifier } = setUp({ email: email.channel });
      const user = await optedIn(db);
      db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
      const whatsapp = fakeChannel('whatsapp');
      const withWhatsApp = setUp({ email: email.channel, whatsapp: whatsapp.channel });
      const other = await createUser(withWhatsApp.db);
      withWhatsApp.db.transaction((tx) => withWhatsApp.notifier.enqueue(tx, approved(other.id)));
      const chose = await optedIn(withWhatsApp.db);
      withWhatsApp.db.transaction((tx) => withWhatsApp.notifier.enqueue(tx, { ...approved(chose.id, 8), whatsapp: undefined }));
      await notifier.deliverDue();
      await withWhatsApp.notifier.deliverDue();
      expect(email.delivered).toHaveLength(3);
      expect(whatsapp.delivered).toHaveLength(0);
    });
  });

  it('cancels an erased person’s messages and blanks what they said and where they went', async () => {
    const email = fakeChannel('email', () => new Error('SMTP down'));
    const { db, notifier } = setUp({ email: email.channel });
    const user = await createUser(db);
    db.transaction((tx) => notifier.enqueue(tx, approved(user.id)));
    db.transaction((tx) => notifier.enqueue(tx, { ...approved(user.id, 9), to: { userId: user.id, email: user.email } }));
    db.transaction((tx) => eraseNotificationsOf(tx, user.id, [user.email]));
    db.update(users).set({ deletedAt: 1 }).where(eq(users.id, user.id)).run();
    await notifier.deliverDue();
    expect(email.tries()).toBe(0);
    for (const row of rowsOf(db)) {
      expect(row).toMatchObject({ status: 'failed', payload: '{}', lastError: 'Cancelled: the person was erased' });
      expect(row.recipient).toMatch(/^erased:/);
    }
    expect(failedDeliveries(db, 1).total).toBe(0);
    expect(
      retryFailed(
        db,
        rowsOf(db).map((row) => row.id),
        2_000_000,
      ),
    ).toBe(0);
  });
});
