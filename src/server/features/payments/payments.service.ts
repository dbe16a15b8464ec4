/**
 * Paying through a payment gateway (PAYMENT_GATEWAY): the buyer opens the gateway's checkout for
 * a pending order, and the order is approved once the gateway says it is paid, by whichever comes
 * first: the checkout's callback, the gateway's webhook, or the reconcile job asking about orders
 * nobody heard of. None of them is believed as it is: each makes `settleGatewayOrder` ask the
 * gateway what was paid for the order, and act on that, once (the approval refuses an order that
 * is no longer pending). A payment that cannot simply pay its order becomes an alert for admins.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, DbTransaction, Queryable } from '../../db/client.js';
import { gatewayEvents, orderReversals, orders, packages, paymentAlerts, users, type OrderRow, type PaymentAlertRow } from '../../db/schema.js';
import type { PaymentAlertKind } from '../../../shared/domain.js';
import { AppError } from '../../lib/errors.js';
import type { Notifier } from '../../lib/notification-channel.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { approvePaidOrder } from '../orders/order-decisions.service.js';
import {
  attachGatewayPayment,
  dropUnopenedGatewayOrder,
  expireGatewayOrder,
  expireStuckGatewayOrder,
  openGatewayOrder,
  tellPaidTwice,
  recordGatewayOrder,
} from '../orders/checkout.service.js';
import { reverseOrder } from '../orders/order-reversal.service.js';
import { paymentPartsByOrder, paymentPartsOf, type PaymentPart } from '../orders/order-difference.service.js';
import { orderErrors } from '../orders/orders.errors.js';
import { GatewayUnavailableError, type GatewayPayment, type PaymentGateway } from '../../lib/payment-gateway.js';
import { paymentErrors } from './payments.errors.js';
import { razorpayGateway } from './razorpay.js';
import type { DomainEvents } from '../../lib/domain-events.js';

export type PaymentDeps = {
  db: Db;
  config: Config;
  notifier: Notifier;
  events: DomainEvents;
  now: () => number;
  log: FastifyBaseLogger;
  gateway: PaymentGateway | null;
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The reconcile job asks about an order opened on the gateway once it is this old, and again after as long. */
export const RECONCILE_AFTER_MS = 15 * MINUTE_MS;
/** How often the reconcile job runs. */
export const RECONCILE_EVERY_MS = 5 * MINUTE_MS;
/** An order opened on the gateway and not paid within this long is closed (the buyer may start again). */
export const GATEWAY_ORDER_EXPIRES_MS = 24 * HOUR_MS;
/** An order approved by UTR that had a gateway order is looked at for a late gateway payment this long. */
const LATE_PAYMENT_WATCH_MS = 3 * 24 * HOUR_MS;
const LATE_PAYMENT_EVERY_MS = 6 * HOUR_MS;
/** A pending order the gateway has answered only with errors for this long is closed, with the error as its reason. */
export const GATEWAY_ERRORS_EXPIRE_MS = 3 * 24 * HOUR_MS;

/** The gateway chosen by the PAYMENT_GATEWAY setting. A second provider is one more case here (docs/operations.md, "Payments through a gateway"). */
export function createGateway(config: Config['gateway']): PaymentGateway | null {
  if (!config) return null;
  return razorpayGateway(config);
}

function gatewayOf(deps: PaymentDeps): PaymentGateway {
  if (!deps.gateway) throw paymentErrors.GATEWAY_OFF();
  return deps.gateway;
}

function orderById(db: Db, orderId: number): OrderRow | undefined {
  return db.select().from(orders).where(eq(orders.id, orderId)).get();
}

export type CheckoutLaunch = {
  orderId: number;
  packageId: number;
  provider: string;
  keyId: string;
  script: string;
  gatewayOrderId: string;
  amountPaise: number;
  currency: 'INR';
  packageName: string;
  buyer: { name: string; email: string; phone: string | null };
};

/**
 * Opens (or reopens) the buyer's order for the gateway's checkout: our pending order, and the
 * gateway's order for its exact amount with our order's id as its receipt. When the gateway does
 * not answer, our order is forgotten again, so the buyer can retry or pay by UTR.
 */
