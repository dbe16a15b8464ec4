import type { OrderStatus } from '../../../shared/domain';

/** Where an order stands, as its badge says: an approved order taken back later shows as reversed. */
export function standingOf(order: { status: OrderStatus; reversal: { at: number } | null }): OrderStatus | 'reversed' {
  return order.reversal ? 'reversed' : order.status;
}

/** The label of UPI parts the gateway's full payment made surplus: to be sent back, or sent back once marked. */
export function partsRefundLabel(refund: { sentAt: number | null }): 'mine.partsToSendBack' | 'mine.partsSentBack' {
  return refund.sentAt === null ? 'mine.partsToSendBack' : 'mine.partsSentBack';
}
