import type { Queryable } from '../db/client.js';
import type { Language, NotificationChannelName, WhatsAppKind } from '../../shared/domain.js';

/**
 * The contract between the notification outbox and a channel (email, WhatsApp): the worker hands a
 * due row over to its channel's `deliver` after the commit that wrote it.
 */
export type OutgoingMessage = {
  /** The outbox row's id. */
  id: number;
  kind: string;
  lang: Language;
  payload: unknown;
  to: { userId: number | null; email: string | null; whatsappPhone: string | null };
};

export type Delivered = { providerMessageId: string | null };

/** A failure that another try will not mend (a number not on WhatsApp, a rejected template): no retry. */
export class PermanentDeliveryError extends Error {}

export interface NotificationChannel {
  readonly name: NotificationChannelName;
  /** Resolves when the provider took the message; throws to retry later, or PermanentDeliveryError not to. */
  deliver(message: OutgoingMessage): Promise<Delivered>;
}

/**
 * The messages a learner may get on WhatsApp (utility templates), with what each template needs.
 * Every other kind goes by email only. Amounts are paise; the channel words them.
 */
export type WhatsAppPayloads = {
  [K in WhatsAppKind]: WhatsAppPayloadOf[K];
};

type WhatsAppPayloadOf = {
  /** Payment received and being checked. */
  'payment-received': { orderId: string; packageName: string; amountPaise: number };
  /** Access granted. */
  'order-approved': { orderId: string; packageName: string };
  'order-rejected': { orderId: string; packageName: string; reason: string };
  'payout-paid': { grossPaise: number; tdsPaise: number; netPaise: number };
  'lecture-opened': { packageName: string; lectureTitle: string };
  'certificate-issued': { packageName: string; certificateNumber: string; verifyUrl: string };
  /** Part of the price arrived: what arrived and what remains to pay under the same order. */
  'difference-asked': { orderId: string; packageName: string; receivedPaise: number; remainderPaise: number };
  /** The gateway paid the order in full: the UPI part(s) paid before, their sum, will be sent back from the bank. */
  'parts-refund-due': { orderId: string; packageName: string; amountPaise: number };
  /** Those UPI part(s) were sent back from the bank (the admin marked it). */
  'parts-refunded': { orderId: string; packageName: string; amountPaise: number };
};

/**
 * Who is told: an account (its email and WhatsApp number are read at delivery), or an address
 * of someone without one (a sign-up's code), or an account told at another address than its own
 * (a new address being confirmed).
 */
export type Recipient = { userId: number; email?: string | undefined } | { userId?: null | undefined; email: string };

/** An email as the outbox keeps it: the template's kind and its parameters, rendered at delivery. */
export type EmailNotice = { kind: string; payload: unknown };

export type WhatsAppNotice = { [K in WhatsAppKind]: { kind: K; payload: WhatsAppPayloads[K] } }[WhatsAppKind];

/** One message of an event to one person, as a feature hands it to the outbox. */
export type Notice = {
  /** The event it tells of, e.g. `order-approved:42`: with the recipient and channel, written once. */
  eventKey: string;
  to: Recipient;
  lang: Language;
  email: EmailNotice;
  /** What WhatsApp says of it, for the kinds it carries; sent instead of the email to a learner who chose WhatsApp. */
  whatsapp?: WhatsAppNotice | undefined;
};

/**
 * The notification outbox as the app uses it: `enqueue` writes a notice's rows in the caller's
 * transaction and wakes the worker once that transaction is over; the worker delivers due rows,
 * one claim per row, and is also run on a timer (retries, and rows a restart found).
 */
export type Notifier = {
  enqueue(tx: Queryable, notice: Notice): void;
  /** Delivers what is due now (after a commit, or on the timer); a run already going picks the new rows up. */
  kick(): void;
  /** Delivers what is due, until nothing is; resolves when done (tests, and the timer). */
  deliverDue(): Promise<number>;
  /**
   * Drops the emails held for WhatsApp messages that went out more than a day ago with no failure
   * reported. On its own, slower timer (http/jobs.plugin.ts): a held email's wait is a day, so
   * looking once an hour is enough, and a delivery run (after every commit) does not pay for it.
   */
  dropStaleFallbacks(): number;
  /** Starts delivering: claims a crashed run left are released first. Until then `kick` does nothing. */
  start(): void;
  /** Stops taking rows and waits for the deliveries under way. */
  stop(): Promise<void>;
};
