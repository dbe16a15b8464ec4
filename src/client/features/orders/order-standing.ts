import type { OrderStatus } from '../../../shared/domain';

/** Where an order stands, as its badge says: an approved order taken back later shows as reversed. */
export function standingOf(order: { status: OrderStatus; reversal: { at: number } | null }): OrderStatus | 'reversed' {
  return order.reversal ? 'reversed' : order.status;
}