export async function startGatewayPayment(deps: PaymentDeps, buyerId: number, input: Parameters<typeof openGatewayOrder>[2]): Promise<CheckoutLaunch> {
  const gateway = gatewayOf(deps);
  let order = openGatewayOrder(deps, buyerId, input);
  if (!order.gatewayOrderId) {
    try {
      const opened = await gateway.createOrder({ receipt: `order_${order.id}`, amountPaise: order.amountPaise, notes: { orderId: String(order.id) } });
      if (opened.amountPaise !== order.amountPaise || opened.currency !== 'INR') {
        throw new GatewayUnavailableError(`the gateway opened order ${opened.id} for ${opened.amountPaise} ${opened.currency}, not ${order.amountPaise} INR`);
      }
      order = recordGatewayOrder(deps.db, order.id, opened.id);
    } catch (error) {
      dropUnopenedGatewayOrder(deps.db, order.id);
      deps.log.warn({ err: error, orderId: order.id }, 'the payment gateway could not open an order');
      throw paymentErrors.GATEWAY_UNAVAILABLE();
    }
  }
  return launchOf(deps.db, gateway, order);
}

function launchOf(db: Db, gateway: PaymentGateway, order: OrderRow): CheckoutLaunch {
  const pkg = db.select({ name: packages.name }).from(packages).where(eq(packages.id, order.packageId)).get()!;
  const buyer = db.select({ phone: users.phone }).from(users).where(eq(users.id, order.userId)).get();
  return {
    orderId: order.id,
    packageId: order.packageId,
    provider: gateway.provider,
    keyId: gateway.keyId,
    script: gateway.checkoutScript,
    gatewayOrderId: order.gatewayOrderId!,
    amountPaise: order.amountPaise,
    currency: 'INR',
    packageName: pkg.name,
    buyer: { name: order.buyerName, email: order.buyerEmail, phone: buyer?.phone ?? null },
  };
}

/**
 * The gateway's checkout page asks about its order: what opens the payment window while it can be
 * paid, and otherwise where it stands. The buyer's own order only.
 */
export function gatewayCheckoutOf(
  deps: PaymentDeps,
  buyerId: number,
  orderId: number,
): { status: OrderRow['status']; packageId: number; packageName: string; launch: CheckoutLaunch | null } {
  const gateway = gatewayOf(deps);
  const order = orderById(deps.db, orderId);
  if (!order || order.userId !== buyerId) throw orderErrors.ORDER_NOT_FOUND();
  if (!order.gatewayOrderId) throw paymentErrors.NOT_A_GATEWAY_ORDER();
  const payable = order.status === 'pending' && order.utr === null;
  const pkg = deps.db.select({ name: packages.name }).from(packages).where(eq(packages.id, order.packageId)).get()!;
  return { status: order.status, packageId: order.packageId, packageName: pkg.name, launch: payable ? launchOf(deps.db, gateway, order) : null };
}

/** Checkout callbacks a buyer may make: each asks the gateway, so they are counted per buyer and per order. */
const confirmsPerBuyer = { points: 30, durationSeconds: 10 * 60 };
const confirmsPerOrder = { points: 10, durationSeconds: 10 * 60 };

/**
 * The checkout's callback: counted (per buyer and per order), then the gateway's signature over
 * our stored gateway order and the payment must check before anything else happens; an order this
 * payment already settled is answered as it stands, without asking the gateway; otherwise the
 * gateway is asked, as for any event.
 */
