import type { Language, NotificationChannelName, WhatsAppKind } from '../../../shared/domain.js';

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
};
