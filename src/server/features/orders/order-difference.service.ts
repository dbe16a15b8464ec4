import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { orderPayments, orders, reservedUtrs, type OrderRow } from '../../db/schema.js';
import type { LimitRule, RateLimits } from '../../lib/rate-limit.js';
import { upiPaymentLink, upiQrDataUrl } from '../../lib/upi-link.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { packageById } from '../catalog/catalog.service.js';
import { accountErrors } from '../../lib/account.errors.js';
import type { OrderDeps as Deps } from './order-decisions.service.js';
import { orderErrors } from './orders.errors.js';

/** The statuses under which an order's UTRs are taken: a rejected order's may be used again. */
const LIVE: ('pending' | 'approved' | 'awaiting_difference')[] = ['pending', 'approved', 'awaiting_difference'];

/** A second UTR for an order: a few tries an hour per account, like any guessable number. */
export const differenceUtrLimit: LimitRule = { points: 10, durationSeconds: 60 * 60 };

/** One part of an order paid in parts: its UTR and the amount it brought. */
export type PaymentPart = { utr: string; amountPaise: number };

/** What arrived of an order's price and what remains, while the buyer is asked for the rest. */
export type DifferenceDue = { receivedPaise: number; remainderPaise: number };

/**
 * Whether a UTR is taken: by a live order (pending, approved or waiting for its difference), by a
 * part of one, or reserved without an order (a legacy payment). Every UTR a buyer gives is checked here.
 */
export function isUtrTaken(tx: Queryable, utr: string): boolean {
  if (
    tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.utr, utr), inArray(orders.status, LIVE)))
      .get()
  )
    return true;
  const part = tx
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.utr, utr), inArray(orders.status, LIVE)))
    .get();
  if (part) return true;
  return tx.select({ utr: reservedUtrs.utr }).from(reservedUtrs).where(eq(reservedUtrs.utr, utr)).get() !== undefined;
}

/** The parts an order was paid in, first first; none for an order paid at once. */
export function paymentPartsOf(db: Queryable, orderId: number): PaymentPart[] {
  return db
    .select({ utr: orderPayments.utr, amountPaise: orderPayments.amountPaise })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(asc(orderPayments.id))
    .all();
}

/** The parts of several orders at once, by order id (the lists of orders). */
export function paymentPartsByOrder(db: Queryable, orderIds: number[]): Map<number, PaymentPart[]> {
  const found = new Map<number, PaymentPart[]>();
  for (let start = 0; start < orderIds.length; start += 500) {
    const rows = db
      .select({ orderId: orderPayments.orderId, utr: orderPayments.utr, amountPaise: orderPayments.amountPaise })
      .from(orderPayments)
      .where(inArray(orderPayments.orderId, orderIds.slice(start, start + 500)))
      .orderBy(asc(orderPayments.id))
      .all();
    for (const { orderId, ...part } of rows) found.set(orderId, [...(found.get(orderId) ?? []), part]);
  }
  return found;
}

/** What remains to pay on an order waiting for its difference (null for any other state). */
export function differenceDueOf(order: Pick<OrderRow, 'status' | 'amountPaise'>, parts: readonly PaymentPart[]): DifferenceDue | null {
  if (order.status !== 'awaiting_difference') return null;
  const receivedPaise = parts.reduce((sum, part) => sum + part.amountPaise, 0);
  return { receivedPaise, remainderPaise: order.amountPaise - receivedPaise };
}

/**
 * The admin found less than the price in the bank for a pending order paid by UTR: the order waits
 * for the rest (`awaiting_difference`), its UTR kept as the first part with the amount that arrived,
 * and the buyer is told how much remains (the event's handler writes the messages). The amount must
 * be above ₹0 and below the price; the order must still be pending.
 */