export async function confirmFromCheckout(
  deps: PaymentDeps & { rateLimits: RateLimits },
  buyerId: number,
  input: { orderId: number; paymentId: string; signature: string },
): Promise<OrderRow> {
  const gateway = gatewayOf(deps);
  await deps.rateLimits.get('payments:confirm:buyer', confirmsPerBuyer).hit(String(buyerId));
  await deps.rateLimits.get('payments:confirm:order', confirmsPerOrder).hit(`${buyerId}:${input.orderId}`);
  const order = orderById(deps.db, input.orderId);
  if (!order || order.userId !== buyerId) throw orderErrors.ORDER_NOT_FOUND();
  if (!order.gatewayOrderId) throw paymentErrors.NOT_A_GATEWAY_ORDER();
  if (!gateway.checkoutSignatureIsValid({ gatewayOrderId: order.gatewayOrderId, paymentId: input.paymentId, signature: input.signature })) {
    deps.log.warn({ orderId: order.id, paymentId: input.paymentId }, 'a checkout callback with a signature that does not check was refused');
    throw paymentErrors.PAYMENT_NOT_VERIFIED();
  }
  if (order.status !== 'pending' && order.gatewayPaymentId === input.paymentId) return order;
  try {
    await settleGatewayOrder(deps, order.id);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    deps.log.warn(
      { err: error, orderId: order.id },
      'the payment gateway did not answer a checkout callback; the webhook or the reconcile job settles the order',
    );
  }
  return orderById(deps.db, order.id)!;
}

function raiseAlert(deps: Pick<PaymentDeps, 'log' | 'now'> & { db: Queryable }, order: OrderRow, payment: GatewayPayment, kind: PaymentAlertKind): void {
  const raised = deps.db
    .insert(paymentAlerts)
    .values({ orderId: order.id, gatewayPaymentId: payment.id, kind, amountPaise: payment.amountPaise, foundAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: paymentAlerts.id })
    .get();
  if (raised) deps.log.warn({ orderId: order.id, paymentId: payment.id, kind }, 'a gateway payment needs an admin');
}

function isReversed(db: Db, orderId: number): boolean {
  return db.select({ orderId: orderReversals.orderId }).from(orderReversals).where(eq(orderReversals.orderId, orderId)).get() !== undefined;
}

export type Settlement = 'approved' | 'reversed' | 'unchanged';

/**
 * Asks the gateway what was paid for the order and acts on it: approves a pending order paid in
 * full (capturing an authorized payment first), reverses an approved order whose payment was
 * refunded in full, and raises an alert for any other payment (a second one, the wrong amount,
 * one for a rejected order, a partial refund). Running it again changes nothing more.
 */
export async function settleGatewayOrder(deps: PaymentDeps, orderId: number): Promise<Settlement> {
  const gateway = gatewayOf(deps);
  const opened = orderById(deps.db, orderId);
  if (!opened?.gatewayOrderId) return 'unchanged';
  const gatewayOrderId = opened.gatewayOrderId;
  const reported = (await gateway.paymentsOfOrder(gatewayOrderId)).filter((payment) => payment.gatewayOrderId === gatewayOrderId);
  const payments: GatewayPayment[] = [];
  for (const payment of reported) {
    const rightAmount = payment.amountPaise === opened.amountPaise && payment.currency === 'INR';
    payments.push(payment.status === 'authorized' && rightAmount ? await gateway.capture(payment) : payment);
  }

  let settlement: Settlement = 'unchanged';
  for (const payment of payments) {
    if (payment.status !== 'captured' && payment.status !== 'refunded') continue;
    const order = orderById(deps.db, orderId)!;
    if (payment.amountPaise !== order.amountPaise || payment.currency !== 'INR') {
      if (payment.status === 'captured') raiseAlert(deps, order, payment, 'wrong_amount');
      continue;
    }
    const refundedInFull = payment.status === 'refunded' || payment.refundedPaise >= payment.amountPaise;
    if (refundedInFull) {
      if (order.status === 'approved' && order.gatewayPaymentId === payment.id && !isReversed(deps.db, order.id)) {
        try {
          reverseOrder(deps, null, {
            orderId: order.id,
            reason: 'Refunded on the payment gateway',
            refund: { gatewayPaymentId: payment.id, amountPaise: payment.refundedPaise || payment.amountPaise },
          });
          settlement = 'reversed';
        } catch (error) {
          if (!(error instanceof AppError && error.appCode === 'ORDER_ALREADY_REVERSED')) throw error;
        }
      }
      resolveAlertsOf(deps.db, payment.id, null, deps.now());
      continue;
    }
    if (payment.refundedPaise > 0) raiseAlert(deps, order, payment, 'partial_refund');
    if (order.gatewayPaymentId === payment.id) continue;
    if (order.status === 'awaiting_difference') {
      try {
        approveOverParts(deps, order, payment);
        settlement = 'approved';
        continue;
      } catch (error) {
        if (!(error instanceof AppError && (error.appCode === 'ORDER_DECIDED' || error.appCode === 'BUYER_DELETED'))) throw error;
      }
    }
    if (order.status === 'pending') {
      try {
        const approved = approvePaidOrder(deps, order.id, payment.id);
        settlement = 'approved';
        // The buyer had also typed the UTR of a QR payment for this order: two payments, one to refund.
        if (order.utr !== null) {
          raiseAlert(deps, approved, payment, 'double_payment');
          deps.db.transaction((tx) => tellPaidTwice(tx, deps, approved));
        }
        continue;
      } catch (error) {
        // Another confirmation of the same payment got there first, or an admin decided meanwhile.
        if (!(error instanceof AppError && (error.appCode === 'ORDER_DECIDED' || error.appCode === 'BUYER_DELETED'))) throw error;
      }
    }
    const now = orderById(deps.db, orderId)!;
    if (now.gatewayPaymentId === payment.id) continue;
    // An admin approved it by hand while it waited on the gateway (no UTR): this is the payment that paid it.
    if (now.status === 'approved' && now.utr === null && now.gatewayPaymentId === null && attachGatewayPayment(deps.db, now.id, payment.id)) continue;
    raiseAlert(deps, now, payment, now.status === 'approved' ? 'double_payment' : 'paid_after_rejection');
  }
  deps.db.update(orders).set({ gatewayCheckedAt: deps.now() }).where(eq(orders.id, orderId)).run();
  return settlement;
}

