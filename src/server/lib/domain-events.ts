import type { DbTransaction } from '../db/client.js';
import type { OrderRow } from '../db/schema.js';

/**
 * What happened, as the features that care about it are told: one union, a payload typed per
 * event. An event is published inside the transaction that made it happen; its handlers run there,
 * synchronously, so what must change money or access with it commits with it or not at all, and
 * what a person is told is written there as outbox rows (delivered after the commit).
 */
export type DomainEvent =
  | { type: 'order-approved'; order: OrderRow; at: number }
  | { type: 'order-rejected'; order: OrderRow; at: number }
  /** Part of the price arrived: the buyer is asked for the rest under the same order. */
  | { type: 'order-difference-asked'; order: OrderRow; receivedPaise: number; remainderPaise: number; at: number }
  /** The buyer sent a UTR for the rest: the order waits for a decision again. */
  | { type: 'order-difference-paid'; order: OrderRow; utr: string; amountPaise: number; at: number };

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