export function askForDifference(deps: Deps, adminId: number, input: { orderId: number; receivedPaise: number; reason?: string | undefined }): OrderRow {
  const now = deps.now();
  return deps.db.transaction((tx): OrderRow => {
    const existing = tx.select().from(orders).where(eq(orders.id, input.orderId)).get();
    if (!existing) throw orderErrors.ORDER_NOT_FOUND();
    if (existing.status !== 'pending') throw orderErrors.ORDER_DECIDED();
    if (existing.utr === null) throw orderErrors.DIFFERENCE_NOT_FOR_GATEWAY();
    if (!findActiveUser(tx, existing.userId)) throw orderErrors.BUYER_DELETED();
    // On a second round (the part the buyer sent fell short too) the amount that arrived is of the latest part.
    const parts = tx.select().from(orderPayments).where(eq(orderPayments.orderId, existing.id)).orderBy(asc(orderPayments.id)).all();
    const latest = parts.at(-1);
    const earlierPaise = parts.slice(0, -1).reduce((sum, part) => sum + part.amountPaise, 0);
    if (input.receivedPaise <= 0 || input.receivedPaise >= existing.amountPaise - earlierPaise) throw orderErrors.RECEIVED_NOT_BELOW_PRICE();
    if (latest) tx.update(orderPayments).set({ amountPaise: input.receivedPaise }).where(eq(orderPayments.id, latest.id)).run();
    else tx.insert(orderPayments).values({ orderId: existing.id, utr: existing.utr, amountPaise: input.receivedPaise, createdAt: now }).run();
    const order = tx
      .update(orders)
      .set({ status: 'awaiting_difference', reason: input.reason?.trim() || null, decidedBy: adminId, decidedAt: now })
      .where(and(eq(orders.id, existing.id), eq(orders.status, 'pending')))
      .returning()
      .get();
    if (!order) throw orderErrors.ORDER_DECIDED();
    const due = differenceDueOf(order, paymentPartsOf(tx, order.id))!;
    deps.events.publish(tx, { type: 'order-difference-asked', order, ...due, at: now });
    return order;
  });
}

/**
 * The buyer pays what remains of their order with another UTR: the same rules as the first (12
 * digits, never used by any order or part, a few tries an hour), the order their own and waiting
 * for its difference. The order goes back to Pending, both parts shown to the admin.
 */
export async function payDifference(deps: Deps & { rateLimits: RateLimits }, buyerId: number, input: { orderId: number; utr: string }): Promise<OrderRow> {
  await deps.rateLimits.get('difference-utr:account', differenceUtrLimit).hit(String(buyerId));
  const now = deps.now();
  return deps.db.transaction((tx): OrderRow => {
    const existing = tx.select().from(orders).where(eq(orders.id, input.orderId)).get();
    // Someone else's order is answered as no order at all.
    if (!existing || existing.userId !== buyerId) throw orderErrors.ORDER_NOT_FOUND();
    if (!findActiveUser(tx, buyerId)) throw accountErrors.ACCOUNT_GONE();
    if (existing.status !== 'awaiting_difference') throw orderErrors.NO_DIFFERENCE_DUE();
    if (isUtrTaken(tx, input.utr) || paymentPartsOf(tx, existing.id).some((part) => part.utr === input.utr)) throw orderErrors.UTR_TAKEN();
    const due = differenceDueOf(existing, paymentPartsOf(tx, existing.id))!;
    tx.insert(orderPayments).values({ orderId: existing.id, utr: input.utr, amountPaise: due.remainderPaise, createdAt: now }).run();
    const order = tx
      .update(orders)
      .set({ status: 'pending', decidedBy: null, decidedAt: null })
      .where(and(eq(orders.id, existing.id), eq(orders.status, 'awaiting_difference')))
      .returning()
      .get();
    if (!order) throw orderErrors.NO_DIFFERENCE_DUE();
    deps.events.publish(tx, { type: 'order-difference-paid', order, utr: input.utr, amountPaise: due.remainderPaise, at: now });
    return order;
  });
}

/** The UPI link and QR code for exactly what remains of the buyer's own order. */
export async function differencePaymentDetails(deps: Deps, buyerId: number, orderId: number) {
  const order = deps.db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order || order.userId !== buyerId) throw orderErrors.ORDER_NOT_FOUND();
  if (!deps.config.upiId) throw orderErrors.PAYMENTS_NOT_SET_UP();
  const due = differenceDueOf(order, paymentPartsOf(deps.db, order.id));
  if (!due) throw orderErrors.NO_DIFFERENCE_DUE();
  const pkg = packageById(deps.db, order.packageId);
  const upiLink = upiPaymentLink({
    upiId: deps.config.upiId,
    payeeName: deps.config.upiPayeeName,
    amountPaise: due.remainderPaise,
    note: pkg.name,
    reference: `U${buyerId}O${order.id}D`,
    merchantCode: deps.config.upiMerchantCode,
  });
  return {
    order,
    packageName: pkg.name,
    ...due,
    upiId: deps.config.upiId,
    payeeName: deps.config.upiPayeeName,
    upiLink,
    qrDataUrl: await upiQrDataUrl(upiLink),
  };
}
