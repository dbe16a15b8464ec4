import type { PaymentMethod } from './domain.js';

/**
 * What identifies an order's payment to people and to the bank: the UTR the buyer typed, or the
 * gateway's payment id (`pay_…`) for an order paid through the gateway (its order id `order_…`
 * until a payment came). An order the gateway paid in full after a UPI part keeps that part's
 * UTR, but the gateway's payment is what paid it (the part is sent back).
 */
export function paymentReferenceOf(order: {
  paymentMethod: PaymentMethod;
  utr: string | null;
  gatewayPaymentId: string | null;
  gatewayOrderId: string | null;
}): string {
  if (order.paymentMethod === 'gateway') return order.gatewayPaymentId ?? order.gatewayOrderId ?? order.utr ?? '';
  return order.utr ?? order.gatewayPaymentId ?? order.gatewayOrderId ?? '';
}
