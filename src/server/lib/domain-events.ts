import type { DbTransaction } from '../db/client.js';
import type { CertificateRow, OrderRow, PayoutDetailsRow, PayoutLineRow } from '../db/schema.js';

/**
 * What happened, as the features that care about it are told: one union, a payload typed per
 * event. An event is published inside the transaction that made it happen; its handlers run there,
 * synchronously, so what must change money or access with it commits with it or not at all, and
 * what a person is told is written there as outbox rows (delivered after the commit).
 */
export type DomainEvent =
  | { type: 'order-approved'; order: OrderRow; at: number }
  | { type: 'order-rejected'; order: OrderRow; at: number }
  /** An approved order taken back by an admin (access, commission and TDS given back, a credit note): see OrderReversal. */
  | { type: 'order-reversed'; reversal: OrderReversal; at: number }
  /** The same, because its payment was refunded in full on the payment gateway (by an admin here, or on the gateway's dashboard). */
  | { type: 'order-refunded'; reversal: OrderReversal; refund: { gatewayPaymentId: string | null; amountPaise: number }; at: number }
  /** A payout line marked paid (a batch's line, or an admin's direct payout), its ledger line booked. */
  | { type: 'payout-paid'; line: PayoutLineRow; at: number }
  /** A batch's payout line the bank did not pay: nothing booked, the amount stays owed. */
  | { type: 'payout-failed'; line: PayoutLineRow; reason: string; at: number }
  /** An affiliate's payout details saved (the first time, or replacing earlier ones). */
  | { type: 'payout-details-changed'; details: PayoutDetailsRow; at: number }
  | { type: 'certificate-issued'; certificate: CertificateRow; at: number }
  /** An admin revoked a certificate (a reversed purchase revokes without this event: the reversal tells of it). */
  | { type: 'certificate-revoked'; certificate: CertificateRow; reason: string; at: number }
  | { type: 'certificate-restored'; certificate: CertificateRow; reason: string; at: number }
  | { type: 'certificate-name-corrected'; userId: number; name: string; reason: string; at: number }
  /** Lectures of a package on a schedule opened for a buyer since they were last told (the drip job). */
  | { type: 'lectures-unlocked'; userId: number; packageId: number; lectures: UnlockedLecture[]; nextOpensAt: number | null; at: number }
  /** Part of the price arrived: the buyer is asked for the rest under the same order. */
  | { type: 'order-difference-asked'; order: OrderRow; receivedPaise: number; remainderPaise: number; at: number }
  /** The buyer sent a UTR for the rest: the order waits for a decision again. */
  | { type: 'order-difference-paid'; order: OrderRow; utr: string; amountPaise: number; at: number }
  /**
   * The gateway paid in full an order that awaited its difference: the UPI parts that had arrived
   * (`parts`, `amountPaise` their sum) are to be sent back from the bank (a `utr_refund_due` alert).
   */
  | { type: 'order-parts-refund-due'; order: OrderRow; parts: { utr: string; amountPaise: number }[]; amountPaise: number; at: number }
  /** An admin marked those UPI parts sent back from the bank (the alert settled). */
  | { type: 'order-parts-refunded'; order: OrderRow; parts: { utr: string; amountPaise: number }[]; amountPaise: number; at: number };

/** What a reversal took back, as its event carries it. */
export type OrderReversal = {
  orderId: number;
  buyerId: number;
  packageName: string;
  /** The order's UTR or the gateway's reference. */
  utr: string;
  reason: string;
  commissionPaise: number;
  sponsorId: number | null;
  /** The credit note that cancels the order's tax invoice, when it had one. */
  creditNote: { number: string; invoice: string } | null;
};

/** A lecture that opened: its place in the package (from 0) and its title (none, or empty, for an untitled one). */
export type UnlockedLecture = { lectureId: number; index: number; title: string | null };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type EventHandler<T extends DomainEventType> = (tx: DbTransaction, event: EventOf<T>) => void;

export type DomainEvents = {
  /** Adds a handler, at wiring (the app's assembly), never from a request. Handlers run in the order they were added. */
  on<T extends DomainEventType>(type: T, handler: EventHandler<T>): void;
  /** Runs every handler of the event in the caller's transaction; a handler that throws rolls the whole event back. */
  publish(tx: DbTransaction, event: DomainEvent): void;
};

export function createDomainEvents(): DomainEvents {
  // Keyed by type: a handler is only ever called with its own type's event.
  const handlers = new Map<DomainEventType, ((tx: DbTransaction, event: DomainEvent) => void)[]>();
  return {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as unknown as (tx: DbTransaction, event: DomainEvent) => void]);
    },
    publish(tx, event) {
      for (const handler of handlers.get(event.type) ?? []) handler(tx, event);
    },
  };
}