/**
 * The gateway paid the full price of an order awaiting its difference (a window opened before the
 * buyer paid part by UPI): the payment approves the order, as any gateway payment does, and the
 * UPI parts that had arrived, now more than the price, are flagged to be sent back from the bank
 * (an alert of their sum, the admins' email and the buyer's message), in the approval's
 * transaction: approved, flagged and told, or none of it.
 */
function approveOverParts(deps: PaymentDeps, order: OrderRow, payment: GatewayPayment): void {
  deps.db.transaction((tx) => {
    const approved = approvePaidOrder(deps, order.id, payment.id);
    const parts = paymentPartsOf(tx, order.id);
    const surplusPaise = parts.reduce((sum, part) => sum + part.amountPaise, 0);
    if (surplusPaise <= 0) return;
    raiseAlert({ ...deps, db: tx }, approved, { ...payment, amountPaise: surplusPaise }, 'utr_refund_due');
    deps.events.publish(tx, { type: 'order-parts-refund-due', order: approved, parts, amountPaise: surplusPaise, at: deps.now() });
  });
}

function resolveAlertsOf(db: Db, paymentId: string, adminId: number | null, now: number): void {
  db.update(paymentAlerts)
    .set({ resolvedAt: now, resolvedBy: adminId })
    .where(and(eq(paymentAlerts.gatewayPaymentId, paymentId), isNull(paymentAlerts.resolvedAt)))
    .run();
}

/** Events the webhook acts on; others are kept as ignored. */
const settlingEvents = new Set(['payment.captured', 'payment.authorized', 'order.paid', 'refund.processed', 'payment.failed']);

/** What the webhook answers the gateway: 2xx stops its retries, anything else asks for one. */
export type WebhookAnswer = { status: 200 | 400 | 404 | 503; outcome: string };

/**
 * An event from the gateway: its signature over the raw body must check (else 400, logged); it is
 * kept once under its event id (a replay is answered 200 and changes nothing); then the order it
 * names is settled by asking the gateway. When the gateway does not answer, the event is let go
 * (503), so the gateway's retry is treated as new.
 */
