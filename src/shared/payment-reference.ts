/**
 * What identifies an order's payment to people and to the bank: the UTR the buyer typed, or the
 * gateway's payment id (`pay_…`) for an order paid through the gateway (its order id `order_…`
 * until a payment came).
 */
export function paymentReferenceOf(order: { utr: string | null; gatewayPaymentId: string | null; gatewayOrderId: string | null }): string {
  return order.utr ?? order.gatewayPaymentId ?? order.gatewayOrderId ?? '';
}
