import type { OrderStatus, PaymentMethod } from '../../../shared/domain.js';
import type { OrderDetails } from './order-queries.service.js';
import type { Payment } from './checkout.service.js';
import { paymentReferenceOf } from '../../../shared/payment-reference.js';
import { differenceDueOf, type differencePaymentDetails } from './order-difference.service.js';

/** An order as the app sees it; money in paise, times in epoch ms. */
export type OrderView = {
  id: string;
  status: OrderStatus;
  amountPaise: number;
  /** The UTR the buyer typed, or for an order paid through the gateway its payment (or order) id. */
  utr: string;
  paymentMethod: PaymentMethod;
  /** With a discount code: the list price, the discount and the code (amountPaise is what is paid). */
  discount: { listPricePaise: number; discountPaise: number; code: string } | null;
  /** The gateway's payment that paid it, once one did. */
  gatewayPaymentId: string | null;
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
  buyer: { id: string; name: string; email: string };
  /** Name and email as typed in the payment form. */
  payer: { name: string; email: string };
  package: { id: string; name: string; pricePaise: number };
  referrer: { id: string; name: string } | null;
  decidedBy: { id: string; name: string } | null;
  /** Set when an approved order was taken back: the status stays approved. */
  reversal: { at: number; reason: string } | null;
  /** An order paid in parts: each UTR with the amount it brought, first first (empty for one payment). */
  parts: { utr: string; amountPaise: number }[];
  /** While part of the price arrived and the rest is asked for: how much arrived and how much remains. */
  differenceDue: { receivedPaise: number; remainderPaise: number } | null;
  /**
   * The gateway paid the order in full after `parts` had come by UPI: those parts are not payments
   * of the order but money to send back (their sum), and when it was marked sent (null: still due).
   */
  partsRefund: { amountPaise: number; sentAt: number | null } | null;
};

export function toOrderView(details: OrderDetails): OrderView {
  const { order } = details;
  return {
    id: String(order.id),
    status: order.status,
    amountPaise: order.amountPaise,
    utr: paymentReferenceOf(order),
    paymentMethod: order.paymentMethod,
    discount:
      order.discountCode !== null && order.listPricePaise !== null
        ? { listPricePaise: order.listPricePaise, discountPaise: order.discountPaise, code: order.discountCode }
        : null,
    gatewayPaymentId: order.gatewayPaymentId,
    reason: order.reason,
    createdAt: order.createdAt,
    decidedAt: order.decidedAt,
    buyer: { id: String(details.buyer.id), name: details.buyer.name, email: details.buyer.email },
    payer: { name: order.buyerName, email: order.buyerEmail },
    package: { id: String(details.package.id), name: details.package.name, pricePaise: details.package.pricePaise },
    referrer: details.referrer && { id: String(details.referrer.id), name: details.referrer.name },
    decidedBy: details.decidedBy && { id: String(details.decidedBy.id), name: details.decidedBy.name },
    reversal: details.reversal,
    parts: details.parts,
    differenceDue: differenceDueOf(order, details.parts),
    partsRefund: details.partsRefund,
  };
}

/** What the learner pays the rest of their order with: exactly the remainder, by UPI. */
export function toDifferenceDetailsView(details: Awaited<ReturnType<typeof differencePaymentDetails>>) {
  return {
    orderId: String(details.order.id),
    packageName: details.packageName,
    pricePaise: details.order.amountPaise,
    receivedPaise: details.receivedPaise,
    remainderPaise: details.remainderPaise,
    upiId: details.upiId,
    payeeName: details.payeeName,
    upiLink: details.upiLink,
    qrDataUrl: details.qrDataUrl,
  };
}

/** The payment popup's UPI link, QR code and exact amount, for one package. */
export type PaymentDetails = {
  packageId: string;
  packageName: string;
  /** What to pay: the price after the discount code, when one was given. */
  amountPaise: number;
  listPricePaise: number;
  discountPaise: number;
  code: string | null;
  upiId: string;
  payeeName: string;
  upiLink: string;
  qrDataUrl: string;
};

export function toPaymentDetailsView(payment: Payment): PaymentDetails {
  return {
    packageId: String(payment.pkg.id),
    packageName: payment.pkg.name,
    amountPaise: payment.pricePaise,
    listPricePaise: payment.pkg.pricePaise,
    discountPaise: payment.discount?.discountPaise ?? 0,
    code: payment.discount?.code ?? null,
    upiId: payment.upiId,
    payeeName: payment.payeeName,
    upiLink: payment.upiLink,
    qrDataUrl: payment.qrDataUrl,
  };
}