export async function receiveWebhook(deps: PaymentDeps, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookAnswer> {
  const gateway = deps.gateway;
  if (!gateway) return { status: 404, outcome: 'no gateway is set up' };
  const event = gateway.readWebhook(rawBody, headers);
  if (!event) {
    deps.log.warn({ bytes: rawBody.length }, 'a gateway webhook was refused: its signature does not check');
    return { status: 400, outcome: 'signature does not check' };
  }
  const kept = deps.db
    .insert(gatewayEvents)
    .values({
      provider: gateway.provider,
      eventId: event.eventId,
      event: event.event,
      gatewayOrderId: event.gatewayOrderId,
      gatewayPaymentId: event.gatewayPaymentId,
      outcome: 'received',
      receivedAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id })
    .get();
  if (!kept) {
    deps.log.info({ eventId: event.eventId, event: event.event }, 'a gateway event seen before was ignored');
    return { status: 200, outcome: 'seen before' };
  }
  const record = (outcome: string) => deps.db.update(gatewayEvents).set({ outcome }).where(eq(gatewayEvents.id, kept.id)).run();

  if (!settlingEvents.has(event.event)) {
    record('ignored: not an event this app acts on');
    return { status: 200, outcome: 'ignored' };
  }
  const order = deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        event.gatewayOrderId ? eq(orders.gatewayOrderId, event.gatewayOrderId) : sql`0`,
        event.gatewayPaymentId ? eq(orders.gatewayPaymentId, event.gatewayPaymentId) : sql`0`,
      ),
    )
    .get();
  if (!order) {
    record('ignored: no order of ours');
    deps.log.warn({ eventId: event.eventId, event: event.event, gatewayOrderId: event.gatewayOrderId }, 'a gateway event names no order of ours');
    return { status: 200, outcome: 'no order of ours' };
  }
  try {
    const settlement = await settleGatewayOrder(deps, order.id);
    record(`settled: ${settlement}`);
    deps.log.info({ eventId: event.eventId, event: event.event, orderId: order.id, settlement }, 'gateway event settled');
    return { status: 200, outcome: settlement };
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    deps.db.delete(gatewayEvents).where(eq(gatewayEvents.id, kept.id)).run();
    deps.log.warn({ err: error, eventId: event.eventId }, 'the payment gateway did not answer while settling an event; its retry will');
    return { status: 503, outcome: 'gateway did not answer' };
  }
}

/**
 * The reconcile job: orders opened on the gateway at least RECONCILE_AFTER_MS ago and not settled
 * are asked about again (webhooks do get lost), as are, for a few days, orders approved by UTR
 * that had a gateway order (a late gateway payment is a double payment). An order opened on the
 * gateway and still unpaid after GATEWAY_ORDER_EXPIRES_MS is closed. An order the gateway answers
 * with an error is skipped and recorded (the job goes on with the others); one still failing after
 * GATEWAY_ERRORS_EXPIRE_MS is closed with that reason.
 */
