import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { enrollments, ledger, orderReversals, orders, packages } from '../../db/schema.js';
import { paymentReferenceOf } from '../../../shared/payment-reference.js';
import { bookCorrection } from '../affiliate/ledger.service.js';
import { giveBackOnReversal } from '../payouts/tds.service.js';
import { issueCreditNote, receiptOfOrder } from '../receipts/receipts.service.js';
import { revokeCertificatesOfPurchase } from '../certificates/certificates.service.js';
import { reversalErrors } from './order-reversal.errors.js';
import type { DomainEvents, OrderReversal } from '../../lib/domain-events.js';

type Deps = { db: Db; config: Config; events: DomainEvents; now: () => number };

export type Reversal = { orderId: number; buyerId: number; packageName: string; commissionPaise: number; sponsorId: number | null };

/**
 * Takes back an approved order (a mistaken approval, a fake UTR found later), once: the package
 * leaves the buyer's account and the sponsor's commission is taken back by a correction line
 * (never an edit), and a tax invoice gets its credit note, in one transaction. When that commission was already paid out, what the sponsor
 * is owed goes below zero and their next payout nets it. The order keeps its status `approved`;
 * the reversal row (with the reason, who and when) marks it. It publishes `order-reversed`, or
 * `order-refunded` when its payment is refunded on the gateway (`refund`), in its transaction: the
 * handlers (src/server/events/order-reversal.ts) tell the buyer and the sponsor.
 * The order is found by its UTR (an admin's reversal) or its id (a refund through the payment
 * gateway, which may be made by nobody here: a refund on the gateway's dashboard).
 */
export function reverseOrder(
  deps: Deps,
  adminId: number | null,
  input: ({ utr: string } | { orderId: number }) & {
    reason: string;
    gatewayRefundId?: string | undefined;
    /** The payment refunded in full on the gateway, which this reversal follows. */
    refund?: { gatewayPaymentId: string | null; amountPaise: number } | undefined;
  },
): Reversal {
  const now = deps.now();
  const which = 'orderId' in input ? eq(orders.id, input.orderId) : eq(orders.utr, input.utr);
  return deps.db.transaction((tx) => {
    const order = tx
      .select()
      .from(orders)
      .where(and(which, eq(orders.status, 'approved')))
      .get();
    if (!order) {
      const any = tx.select({ id: orders.id }).from(orders).where(which).get();
      throw any ? reversalErrors.ORDER_NOT_APPROVED() : reversalErrors.NO_APPROVED_ORDER_FOR_UTR();
    }
    const done = tx.select({ orderId: orderReversals.orderId }).from(orderReversals).where(eq(orderReversals.orderId, order.id)).get();
    if (done) throw reversalErrors.ORDER_ALREADY_REVERSED();
    tx.delete(enrollments)
      .where(and(eq(enrollments.orderId, order.id), eq(enrollments.userId, order.userId)))
      .run();
    // The purchase is gone, and so is the certificate it led to.
    revokeCertificatesOfPurchase(tx, { userId: order.userId, packageId: order.packageId, reason: input.reason, now });
    const commission = tx
      .select()
      .from(ledger)
      .where(and(eq(ledger.orderId, order.id), eq(ledger.kind, 'commission')))
      .get();
    if (commission) {
      bookCorrection(tx, {
        userId: commission.userId,
        amountPaise: -commission.amountPaise,
        orderId: order.id,
        createdBy: adminId,
        note: input.reason,
        now,
      });
      giveBackOnReversal(tx, deps.config.tds, {
        userId: commission.userId,
        orderId: order.id,
        commissionPaise: commission.amountPaise,
        commissionAt: commission.createdAt,
        at: now,
      });
    }
    tx.insert(orderReversals)
      .values({
        orderId: order.id,
        reason: input.reason,
        commissionPaise: commission?.amountPaise ?? 0,
        reversedBy: adminId,
        reversedAt: now,
        gatewayRefundId: input.gatewayRefundId ?? null,
      })
      .run();
    const creditNote = issueCreditNote(tx, deps.config, { orderId: order.id, reason: input.reason, now });
    const pkg = tx.select({ name: packages.name }).from(packages).where(eq(packages.id, order.packageId)).get()!;
    const reversal: OrderReversal = {
      orderId: order.id,
      buyerId: order.userId,
      packageName: pkg.name,
      utr: paymentReferenceOf(order),
      reason: input.reason,
      commissionPaise: commission?.amountPaise ?? 0,
      sponsorId: commission?.userId ?? null,
      creditNote: creditNote && { number: creditNote.number, invoice: receiptOfOrder(tx, order.id)!.number },
    };
    // The buyer's and the sponsor's messages: the event's handlers, registered at wiring (src/server/events/).
    deps.events.publish(tx, input.refund ? { type: 'order-refunded', reversal, refund: input.refund, at: now } : { type: 'order-reversed', reversal, at: now });
    return reversal;
  });
}
