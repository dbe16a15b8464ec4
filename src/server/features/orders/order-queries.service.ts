import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { prepared, type Queryable } from '../../db/client.js';
import { orderReversals, orders, packages, paymentAlerts, users, type OrderRow } from '../../db/schema.js';
import { listWindow } from '../../lib/list-window.js';
import { containsAny } from '../../lib/search.js';
import { paymentPartsByOrder, type PaymentPart } from './order-difference.service.js';

const buyer = alias(users, 'buyer');
const referrer = alias(users, 'referrer');
const decider = alias(users, 'decider');

export type OrderDetails = {
  order: OrderRow;
  buyer: { id: number; name: string; email: string };
  package: { id: number; name: string; pricePaise: number };
  referrer: { id: number; name: string } | null;
  decidedBy: { id: number; name: string } | null;
  /** An approved order taken back later keeps its status (its UTR stays used); this says when and why. */
  reversal: { at: number; reason: string } | null;
  /** The parts of an order paid in parts (none for one payment). */
  parts: PaymentPart[];
  /**
   * An order the gateway paid in full after parts had come by UPI: those parts' sum, to be sent
   * back from the bank, and when an admin marked it sent (null until then). Null for any other order.
   */
  partsRefund: PartsRefund | null;
};

export type PartsRefund = { amountPaise: number; sentAt: number | null };

/** The rows with each order's parts and the refund of its parts, if any (one query each for the lot). */
function withParts(db: Queryable, rows: Omit<OrderDetails, 'parts' | 'partsRefund'>[]): OrderDetails[] {
  const ids = rows.map((row) => row.order.id);
  const parts = paymentPartsByOrder(db, ids);
  const refunds = partsRefundsByOrder(db, ids);
  return rows.map((row) => ({ ...row, parts: parts.get(row.order.id) ?? [], partsRefund: refunds.get(row.order.id) ?? null }));
}

/** The `utr_refund_due` alerts of these orders (at most one each: the one gateway payment that approved it). */
function partsRefundsByOrder(db: Queryable, orderIds: number[]): Map<number, PartsRefund> {
  const found = new Map<number, PartsRefund>();
  for (let start = 0; start < orderIds.length; start += 500) {
    const rows = db
      .select({ orderId: paymentAlerts.orderId, amountPaise: paymentAlerts.amountPaise, sentAt: paymentAlerts.resolvedAt })
      .from(paymentAlerts)
      .where(and(eq(paymentAlerts.kind, 'utr_refund_due'), inArray(paymentAlerts.orderId, orderIds.slice(start, start + 500))))
      .all();
    for (const { orderId, ...refund } of rows) found.set(orderId, refund);
  }
  return found;
}

/** Each order with its details; a left-joined part that is missing (no referrer, no decision, no reversal) comes as null. */
function selectDetails(db: Queryable) {
  return db
    .select({
      order: orders,
      buyer: { id: buyer.id, name: buyer.name, email: buyer.email },
      package: { id: packages.id, name: packages.name, pricePaise: packages.pricePaise },
      referrer: { id: referrer.id, name: referrer.name },
      decidedBy: { id: decider.id, name: decider.name },
      reversal: { at: orderReversals.reversedAt, reason: orderReversals.reason },
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.userId))
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(referrer, eq(referrer.id, orders.referrerId))
    .leftJoin(decider, eq(decider.id, orders.decidedBy))
    .leftJoin(orderReversals, eq(orderReversals.orderId, orders.id));
}

/** Matches a UTR, an email or a name, typed in part. */
function searchCondition(search: string | undefined): SQL | undefined {
  return containsAny(search, [orders.utr, orders.buyerEmail, orders.buyerName, buyer.email, buyer.name]);
}

export const ORDERS_PAGE_SIZE = 50;

/** Orders waiting for a decision, oldest first, a page at a time, with how many wait in all. */
export function pendingOrders(
  db: Queryable,
  options: { search?: string | undefined; page?: number | undefined } = {},
): { orders: OrderDetails[]; total: number; pageSize: number } {
  const search = searchCondition(options.search);
  const where = and(eq(orders.status, 'pending'), search);
  const window = listWindow(options.page, ORDERS_PAGE_SIZE);
  const rows = selectDetails(db).where(where).orderBy(asc(orders.createdAt), asc(orders.id)).limit(window.limit).offset(window.offset).all();
  return { orders: withParts(db, rows), total: countOrders(db, where, search), pageSize: window.pageSize };
}

/** How many orders wait for a decision. */
export function pendingOrderCount(db: Queryable): number {
  return db.select({ n: sql<number>`count(*)` }).from(orders).where(eq(orders.status, 'pending')).get()!.n;
}

/** How many orders match; counting needs the buyer only to search by their name or email. */
function countOrders(db: Queryable, where: SQL | undefined, search: SQL | undefined): number {
  const counting = db.select({ n: sql<number>`count(*)` }).from(orders);
  return (search ? counting.innerJoin(buyer, eq(buyer.id, orders.userId)) : counting).where(where).get()!.n;
}

/** Decided orders, latest decision first, a page at a time, with how many match in all. */
export function decidedOrders(db: Queryable, options: { search?: string | undefined; page: number }): { orders: OrderDetails[]; total: number } {
  const search = searchCondition(options.search);
  // An order asked for its difference is shown here too, until the buyer sends the rest.
  const where = and(inArray(orders.status, ['approved', 'rejected', 'awaiting_difference']), search);
  const rows = selectDetails(db)
    .where(where)
    .orderBy(desc(orders.decidedAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((options.page - 1) * ORDERS_PAGE_SIZE)
    .all();
  return { orders: withParts(db, rows), total: countOrders(db, where, search) };
}

/** A buyer's own orders, newest first. */
export function ordersOf(db: Queryable, userId: number): OrderDetails[] {
  return withParts(db, selectDetails(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).all());
}

export function orderDetails(db: Queryable, orderId: number): OrderDetails | undefined {
  const row = prepared(db, 'orders.detailsById', () =>
    selectDetails(db)
      .where(eq(orders.id, sql.placeholder('orderId')))
      .prepare(),
  ).get({ orderId });
  return row && withParts(db, [row])[0];
}
