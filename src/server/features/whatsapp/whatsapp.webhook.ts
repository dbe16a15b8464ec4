import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { clientKey, type RateLimits } from '../../lib/rate-limit.js';
import { optOutByReply } from './whatsapp.service.js';
import { settleWhatsAppFallback } from '../notifications/outbox.service.js';
import type { Notifier } from '../../lib/notification-channel.js';

/** Where Meta calls: set `${PUBLIC_URL}/webhooks/whatsapp` as the callback address in the app's WhatsApp > Configuration, field `messages`. */
export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp';

type WebhookDeps = {
  db: Db;
  config: Pick<Config, 'whatsapp'>;
  log: FastifyBaseLogger;
  now: () => number;
  rateLimits: RateLimits;
  notifier: Pick<Notifier, 'kick'>;
};

/** Refused calls (a wrong verify token, a missing or wrong signature) per address: past this the caller waits. */
const REFUSALS = { points: 30, durationSeconds: 15 * 60 };

/** A learner's reply that stops WhatsApp updates: STOP in any case, or थांबा ("stop"), alone in the message. */
export function isStopReply(text: string): boolean {
  const word = text
    .normalize('NFC')
    .trim()
    .replace(/[\s.!।]+$/u, '')
    .toLowerCase();
  return word === 'stop' || word === 'थांबा';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Meta signs the exact bytes it sends: `sha256=` and the hex HMAC-SHA256 of the body with the app secret. */
export function signatureMatches(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const statusEntry = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  timestamp: z.coerce.number().int().nonnegative(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() })).optional(),
});
const inboundMessage = z.object({ from: z.string().max(40), type: z.string().max(40), text: z.object({ body: z.string().max(4096) }).optional() });
const webhookBody = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z.object({ statuses: z.array(z.unknown()).optional(), messages: z.array(z.unknown()).optional() }).loose(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/**
 * Statuses only move forward: sent, then delivered, then read. `failed` counts only before the
 * message was delivered: it marks the outbox row (delivery_status = 'failed') so that the outbox
 * sends the email held as its fallback (settleWhatsAppFallback); delivered or read drops that email.
 */
const statusRank: Record<string, number> = { sent: 1, failed: 2, delivered: 3, read: 4 };

function storeStatus(db: Db, entry: z.infer<typeof statusEntry>, now: number): boolean {
  const rank = statusRank[entry.status];
  if (rank === undefined) return false;
  const row = db
    .select({ id: notifications.id, deliveryStatus: notifications.deliveryStatus, eventKey: notifications.eventKey, recipient: notifications.recipient })
    .from(notifications)
    .where(and(eq(notifications.channel, 'whatsapp'), eq(notifications.providerMessageId, entry.id)))
    .get();
  if (!row || (statusRank[row.deliveryStatus ?? ''] ?? 0) >= rank) return false;
  const failure = entry.status === 'failed' ? entry.errors?.[0] : undefined;
  db.transaction((tx) => {
    tx.update(notifications)
      .set({
        deliveryStatus: entry.status,
        deliveryStatusAt: entry.timestamp * 1000,
        ...(entry.status === 'failed' && {
          lastError: `WhatsApp reported the message failed${failure?.code ? `: code ${failure.code}` : ''}${failure?.title ? ` (${failure.title})` : ''}`,
        }),
      })
      .where(eq(notifications.id, row.id))
      .run();
    if (entry.status !== 'sent') settleWhatsAppFallback(tx, row, entry.status === 'failed' ? 'failed' : 'delivered', now);
  });
  return true;
}

export type WebhookOutcome = { status: number; statuses: number; optedOut: number };

/** One signed call from Meta: the delivery statuses stored on their outbox rows, and STOP replies opting their senders out. */
export function receiveWhatsAppWebhook(deps: WebhookDeps, rawBody: Buffer): WebhookOutcome {
  let parsed: z.infer<typeof webhookBody>;
  try {
    parsed = webhookBody.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return { status: 400, statuses: 0, optedOut: 0 };
  }
  let statuses = 0;
  let optedOut = 0;
  for (const change of parsed.entry.flatMap((entry) => entry.changes)) {
    for (const raw of change.value.statuses ?? []) {
      const entry = statusEntry.safeParse(raw);
      if (entry.success && storeStatus(deps.db, entry.data, deps.now())) statuses++;
    }
    for (const raw of change.value.messages ?? []) {
      const message = inboundMessage.safeParse(raw);
      if (!message.success || message.data.type !== 'text' || !isStopReply(message.data.text?.body ?? '')) continue;
      const people = deps.db.transaction((tx) => optOutByReply(tx, message.data.from, deps.now()));
      optedOut += people.length;
      if (people.length > 0) deps.log.info({ userIds: people }, 'WhatsApp updates stopped by a STOP reply');
    }
  }
  // An email released by a failure is due now.
  if (statuses > 0) deps.notifier.kick();
  return { status: 200, statuses, optedOut };
}

/**
 * Meta's webhook: the GET handshake (echo `hub.challenge` when `hub.mode` is subscribe and
 * `hub.verify_token` is ours) and the signed POSTs. In this scope bodies are kept as the bytes that
 * came, since the signature is over them. 404 while WhatsApp is not set up.
 */
export function registerWhatsAppWebhook(app: FastifyInstance, deps: WebhookDeps): void {
  const refusals = deps.rateLimits.get('whatsapp-webhook-refusals', REFUSALS);
  const overLimit = (ip: string) =>
    refusals.check(ip).then(
      () => false,
      () => true,
    );
  app.register((scope, _options, registered) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.get(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
      const settings = deps.config.whatsapp;
      if (!settings) return reply.code(404).send({ ok: false });
      const ip = clientKey(request.ip);
      if (await overLimit(ip)) return reply.code(429).send({ ok: false });
      const query = request.query as Record<string, unknown>;
      const challenge = query['hub.challenge'];
      const token = query['hub.verify_token'];
      if (
        query['hub.mode'] === 'subscribe' &&
        typeof token === 'string' &&
        sameSecret(token, settings.verifyToken) &&
        typeof challenge === 'string' &&
        /^[A-Za-z0-9_-]{1,200}$/.test(challenge)
      ) {
        deps.log.info('WhatsApp webhook verified by Meta');
        return reply.code(200).type('text/plain').send(challenge);
      }
      await refusals.hit(ip).catch(() => undefined);
      return reply.code(403).send({ ok: false });
    });

    scope.post(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
      const settings = deps.config.whatsapp;
      if (!settings) return reply.code(404).send({ ok: false });
      const ip = clientKey(request.ip);
      if (await overLimit(ip)) return reply.code(429).send({ ok: false });
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      if (!signatureMatches(rawBody, typeof header === 'string' ? header : undefined, settings.appSecret)) {
        await refusals.hit(ip).catch(() => undefined);
        deps.log.warn({ bytes: rawBody.length, signed: typeof header === 'string' }, 'a WhatsApp webhook was refused: its signature does not check');
        return reply.code(401).send({ ok: false });
      }
      const outcome = receiveWhatsAppWebhook(deps, rawBody);
      return reply.code(outcome.status).send({ ok: outcome.status === 200, statuses: outcome.statuses, optedOut: outcome.optedOut });
    });
    registered();
  });
}