export async function reconcileGatewayOrders(deps: PaymentDeps, limit = 50): Promise<{ asked: number; expired: number; failed: number }> {
  if (!deps.gateway) return { asked: 0, expired: 0, failed: 0 };
  const now = deps.now();
  const due = deps.db
    .select({ id: orders.id, status: orders.status, createdAt: orders.createdAt, utr: orders.utr })
    .from(orders)
    .where(
      and(
        isNotNull(orders.gatewayOrderId),
        or(
          and(
            // An order awaiting its difference may still be paid in full by a window opened before.
            inArray(orders.status, ['pending', 'awaiting_difference']),
            lte(orders.createdAt, now - RECONCILE_AFTER_MS),
            or(isNull(orders.gatewayCheckedAt), lte(orders.gatewayCheckedAt, now - RECONCILE_AFTER_MS)),
          ),
          and(
            eq(orders.status, 'approved'),
            isNull(orders.gatewayPaymentId),
            sql`${orders.createdAt} > ${now - LATE_PAYMENT_WATCH_MS}`,
            or(isNull(orders.gatewayCheckedAt), lte(orders.gatewayCheckedAt, now - LATE_PAYMENT_EVERY_MS)),
          ),
        ),
      ),
    )
    .orderBy(asc(orders.gatewayCheckedAt), asc(orders.id))
    .limit(limit)
    .all();
  let expired = 0;
  let failed = 0;
  for (const order of due) {
    try {
      await settleGatewayOrder(deps, order.id);
      deps.db.update(orders).set({ gatewayErrorSince: null, gatewayLastError: null }).where(eq(orders.id, order.id)).run();
    } catch (error) {
      // One order the gateway answers with an error (or that fails here) must not hold up the others:
      // it is recorded, asked about again after the others, and closed once it has failed for days.
      failed += 1;
      const since = recordReconcileError(deps, order.id, error, now);
      deps.log.warn({ err: error, orderId: order.id }, 'the reconcile job could not settle an order; it goes on with the others and asks again later');
      if (order.status === 'pending' && order.utr === null && since <= now - GATEWAY_ERRORS_EXPIRE_MS && expireStuckGatewayOrder(deps.db, order.id, now))
        expired += 1;
      continue;
    }
    if (order.status === 'pending' && order.utr === null && order.createdAt <= now - GATEWAY_ORDER_EXPIRES_MS && expireGatewayOrder(deps.db, order.id, now)) {
      expired += 1;
    }
  }
  return { asked: due.length, expired, failed };
}

/** Notes the error on the order and moves it to the back of the queue; answers since when it has been failing. */
function recordReconcileError(deps: PaymentDeps, orderId: number, error: unknown, now: number): number {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  const row = deps.db
    .update(orders)
    .set({ gatewayCheckedAt: now, gatewayErrorSince: sql`coalesce(${orders.gatewayErrorSince}, ${now})`, gatewayLastError: message })
    .where(eq(orders.id, orderId))
    .returning({ since: orders.gatewayErrorSince })
    .get();
  return row?.since ?? now;
}

/**
 * An admin takes back an order paid through the gateway and refunds it in full: the reversal first
 * (access, commission, in one transaction, once), then the refund on the gateway, whose refund id
 * the reversal then keeps. The refund's webhook then finds the order already reversed. When the
 * gateway does not make the refund the order stays reversed and the admin is told to refund it on
 * the gateway's dashboard.
 */
export async function refundAndReverse(deps: PaymentDeps, adminId: number, input: { orderId: number; reason: string }): Promise<{ refundId: string }> {
  const gateway = gatewayOf(deps);
  const order = orderById(deps.db, input.orderId);
  if (!order) throw orderErrors.ORDER_NOT_FOUND();
  if (!order.gatewayPaymentId) throw paymentErrors.NOT_A_GATEWAY_ORDER();
  reverseOrder(deps, adminId, {
    orderId: order.id,
    reason: input.reason,
    refund: { gatewayPaymentId: order.gatewayPaymentId, amountPaise: order.amountPaise },
  });
  try {
    const refund = await gateway.refund(order.gatewayPaymentId, order.amountPaise);
    deps.db.update(orderReversals).set({ gatewayRefundId: refund.id }).where(eq(orderReversals.orderId, order.id)).run();
    return { refundId: refund.id };
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    deps.log.error({ err: error, orderId: order.id }, 'the order is reversed but the gateway did not refund it');
    throw paymentErrors.REFUND_FAILED();
  }
}

export type AlertDetails = PaymentAlertRow & {
  buyerName: string;
  buyerEmail: string;
  packageName: string;
  orderStatus: OrderRow['status'];
  orderUtr: string | null;
  /** The UTRs the order was paid in parts with (the ones to send back, for a `utr_refund_due`). */
  parts: PaymentPart[];
};

/** The alerts admins have to act on (open first, newest first), with the order they belong to. */
export function paymentAlertList(db: Db, options: { open: boolean }): AlertDetails[] {
  const alerts = db
    .select({
      alert: paymentAlerts,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      packageName: packages.name,
      orderStatus: orders.status,
      orderUtr: orders.utr,
    })
    .from(paymentAlerts)
    .innerJoin(orders, eq(orders.id, paymentAlerts.orderId))
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(options.open ? isNull(paymentAlerts.resolvedAt) : isNotNull(paymentAlerts.resolvedAt))
    .orderBy(desc(paymentAlerts.foundAt), desc(paymentAlerts.id))
    .limit(200)
    .all();
  const parts = paymentPartsByOrder(db, [...new Set(alerts.map(({ alert }) => alert.orderId))]);
  return alerts.map(({ alert, ...rest }) => ({ ...alert, ...rest, parts: parts.get(alert.orderId) ?? [] }));
}

