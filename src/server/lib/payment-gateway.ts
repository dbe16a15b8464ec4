/**
 * What the app needs of a payment gateway, whichever it is. Razorpay implements it
 * (features/payments/razorpay.ts); a second provider (Cashfree, PhonePe) implements the same few
 * calls and `createGateway` (features/payments/payments.service.ts) picks it by the
 * PAYMENT_GATEWAY setting. Amounts are integer paise. The contract lives in lib because every
 * request's context carries the gateway, and the tRPC base imports no feature.
 */

/** A payment as the gateway reports it now. */
export type GatewayPayment = {
  id: string;
  gatewayOrderId: string | null;
  amountPaise: number;
  currency: string;
  /** `captured`: the money is ours; `authorized`: held, to be captured; `refunded` in full, `failed`, `created`. */
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  refundedPaise: number;
};

/** An event the gateway sent to the webhook, once its signature was checked. */
export type GatewayEvent = {
  /**
   * What the event is about, read from the signed body only (never from an unsigned header): the
   * event's name and the payment (or refund) it concerns, so a copy of it under any header is the same event.
   */
  eventId: string;
  /** As the gateway names it (`payment.captured`, `order.paid`, `refund.processed`, …). */
  event: string;
  gatewayOrderId: string | null;
  gatewayPaymentId: string | null;
};

/** The origins the gateway's checkout loads from, for the Content Security Policy of the checkout's pages only. */
export type CheckoutOrigins = { script: string[]; frame: string[]; connect: string[]; img: string[] };

export type PaymentGateway = {
  provider: string;
  keyId: string;
  checkoutScript: string;
  checkoutOrigins: CheckoutOrigins;
  /** Opens an order on the gateway for this amount; `receipt` is our order's id. */
  createOrder(input: { receipt: string; amountPaise: number; notes: Record<string, string> }): Promise<{ id: string; amountPaise: number; currency: string }>;
  /** Every payment attempted for the gateway's order, as it stands now. */
  paymentsOfOrder(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** Captures an authorized payment for its full amount. */
  capture(payment: GatewayPayment): Promise<GatewayPayment>;
  /** Refunds a payment in full; answers the gateway's refund id. */
  refund(paymentId: string, amountPaise: number): Promise<{ id: string }>;
  /** The checkout's callback: true when the gateway signed this payment for this (our stored) order. */
  checkoutSignatureIsValid(input: { gatewayOrderId: string; paymentId: string; signature: string }): boolean;
  /** A webhook's event, or null when its signature over the raw body does not check. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent | null;
};

/** A call to the gateway that failed (it did not answer, or answered an error): nothing was decided. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}
