import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { prepared, setParam, type Db } from '../../db/client.js';
import { enrollments, orders, type OrderRow } from '../../db/schema.js';
import type { OrderStatus } from '../../../shared/domain.js';
import { errorTexts, type ErrorTexts } from '../../lib/errors.js';
import type { Notifier } from '../../lib/notification-channel.js';
import { amendUnsent } from '../notifications/outbox.service.js';
import { firstNameOf } from '../affiliate/earnings-history.service.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { receiptErrors } from '../receipts/receipts.errors.js';
import { newOrderEmail } from './orders.emails.js';
import { orderErrors } from './orders.errors.js';
import type { DomainEvents } from '../../lib/domain-events.js';

export type OrderDeps = { db: Db; config: Config; notifier: Notifier; events: DomainEvents; now: () => number; log: FastifyBaseLogger };
type Deps = OrderDeps;

export type Decision = { orderId: number; action: 'approve' | 'reject'; reason?: string | undefined };

/**
 * What `decideOrder` can refuse with, by code, for a caller that keeps the outcome as its code
 * and shows it later in the reader's language (bulk approval). Anything else is kept as the
 * generic code of its kind.
 */
export const decisionErrorTexts: ErrorTexts = errorTexts(
  orderErrors.ORDER_NOT_FOUND,
  orderErrors.BUYER_DELETED,
  orderErrors.ORDER_DECIDED,
  receiptErrors.RECEIPT_NUMBERS_USED_UP,
);

/**
 * Approves or rejects a pending order, once. Approving grants the package and books the
 * sponsor's commission in the same transaction; the row changes only while still pending, so two
 * admins clicking at once cannot both succeed. The buyer is emailed either way.
 */
export function decideOrder(deps: Deps, adminId: number, decision: Decision): OrderRow {
  return decide(deps, adminId, decision, null);
}

/**
 * Approves a pending order the payment gateway says is paid (features/payments): the same
 * approval as an admin's (access, commission, receipt, emails, in one transaction), made by
 * nobody, recording the gateway's payment. Refused like an admin's when the order was decided;
 * an order awaiting its difference is not decided for the gateway: its full price pays it.
 */
export function approvePaidOrder(deps: Deps, orderId: number, gatewayPaymentId: string): OrderRow {
  return decide(deps, null, { orderId, action: 'approve' }, gatewayPaymentId);
}

/** The event of a UTR given for an order: its admins' and buyer's messages are written under it. */
export function paymentReceivedKey(order: Pick<OrderRow, 'id' | 'utr'>): string {
  return `payment-received:${order.id}:${order.utr}`;
}

/** Approves a free order (a code that took the whole price) at once, by nobody, as `claimFreeOrder` takes it. */
export function approveFreeOrder(deps: Deps, orderId: number): OrderRow {
  return decide(deps, null, { orderId, action: 'approve' }, null);
}

function decide(deps: Deps, decidedBy: number | null, decision: Decision, gatewayPaymentId: string | null): OrderRow {
  const now = deps.now();
  return deps.db.transaction((tx): OrderRow => {
    const existing = prepared(tx, 'orders.statusById', () =>
      tx
        .select({ id: orders.id, userId: orders.userId, status: orders.status })
        .from(orders)
        .where(eq(orders.id, sql.placeholder('orderId')))
        .prepare(),
    ).get({ orderId: decision.orderId });
    if (!existing) throw orderErrors.ORDER_NOT_FOUND();
    // Deleting a user rejects their waiting orders; this covers an order that still waits anyway.
    const open = existing.status === 'pending' || (existing.status === 'awaiting_difference' && gatewayPaymentId !== null);
    if (decision.action === 'approve' && open && !findActiveUser(tx, existing.userId)) throw orderErrors.BUYER_DELETED();
    const status: OrderStatus = decision.action === 'approve' ? 'approved' : 'rejected';
    const order = prepared(tx, 'orders.decide', () =>
      tx
        .update(orders)
        .set({
          status: setParam('status'),
          reason: setParam('reason'),
          decidedBy: setParam('decidedBy'),
          decidedAt: setParam('decidedAt'),
          gatewayPaymentId: sql`coalesce(${sql.placeholder('gatewayPaymentId')}, ${orders.gatewayPaymentId})`,
          // Paid through the gateway, even when the buyer had typed a UTR for it too (kept: that UTR stays taken).
          paymentMethod: sql`case when ${sql.placeholder('gatewayPaymentId')} is null then ${orders.paymentMethod} else 'gateway' end`,
        })
        // Pending; or, for the gateway's full payment, awaiting the difference.
        .where(
          and(
            eq(orders.id, sql.placeholder('orderId')),
            or(eq(orders.status, 'pending'), and(eq(orders.status, 'awaiting_difference'), sql`${sql.placeholder('gatewayPaymentId')} is not null`)),
          ),
        )
        .returning()
        .prepare(),
    ).get({
      orderId: decision.orderId,
      status,
      reason: decision.action === 'reject' ? decision.reason?.trim() || null : null,
      decidedBy,
      decidedAt: now,
      gatewayPaymentId,
    });
    if (!order) throw orderErrors.ORDER_DECIDED();
    // Paid through the gateway while the admins' "verify this UTR" waits to go: it says so instead.
    if (gatewayPaymentId !== null && order.utr !== null) amendUnsent(tx, { eventKey: paymentReceivedKey(order), kind: newOrderEmail.kind }, { decided: true });

    if (status === 'approved') {
      prepared(tx, 'enrollments.grant', () =>
        tx
          .insert(enrollments)
          .values({
            userId: sql.placeholder('userId'),
            packageId: sql.placeholder('packageId'),
            orderId: sql.placeholder('orderId'),
            createdAt: sql.placeholder('now'),
          })
          .onConflictDoNothing()
          .prepare(),
      ).run({ userId: order.userId, packageId: order.packageId, orderId: order.id, now });
    }
    // Commission, TDS, the receipt and the messages: the event's handlers, registered at wiring (src/server/events/).
    deps.events.publish(tx, status === 'approved' ? { type: 'order-approved', order, at: now } : { type: 'order-rejected', order, at: now });
    return order;
  });
}

/** The buyer's first name only: the sponsor learns who bought, not their full name. */
export const firstName = firstNameOf;