/**
 * An admin settles an alert: refunds that payment in full through the gateway, or marks it done
 * (refunded another way, or nothing to give back). Once: the alert is claimed before the refund
 * is asked for (two admins cannot refund it twice), and let go again when the gateway fails.
 */
export async function resolvePaymentAlert(deps: PaymentDeps, adminId: number, input: { alertId: number; refund: boolean }): Promise<PaymentAlertRow> {
  const gateway = input.refund ? gatewayOf(deps) : null;
  // UPI parts to give back went to the bank: refunding the gateway's payment instead would take the order's own money.
  if (gateway && deps.db.select({ kind: paymentAlerts.kind }).from(paymentAlerts).where(eq(paymentAlerts.id, input.alertId)).get()?.kind === 'utr_refund_due') {
    throw paymentErrors.REFUND_BY_BANK();
  }
  const claimed = deps.db.transaction((tx) => {
    const row = tx
      .update(paymentAlerts)
      .set({ resolvedAt: deps.now(), resolvedBy: adminId })
      .where(and(eq(paymentAlerts.id, input.alertId), isNull(paymentAlerts.resolvedAt)))
      .returning()
      .get();
    // UPI parts marked sent back from the bank: the buyer is told, with the marking or not at all.
    if (row?.kind === 'utr_refund_due') tellPartsSentBack(deps, tx, row);
    return row;
  });
  if (!claimed) {
    const exists = deps.db.select({ id: paymentAlerts.id }).from(paymentAlerts).where(eq(paymentAlerts.id, input.alertId)).get();
    throw exists ? paymentErrors.ALERT_RESOLVED() : paymentErrors.ALERT_NOT_FOUND();
  }
  if (!gateway) return claimed;
  // The gateway paid an order whose UTR payment came in too: refunding the gateway's leaves the
  // order paid by its UTR, so its refund's webhook does not take the order back.
  const paidByThisPayment = deps.db
    .update(orders)
    .set({ gatewayPaymentId: null, paymentMethod: 'utr' })
    .where(and(eq(orders.id, claimed.orderId), eq(orders.gatewayPaymentId, claimed.gatewayPaymentId), isNotNull(orders.utr)))
    .returning({ id: orders.id })
    .get();
  try {
    const refund = await gateway.refund(claimed.gatewayPaymentId, claimed.amountPaise);
    return deps.db.update(paymentAlerts).set({ gatewayRefundId: refund.id }).where(eq(paymentAlerts.id, claimed.id)).returning().get()!;
  } catch (error) {
    if (paidByThisPayment) {
      deps.db.update(orders).set({ gatewayPaymentId: claimed.gatewayPaymentId, paymentMethod: 'gateway' }).where(eq(orders.id, paidByThisPayment.id)).run();
    }
    deps.db.update(paymentAlerts).set({ resolvedAt: null, resolvedBy: null }).where(eq(paymentAlerts.id, claimed.id)).run();
    if (!(error instanceof GatewayUnavailableError)) throw error;
    deps.log.warn({ err: error, alertId: claimed.id }, 'the payment gateway did not make an alert’s refund');
    throw paymentErrors.GATEWAY_UNAVAILABLE();
  }
}

function tellPartsSentBack(deps: PaymentDeps, tx: DbTransaction, alert: PaymentAlertRow): void {
  const order = tx.select().from(orders).where(eq(orders.id, alert.orderId)).get();
  if (!order) return;
  const parts = paymentPartsOf(tx, order.id);
  deps.events.publish(tx, { type: 'order-parts-refunded', order, parts, amountPaise: alert.amountPaise, at: deps.now() });
}
