import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { notifications, users, type NotificationRow } from '../../db/schema.js';
import { whatsAppKinds, type Language } from '../../../shared/domain.js';
import type { EmailTemplate } from '../../lib/mailer.js';
import type { EmailNotice, Notice, Recipient, WhatsAppNotice } from '../../lib/notification-channel.js';

/** Types a template's parameters against the template, for the outbox row. */
export function emailOf<P>(template: EmailTemplate<P>, params: P): EmailNotice {
  return { kind: template.kind, payload: params };
}

/**
 * One account's message of an event, in the account's language: its email (the template's kind and
 * parameters, rendered at delivery) and, for the kinds WhatsApp carries, its WhatsApp form (sent
 * instead to a learner who chose WhatsApp). The one shape handed to `notifier.enqueue` for an account.
 */
export function noticeTo<P>(
  person: { id: number; lang: Language },
  eventKey: string,
  template: EmailTemplate<P>,
  params: P,
  whatsapp?: WhatsAppNotice,
): Notice {
  return { eventKey, to: { userId: person.id }, lang: person.lang, email: emailOf(template, params), ...(whatsapp && { whatsapp }) };
}

/** The key of an event that has no row of its own to name it by (a change of details, a name mended): each is its own. */
export function eventKeyOf(name: string): string {
  return `${name}:${randomUUID()}`;
}

/** A fallback email waits with this as its time until its WhatsApp message failed for good (then it is due at once). */
export const HELD = Number.MAX_SAFE_INTEGER;

function recipientKey(to: Recipient): string {
  return to.email !== undefined ? to.email : `user:${to.userId}`;
}

function wantsWhatsApp(tx: Queryable, userId: number | null | undefined): boolean {
  if (userId == null) return false;
  const user = tx
    .select({ phone: users.whatsappPhone, optIn: users.whatsappOptInAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return Boolean(user && user.deletedAt === null && user.phone && user.optIn !== null);
}

/**
 * Writes a notice's rows in the caller's transaction: its email, or (for a learner who chose
 * WhatsApp, when a WhatsApp channel is set up) its WhatsApp message and the email held as its
 * fallback. A row already written for this event, recipient and channel stays as it is.
 */
export function writeNotice(tx: Queryable, notice: Notice, options: { now: number; whatsApp: boolean }): void {
  const recipient = recipientKey(notice.to);
  const base = { eventKey: notice.eventKey, userId: notice.to.userId ?? null, recipient, lang: notice.lang, createdAt: options.now };
  const viaWhatsApp = notice.whatsapp !== undefined && whatsAppKinds.includes(notice.whatsapp.kind) && options.whatsApp && wantsWhatsApp(tx, notice.to.userId);
  if (viaWhatsApp && notice.whatsapp) {
    tx.insert(notifications)
      .values({ ...base, channel: 'whatsapp', kind: notice.whatsapp.kind, payload: JSON.stringify(notice.whatsapp.payload), nextAttemptAt: options.now })
      .onConflictDoNothing()
      .run();
  }
  tx.insert(notifications)
    .values({
      ...base,
      channel: 'email',
      kind: notice.email.kind,
      payload: JSON.stringify(notice.email.payload),
      nextAttemptAt: viaWhatsApp ? HELD : options.now,
    })
    .onConflictDoNothing()
    .run();
}

/**
 * Changes what a message not sent yet will say, when the event it tells of has moved on before
 * it went (the admins' "verify this UTR" of an order the gateway has paid meanwhile).
 */
export function amendUnsent(tx: Queryable, message: { eventKey: string; kind: string }, patch: Record<string, unknown>): void {
  tx.update(notifications)
    .set({ payload: sql`json_patch(${notifications.payload}, ${JSON.stringify(patch)})` })
    .where(and(eq(notifications.eventKey, message.eventKey), eq(notifications.kind, message.kind), eq(notifications.status, 'pending')))
    .run();
}

/** Rows due now and held by nobody, oldest first. */
export function dueRows(db: Queryable, now: number, limit: number): NotificationRow[] {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.status, 'pending'), lte(notifications.nextAttemptAt, now), isNull(notifications.claimedAt)))
    .orderBy(notifications.nextAttemptAt, notifications.id)
    .limit(limit)
    .all();
}

