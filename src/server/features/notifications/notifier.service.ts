import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { users, type NotificationRow } from '../../db/schema.js';
import type { NotificationChannelName } from '../../../shared/domain.js';
import { PermanentDeliveryError, type NotificationChannel, type Notifier, type OutgoingMessage } from '../../lib/notification-channel.js';
import { claimRow, dropStaleFallbacks, dueRows, markFailed, markSent, releaseClaims, writeNotice } from './outbox.service.js';

export type NotifierOptions = {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  /** The channels set up: email always, WhatsApp when configured. A row of a channel not given fails (a WhatsApp row then falls back to email). */
  channels: Partial<Record<NotificationChannelName, NotificationChannel>>;
  /** Tries before a row is given up (NOTIFY_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** The wait after the first failed try, doubled after each (NOTIFY_RETRY_BASE_MS). */
  baseDelayMs: number;
};

const BATCH = 20;

export function createNotifier(options: NotifierOptions): Notifier {
  const { db, now, log, channels } = options;
  let started = false;
  let running: Promise<number> | null = null;
  let again = false;

  function addressOf(row: NotificationRow): OutgoingMessage['to'] {
    const user =
      row.userId === null ? undefined : db.select({ email: users.email, phone: users.whatsappPhone }).from(users).where(eq(users.id, row.userId)).get();
    const email = row.recipient.startsWith('user:') ? (user?.email ?? null) : row.recipient;
    return { userId: row.userId, email, whatsappPhone: user?.phone ?? null };
  }

  async function deliverOne(row: NotificationRow): Promise<void> {
    const channel = channels[row.channel];
    try {
      if (!channel) throw new PermanentDeliveryError(`No ${row.channel} channel is set up`);
      const to = addressOf(row);
      if (row.channel === 'email' && !to.email) throw new PermanentDeliveryError('No email address');
      if (row.channel === 'whatsapp' && !to.whatsappPhone) throw new PermanentDeliveryError('No WhatsApp number');
      const delivered = await channel.deliver({ id: row.id, kind: row.kind, lang: row.lang, payload: JSON.parse(row.payload) as unknown, to });
      markSent(db, row, now(), delivered.providerMessageId);
      log.info({ notification: row.id, kind: row.kind, channel: row.channel }, 'notification sent');
    } catch (error) {
      const permanent = error instanceof PermanentDeliveryError;
      const message = error instanceof Error ? error.message : String(error);
      const outcome = markFailed(db, row, now(), { error: message, permanent }, options);
      log.warn({ notification: row.id, kind: row.kind, channel: row.channel, outcome, err: error }, 'notification not delivered');
    }
  }

  async function run(): Promise<number> {
    let delivered = 0;
    do {
      again = false;
      for (;;) {
        const due = dueRows(db, now(), BATCH);
        if (due.length === 0) break;
        let took = 0;
        for (const candidate of due) {
          const row = claimRow(db, candidate.id, now());
          if (!row) continue;
          took++;
          await deliverOne(row);
          delivered++;
        }
        if (took === 0) break;
      }
    } while (again);
    return delivered;
  }

  function deliverDue(): Promise<number> {
    if (running !== null) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  function kick(): void {
    if (!started) return;
    deliverDue().catch((error: unknown) => log.error({ err: error }, 'delivering notifications failed'));
  }

  return {
    enqueue(tx, notice) {
      writeNotice(tx, notice, { now: now(), whatsApp: channels.whatsapp !== undefined });
      // The caller's transaction is synchronous (better-sqlite3): by the next turn it has committed, or rolled back and left nothing due.
      setImmediate(kick);
    },
    kick,
    deliverDue,
    dropStaleFallbacks: () => dropStaleFallbacks(db, now()),
    start() {
      if (started) return;
      started = true;
      const released = releaseClaims(db);
      if (released > 0) log.info({ released }, 'notifications a stopped run held are due again');
    },
    async stop() {
      started = false;
      await running;
    },
  };
}
