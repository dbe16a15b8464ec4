import type { OrderStatus, PaymentAlertKind } from '../../../shared/domain.js';
import type { AlertDetails } from './payments.service.js';

/** A gateway payment an admin must act on, as the admin's screen shows it. */
export type AlertView = {
  id: string;
  kind: PaymentAlertKind;
  orderId: string;
  paymentId: string;
  amountPaise: number;
  foundAt: number;
  resolvedAt: number | null;
  refundId: string | null;
  order: { status: OrderStatus; utr: string | null; buyerName: string; buyerEmail: string; packageName: string };
  /** The order's UPI parts, each UTR with its amount (for a `utr_refund_due`, what to send back). */
  parts: { utr: string; amountPaise: number }[];
};

export function toAlertView(alert: AlertDetails): AlertView {
  return {
    id: String(alert.id),
    kind: alert.kind,
    orderId: String(alert.orderId),
    paymentId: alert.gatewayPaymentId,
    amountPaise: alert.amountPaise,
    foundAt: alert.foundAt,
    resolvedAt: alert.resolvedAt,
    refundId: alert.gatewayRefundId,
    order: { status: alert.orderStatus, utr: alert.orderUtr, buyerName: alert.buyerName, buyerEmail: alert.buyerEmail, packageName: alert.packageName },
    parts: alert.parts.map((part) => ({ utr: part.utr, amountPaise: part.amountPaise })),
  };
}