/** Takes a row to deliver it, unless another worker took it first (or it is no longer due). Counts the try. */
export function claimRow(db: Queryable, id: number, now: number): NotificationRow | undefined {
  return db
    .update(notifications)
    .set({ claimedAt: now, attempts: sql`${notifications.attempts} + 1` })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'pending'), isNull(notifications.claimedAt)))
    .returning()
    .get();
}

/** At start, the only process: rows a crashed worker held are due again. */
export function releaseClaims(db: Queryable): number {
  return db.update(notifications).set({ claimedAt: null }).where(eq(notifications.status, 'pending')).run().changes;
}

/**
 * The row was delivered: what it said is no longer kept (a code, a reset link, a name), and the
 * address of someone erased meanwhile neither. A WhatsApp message that went out keeps its email
 * fallback held until WhatsApp reports it delivered or failed (settleWhatsAppFallback).
 */
export function markSent(db: Queryable, row: NotificationRow, now: number, providerMessageId: string | null): void {
  db.transaction((tx) => {
    const erased = row.userId !== null && tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, row.userId)).get()?.deletedAt != null;
    tx.update(notifications)
      .set({
        status: 'sent',
        sentAt: now,
        claimedAt: null,
        providerMessageId,
        lastError: null,
        payload: '{}',
        ...(erased && { recipient: `erased:${row.id}` }),
      })
      .where(eq(notifications.id, row.id))
      .run();
  });
}

/**
 * A try failed: due again after a backoff that doubles each time, or failed for good after the
 * last try (or at once when another try cannot help). A WhatsApp message failed for good sends
 * its email fallback.
 */
export function markFailed(
  db: Queryable,
  row: NotificationRow,
  now: number,
  failure: { error: string; permanent: boolean },
  retry: { maxAttempts: number; baseDelayMs: number },
): 'retry' | 'failed' {
  const gaveUp = failure.permanent || row.attempts >= retry.maxAttempts;
  const error = failure.error.slice(0, 500);
  db.transaction((tx) => {
    if (gaveUp) {
      tx.update(notifications).set({ status: 'failed', claimedAt: null, lastError: error }).where(eq(notifications.id, row.id)).run();
      if (row.channel === 'whatsapp') heldFallback(tx, row, 'release', now);
    } else {
      const delay = Math.min(retry.baseDelayMs * 2 ** (row.attempts - 1), 24 * 60 * 60 * 1000);
      tx.update(notifications)
        .set({ claimedAt: null, lastError: error, nextAttemptAt: now + delay })
        .where(eq(notifications.id, row.id))
        .run();
    }
  });
  return gaveUp ? 'failed' : 'retry';
}

function heldFallback(tx: Queryable, row: Pick<NotificationRow, 'eventKey' | 'recipient'>, what: 'drop' | 'release', now: number): void {
  const held = and(
    eq(notifications.eventKey, row.eventKey),
    eq(notifications.recipient, row.recipient),
    eq(notifications.channel, 'email'),
    eq(notifications.status, 'pending'),
    eq(notifications.nextAttemptAt, HELD),
  );
  if (what === 'drop') tx.delete(notifications).where(held).run();
  else tx.update(notifications).set({ nextAttemptAt: now }).where(held).run();
}

