import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { channelConsents, notifications, users } from '../../db/schema.js';
import { phoneDigits } from '../../../shared/phone.js';
import { istMonthStart } from '../../../shared/ist.js';
import { whatsappErrors } from './whatsapp.errors.js';

/** How a consent to WhatsApp updates was given or taken back (the channel_consents row's `via`). */
export type ConsentWay = 'register' | 'profile' | 'reply';

/**
 * The person agrees to updates on WhatsApp at this 10-digit number (its own consent, apart from the
 * privacy notice's): the number is kept on the account and the consent recorded. Call it in the
 * transaction that makes the choice (sign-up, the profile). A number typed with +91, 0 or spaces is
 * kept as its 10 digits; anything else is refused.
 */
export function recordWhatsAppConsent(tx: Queryable, input: { userId: number; phone: string; via: ConsentWay; at?: number }): void {
  const phone = phoneDigits(input.phone);
  if (!phone) throw new TypeError('expected a 10-digit Indian mobile number');
  const at = input.at ?? Date.now();
  tx.update(users).set({ whatsappPhone: phone, whatsappOptInAt: at }).where(eq(users.id, input.userId)).run();
  tx.insert(channelConsents).values({ userId: input.userId, channel: 'whatsapp', action: 'given', via: input.via, phone, at }).run();
}

/**
 * The person stops updates on WhatsApp: the account keeps neither the consent nor the number (they
 * are needed for nothing else), and the withdrawal is recorded with the number it was about. False
 * when there was nothing to withdraw.
 */
export function withdrawWhatsAppConsent(tx: Queryable, input: { userId: number; via: ConsentWay; at?: number }): boolean {
  const user = tx.select({ phone: users.whatsappPhone, optInAt: users.whatsappOptInAt }).from(users).where(eq(users.id, input.userId)).get();
  if (!user || user.optInAt === null) return false;
  const at = input.at ?? Date.now();
  tx.update(users).set({ whatsappPhone: null, whatsappOptInAt: null }).where(eq(users.id, input.userId)).run();
  tx.insert(channelConsents).values({ userId: input.userId, channel: 'whatsapp', action: 'withdrawn', via: input.via, phone: user.phone, at }).run();
  return true;
}

export type WhatsAppChoice = {
  /** Whether the product can send WhatsApp updates at all (the WHATSAPP_ settings are set). */
  available: boolean;
  /** The number updates go to while the person agreed, else null. */
  phone: string | null;
  optedInAt: number | null;
};

export function whatsAppChoice(db: Queryable, config: Pick<Config, 'whatsapp'>, userId: number): WhatsAppChoice {
  const user = db.select({ phone: users.whatsappPhone, optInAt: users.whatsappOptInAt }).from(users).where(eq(users.id, userId)).get();
  const optedIn = user?.optInAt != null;
  return { available: config.whatsapp !== null, phone: optedIn ? (user?.phone ?? null) : null, optedInAt: optedIn ? (user?.optInAt ?? null) : null };
}

/** The profile's switch: on with a number and the ticked consent, or off. Every change is a channel_consents row (via the profile). */
export function setWhatsAppChoice(
  deps: { db: Db; config: Pick<Config, 'whatsapp'>; now: () => number },
  userId: number,
  choice: { on: true; phone: string; consent: boolean } | { on: false },
): WhatsAppChoice {
  if (choice.on) {
    if (!deps.config.whatsapp) throw whatsappErrors.WHATSAPP_OFF();
    if (!choice.consent) throw whatsappErrors.WHATSAPP_CONSENT_REQUIRED();
    const current = whatsAppChoice(deps.db, deps.config, userId);
    if (current.phone !== choice.phone) deps.db.transaction((tx) => recordWhatsAppConsent(tx, { userId, phone: choice.phone, via: 'profile', at: deps.now() }));
  } else {
    deps.db.transaction((tx) => withdrawWhatsAppConsent(tx, { userId, via: 'profile', at: deps.now() }));
  }
  return whatsAppChoice(deps.db, deps.config, userId);
}

/**
 * The people whose WhatsApp number is this one (Meta gives the sender as 91 and the 10 digits) and
 * who agreed to updates: a reply of STOP or थांबा withdraws their consent.
 */
export function optOutByReply(tx: Queryable, from: string, at: number): number[] {
  const phone = /^91\d{10}$/.test(from) ? from.slice(2) : null;
  if (!phone) return [];
  const people = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.whatsappPhone, phone), isNotNull(users.whatsappOptInAt)))
    .all();
  return people.filter((person) => withdrawWhatsAppConsent(tx, { userId: person.id, via: 'reply', at })).map((person) => person.id);
}

// The admin's report

export type WhatsAppMonth = {
  /** The IST month's first instant. */
  monthStart: number;
  byKind: { kind: string; messages: number; costPaise: number }[];
  messages: number;
  costPaise: number;
};

/**
 * WhatsApp messages sent (taken by Meta: the outbox marked them sent), per IST month and kind, newest
 * month first, with what they cost at the per-message price setting (hundredths of a paisa).
 */
export function whatsAppMonthlyReport(db: Queryable, priceCentipaise: number, options: { months?: number; now: number }): WhatsAppMonth[] {
  const months = options.months ?? 12;
  let from = istMonthStart(options.now);
  for (let back = 1; back < months; back++) from = istMonthStart(from - 1);
  const rows = db
    .select({ sentAt: notifications.sentAt, kind: notifications.kind })
    .from(notifications)
    .where(
      and(eq(notifications.channel, 'whatsapp'), eq(notifications.status, 'sent'), isNotNull(notifications.sentAt), sql`${notifications.sentAt} >= ${from}`),
    )
    .all();
  const byMonth = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const month = istMonthStart(row.sentAt as number);
    const kinds = byMonth.get(month) ?? new Map<string, number>();
    kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + 1);
    byMonth.set(month, kinds);
  }
  const cost = (messages: number) => Math.round((messages * priceCentipaise) / 100);
  return [...byMonth.entries()]
    .sort(([a], [b]) => b - a)
    .map(([monthStart, kinds]) => {
      const byKind = [...kinds.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([kind, messages]) => ({ kind, messages, costPaise: cost(messages) }));
      const messages = byKind.reduce((sum, row) => sum + row.messages, 0);
      return { monthStart, byKind, messages, costPaise: cost(messages) };
    });
}