/** How long a WhatsApp message's held email waits for WhatsApp to report it delivered or failed. */
export const FALLBACK_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * What WhatsApp reported of a message it took (its webhook's delivery status): delivered or read
 * drops the held email (the person was told); failed sends it. In the webhook's transaction.
 */
export function settleWhatsAppFallback(
  tx: Queryable,
  message: Pick<NotificationRow, 'eventKey' | 'recipient'>,
  outcome: 'delivered' | 'failed',
  now: number,
): void {
  heldFallback(tx, message, outcome === 'delivered' ? 'drop' : 'release', now);
}

/**
 * Held emails whose WhatsApp message went out more than FALLBACK_WAIT_MS ago with no report of a
 * failure: the message is taken as delivered and the email, with what it would have said, dropped.
 */
export function dropStaleFallbacks(db: Queryable, now: number): number {
  const sentLongAgo = db
    .select({ eventKey: notifications.eventKey, recipient: notifications.recipient })
    .from(notifications)
    .where(and(eq(notifications.channel, 'whatsapp'), eq(notifications.status, 'sent'), lte(notifications.sentAt, now - FALLBACK_WAIT_MS)));
  return db
    .delete(notifications)
    .where(
      and(
        eq(notifications.channel, 'email'),
        eq(notifications.status, 'pending'),
        eq(notifications.nextAttemptAt, HELD),
        sql`(${notifications.eventKey}, ${notifications.recipient}) in ${sentLongAgo}`,
      ),
    )
    .run().changes;
}

export const FAILED_PAGE_SIZE = 50;

export type FailedDelivery = Pick<NotificationRow, 'id' | 'eventKey' | 'channel' | 'kind' | 'attempts' | 'lastError' | 'createdAt' | 'userId'> & {
  /** Whom it was for: the account's name and email, or the address. */
  to: string;
};

/** Messages given up on (not those of erased people), latest first, a page at a time. */
export function failedDeliveries(db: Queryable, page: number): { rows: FailedDelivery[]; total: number; pageSize: number } {
  const where = and(eq(notifications.status, 'failed'), or(isNull(notifications.userId), isNull(users.deletedAt)));
  const rows = db
    .select({
      id: notifications.id,
      eventKey: notifications.eventKey,
      channel: notifications.channel,
      kind: notifications.kind,
      attempts: notifications.attempts,
      lastError: notifications.lastError,
      createdAt: notifications.createdAt,
      userId: notifications.userId,
      recipient: notifications.recipient,
      userName: users.name,
      userEmail: users.email,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.userId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(FAILED_PAGE_SIZE)
    .offset((page - 1) * FAILED_PAGE_SIZE)
    .all();
  const { n } = db.select({ n: sql<number>`count(*)` }).from(notifications).leftJoin(users, eq(users.id, notifications.userId)).where(where).get()!;
  return {
    rows: rows.map(({ recipient, userName, userEmail, ...row }) => ({
      ...row,
      to: userName !== null && recipient.startsWith('user:') ? `${userName} <${userEmail}>` : recipient,
    })),
    total: n,
    pageSize: FAILED_PAGE_SIZE,
  };
}

/** Puts failed messages back to be tried again now, from the first try. Answers how many (an erased person's stay as they are). */
export function retryFailed(db: Queryable, ids: readonly number[], now: number): number {
  if (ids.length === 0) return 0;
  const erased = db.select({ id: users.id }).from(users).where(sql`${users.deletedAt} is not null`);
  return db
    .update(notifications)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, claimedAt: null })
    .where(
      and(
        inArray(notifications.id, [...ids]),
        eq(notifications.status, 'failed'),
        or(isNull(notifications.userId), sql`${notifications.userId} not in ${erased}`),
      ),
    )
    .run().changes;
}

/**
 * An erased person's messages: those not sent are cancelled (failed, never retried), and every
 * payload and address of theirs is blanked. Runs in the erasure's transaction.
 */
export function eraseNotificationsOf(tx: Queryable, userId: number, emails: readonly string[]): void {
  tx.update(notifications)
    .set({ status: 'failed', lastError: 'Cancelled: the person was erased', claimedAt: null })
    .where(and(eq(notifications.userId, userId), eq(notifications.status, 'pending')))
    .run();
  tx.update(notifications)
    .set({
      payload: '{}',
      recipient: sql`'erased:' || ${notifications.id}`,
      lastError: sql`case when ${notifications.status} = 'failed' then 'Cancelled: the person was erased' else null end`,
    })
    .where(or(eq(notifications.userId, userId), emails.length > 0 ? inArray(notifications.recipient, [...emails]) : sql`0`))
    .run();
}
