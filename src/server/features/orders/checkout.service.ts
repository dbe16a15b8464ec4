import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { orders, packages, users, type OrderRow, type PackageRow, type UserRow } from '../../db/schema.js';
import type { Config } from '../../config.js';
import { formatRupees } from '../../../shared/money.js';
import { paymentReferenceOf } from '../../../shared/payment-reference.js';
import { upiPaymentLink, upiQrDataUrl } from '../../lib/upi-link.js';
import { assignSponsorOnce, findActiveUser } from '../auth/accounts.service.js';
import { countCodeTry, resolveCode, type AppliedDiscount, type ResolvedCode } from '../discounts/discounts.service.js';
import { checkoutOf, type CheckoutFields } from '../../../shared/checkout-input.js';
import { placedFromOf } from '../../lib/request-info.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { discountErrors } from '../discounts/discounts.errors.js';
import { hasBought, packageById } from '../catalog/catalog.service.js';
import { newOrderEmail, paidTwiceEmail, paymentReceivedEmail } from './orders.emails.js';
import { noticeTo } from '../notifications/outbox.service.js';
import { orderErrors } from './orders.errors.js';
import { pagePaths } from '../../../shared/page-paths.js';
import { accountErrors } from '../../lib/account.errors.js';
import { catalogErrors } from '../catalog/catalog.errors.js';
import { isUtrTaken, paymentPartsOf } from './order-difference.service.js';
import { approveFreeOrder, paymentReceivedKey, type OrderDeps as Deps } from './order-decisions.service.js';

function packageOnSale(db: Queryable, packageId: number): PackageRow {
  const pkg = db
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), isNull(packages.archivedAt)))
    .get();
  if (!pkg) throw catalogErrors.PACKAGE_NOT_FOUND();
  return pkg;
}

/** A pending order of this buyer and package that waits for a check (one opened for the gateway and not paid yet does not). */
function hasOrderWaitingForCheck(db: Queryable, userId: number, packageId: number): boolean {
  return (
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.packageId, packageId),
          eq(orders.status, 'pending'),
          or(isNotNull(orders.utr), eq(orders.paymentMethod, 'utr')),
        ),
      )
      .get() !== undefined
  );
}

/** An order of this buyer and package of which part arrived: the rest is paid under it, not by a new order. */
function hasDifferenceDue(db: Queryable, userId: number, packageId: number): boolean {
  return (
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.packageId, packageId), eq(orders.status, 'awaiting_difference')))
      .get() !== undefined
  );
}

/**
 * The reference (`tr`) of the buyer's next payment for a package: buyer, package and attempt
 * ("U12P7N1"), the same every time the popup opens until an order is placed.
 */
function paymentReference(db: Queryable, userId: number, packageId: number): string {
  const { n } = db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.packageId, packageId)))
    .get()!;
  return `U${userId}P${packageId}N${n + 1}`;
}

/** What the payment popup needs, as worked out here; `toPaymentDetailsView` shapes it. */
export type Payment = {
  pkg: PackageRow;
  upiId: string;
  payeeName: string;
  upiLink: string;
  qrDataUrl: string;
  pricePaise: number;
  discount: AppliedDiscount | null;
};

/**
 * What the payment popup shows: the UPI link for this package's exact price (after the discount
 * code, when one is given), and its QR code.
 */
export async function paymentDetails(deps: Deps, userId: number, packageId: number, code?: string): Promise<Payment> {
  const { upiId, upiPayeeName } = deps.config;
  if (!upiId) throw orderErrors.PAYMENTS_NOT_SET_UP();
  const pkg = packageOnSale(deps.db, packageId);
  if (hasBought(deps.db, userId, pkg.id)) throw orderErrors.ALREADY_OWNED();
  if (hasOrderWaitingForCheck(deps.db, userId, pkg.id)) throw orderErrors.ORDER_WAITING();
  if (hasDifferenceDue(deps.db, userId, pkg.id)) throw orderErrors.DIFFERENCE_DUE();
  const resolved = code ? resolveCode(deps.db, deps.config, { code, buyerId: userId, pkg, now: deps.now() }) : null;
  const discount = discountOnly(resolved);
  const pricePaise = discount?.pricePaise ?? pkg.pricePaise;
  if (pricePaise === 0) throw discountErrors.CODE_MAKES_FREE();
  const upiLink = upiPaymentLink({
    upiId,
    payeeName: upiPayeeName,
    amountPaise: pricePaise,
    note: pkg.name,
    reference: paymentReference(deps.db, userId, pkg.id),
    merchantCode: deps.config.upiMerchantCode,
  });
  return { pkg, upiId, payeeName: upiPayeeName, upiLink, qrDataUrl: await upiQrDataUrl(upiLink), pricePaise, discount };
}

/** The discount a resolved code gives: none for a friend's referral ID. */
function discountOnly(resolved: ResolvedCode | null): AppliedDiscount | null {
  return resolved && resolved.kind !== 'referral' ? resolved : null;
}

/**
 * What a tax invoice needs of the buyer, as the order keeps it: the place of supply (the state
 * code a buyer's GSTIN starts with, else the state they chose), the PIN and the GSTIN.
 */
function taxInvoiceFields(input: CheckoutInput) {
  return { buyerState: input.buyerGstin?.slice(0, 2) ?? input.buyerState, buyerPin: input.buyerPin, buyerGstin: input.buyerGstin ?? null };
}

function isUniqueViolation(error: unknown, index: string): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message) && error.message.includes(index);
}

/** What a buyer gives at checkout, whichever way they pay. */
type CheckoutInput = {
  name: string;
  email: string;
  packageId: number;
  /** Asked only when the site issues tax invoices (GSTIN set). */
  buyerState?: string | undefined;
  buyerPin?: string | undefined;
  /** A business buyer's GSTIN (optional): its state code is then the place of supply. */
  buyerGstin?: string | undefined;
  /** The checkout's one code: a coupon, an affiliate's own code or a friend's referral ID (`resolveCode`). */
  code?: string | undefined;
  /** Where the checkout was made from (hashed by the caller): the admin's fraud flag reads it. */
  placedFrom?: { device: string | null; network: string | null } | undefined;
};

/**
 * The checks every checkout makes, inside the order's transaction: the package is on sale and not
 * owned, and the buyer exists. Answers the package, the buyer, and the buyer's pending order of
 * this package if there is one (the caller decides what it may do with it).
 */
function checkoutChecks(tx: Queryable, config: Config, buyerId: number, input: CheckoutInput, now: number) {
  if (config.gst && ((!input.buyerState && !input.buyerGstin) || !input.buyerPin)) throw orderErrors.STATE_AND_PIN_REQUIRED();
  const pkg = packageOnSale(tx, input.packageId);
  if (hasBought(tx, buyerId, pkg.id)) throw orderErrors.ALREADY_OWNED();
  const buyer = findActiveUser(tx, buyerId);
  if (!buyer) throw accountErrors.ACCOUNT_GONE();
  if (hasDifferenceDue(tx, buyerId, pkg.id)) throw orderErrors.DIFFERENCE_DUE();
  const waiting = tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, buyerId), eq(orders.packageId, pkg.id), eq(orders.status, 'pending')))
    .get();
  const resolved = input.code ? resolveCode(tx, config, { code: input.code, buyerId, pkg, now }) : null;
  const discount = discountOnly(resolved);
  return { pkg, buyer, waiting, resolved, discount, pricePaise: discount?.pricePaise ?? pkg.pricePaise };
}

/** An order's price, its discount code and where it was placed from, as the order row keeps them. */
function pricedValues(pkg: PackageRow, discount: AppliedDiscount | null, placedFrom: CheckoutInput['placedFrom']) {
  return {
    amountPaise: discount?.pricePaise ?? pkg.pricePaise,
    listPricePaise: discount ? pkg.pricePaise : null,
    discountPaise: discount?.discountPaise ?? 0,
    discountCodeId: discount?.codeId ?? null,
    discountCode: discount?.code ?? null,
    placedDevice: placedFrom?.device ?? null,
    placedNetwork: placedFrom?.network ?? null,
  };
}

/**
 * A checkout as a request brings it: its fields as the order rules take them, and where it was
 * made from. A checkout with a discount code counts as a try of a code (guessing is limited per
 * account and per address).
 */
export async function checkoutFromRequest(
  deps: Deps & { rateLimits: RateLimits },
  buyerId: number,
  request: { ip: string; deviceCookie: string | null },
  input: CheckoutFields,
): Promise<CheckoutInput> {
  if (input.code) await countCodeTry(deps, { userId: buyerId, ip: request.ip });
  return { ...checkoutOf(input), placedFrom: placedFromOf(request, { dataDir: deps.config.dataDir, now: deps.now() }) };
}

/** An order opened for the payment gateway that no UTR was typed for: the buyer may still pay it either way. */
function isOpenGatewayOrder(order: OrderRow | undefined): order is OrderRow {
  return order !== undefined && order.paymentMethod === 'gateway' && order.utr === null;
}

/**
 * The order a checkout takes: the buyer, the package at its price (and code), the sponsor, the
 * tax invoice's fields; `payment` says how it is paid (a UTR, the gateway, or free).
 */
function insertOrder(
  tx: Queryable,
  config: Config,
  now: number,
  checked: { pkg: PackageRow; buyer: UserRow; resolved: ResolvedCode | null; discount: AppliedDiscount | null },
  input: CheckoutInput,
  payment: { utr: string } | { paymentMethod: 'gateway' | 'free' },
): OrderRow {
  return tx
    .insert(orders)
    .values({
      userId: checked.buyer.id,
      packageId: checked.pkg.id,
      ...pricedValues(checked.pkg, checked.discount, input.placedFrom),
      ...payment,
      referrerId: referrerFor(tx, checked.buyer, checked.resolved),
      buyerName: input.name,
      buyerEmail: input.email,
      ...(config.gst && taxInvoiceFields(input)),
      createdAt: now,
    })
    .returning()
    .get();
}

/**
 * The order's referrer: the buyer's sponsor, or else the person the checkout's code names (the
 * affiliate whose code it is, or the friend whose referral ID it is), who then becomes the sponsor
 * (once, never self, never a loop). A deleted sponsor counts as none: the buyer may name a new one
 * (docs/decisions/055-deleted-users-and-money.md). A buyer who already has a sponsor keeps them
 * (an affiliate's code still gives its discount). When an affiliate's code would make a loop, the
 * discount stays and nobody becomes the sponsor; a referral ID that would is refused.
 */
function referrerFor(tx: Queryable, buyer: UserRow, resolved: ResolvedCode | null): number | null {
  const sponsorActive = buyer.sponsorId !== null && findActiveUser(tx, buyer.sponsorId) !== undefined;
  if (sponsorActive) return buyer.sponsorId;
  if (!resolved?.affiliateId) return null;
  if (assignSponsorOnce(tx, buyer.id, resolved.affiliateId) === 'loop') {
    if (resolved.kind === 'referral') throw orderErrors.REFERRAL_LOOP();
    return null;
  }
  return resolved.affiliateId;
}

/**
 * Takes an order for a package the buyer says they paid by UPI. The checks and the insert run in
 * one transaction: one live order per UTR, one pending order per buyer and package, nothing for a
 * package already owned. A buyer who opened the gateway's checkout for this package and paid by
 * scanning the QR instead gives the UTR to that same order (it then waits for an admin, and a
 * gateway payment arriving later is shown to the admin as a possible double payment).
 */
export function placeOrder(deps: Deps, buyerId: number, input: CheckoutInput & { utr: string }): OrderRow {
  const order = deps.db.transaction((tx) => {
    if (!deps.config.upiId) throw orderErrors.PAYMENTS_NOT_SET_UP();
    const { pkg, buyer, waiting, resolved, discount, pricePaise } = checkoutChecks(tx, deps.config, buyerId, input, deps.now());
    if (waiting && !isOpenGatewayOrder(waiting)) throw orderErrors.ORDER_WAITING();
    if (pricePaise === 0) throw discountErrors.CODE_MAKES_FREE();
    // Taken by a live order, a part of one, or reserved without an order (a legacy payment).
    if (isUtrTaken(tx, input.utr)) throw orderErrors.UTR_TAKEN();

    let placed: OrderRow;
    try {
      placed = waiting
        ? tx
            .update(orders)
            .set({
              utr: input.utr,
              paymentMethod: 'utr',
              buyerName: input.name,
              buyerEmail: input.email,
              ...(deps.config.gst && taxInvoiceFields(input)),
              ...pricedValues(pkg, discount, input.placedFrom),
            })
            .where(and(eq(orders.id, waiting.id), eq(orders.status, 'pending')))
            .returning()
            .get()!
        : insertOrder(tx, deps.config, deps.now(), { pkg, buyer, resolved, discount }, input, { utr: input.utr });
    } catch (error) {
      if (isUniqueViolation(error, 'orders.utr')) throw orderErrors.UTR_TAKEN();
      if (isUniqueViolation(error, 'orders.user_id')) throw orderErrors.ORDER_WAITING();
      throw error;
    }
    tellOfPayment(tx, deps, placed, buyer, pkg);
    return placed;
  });
  return order;
}

/**
 * The buyer's order to pay through the payment gateway: their open gateway order of this package
 * (the price it was opened at), or a new pending one, with the same checks as any checkout. The
 * gateway's own order is opened by the caller (features/payments) and recorded with
 * `recordGatewayOrder`.
 */
export function openGatewayOrder(deps: Deps, buyerId: number, input: CheckoutInput): OrderRow {
  return deps.db.transaction((tx) => {
    const { pkg, buyer, waiting, resolved, discount, pricePaise } = checkoutChecks(tx, deps.config, buyerId, input, deps.now());
    if (pricePaise === 0) throw discountErrors.CODE_MAKES_FREE();
    if (waiting) {
      if (!isOpenGatewayOrder(waiting)) throw orderErrors.ORDER_WAITING();
      if (waiting.amountPaise === pricePaise && waiting.discountCodeId === (discount?.codeId ?? null)) return waiting;
      // Opened before at another price (another code, or none): that one closes, a new one opens.
      tx.update(orders).set({ status: 'rejected', reason: 'Opened again at another price', decidedAt: deps.now() }).where(eq(orders.id, waiting.id)).run();
    }
    try {
      return insertOrder(tx, deps.config, deps.now(), { pkg, buyer, resolved, discount }, input, { paymentMethod: 'gateway' });
    } catch (error) {
      if (isUniqueViolation(error, 'orders.user_id')) throw orderErrors.ORDER_WAITING();
      throw error;
    }
  });
}

/** Records the gateway's order opened for one of ours (once: an order keeps its first gateway order). */
export function recordGatewayOrder(db: Db, orderId: number, gatewayOrderId: string): OrderRow {
  db.update(orders)
    .set({ gatewayOrderId })
    .where(and(eq(orders.id, orderId), isNull(orders.gatewayOrderId)))
    .run();
  return db.select().from(orders).where(eq(orders.id, orderId)).get()!;
}

/**
 * Closes an order opened for the gateway that was never paid (nor given a UTR): rejected, with the
 * reason, by nobody, without an email (the buyer only opened a payment window). Answers whether it
 * was still open.
 */
export function expireGatewayOrder(db: Db, orderId: number, now: number): boolean {
  const closed = db
    .update(orders)
    .set({ status: 'rejected', reason: 'Not paid within a day of opening the payment', decidedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), eq(orders.paymentMethod, 'gateway'), isNull(orders.utr)))
    .returning({ id: orders.id })
    .get();
  return closed !== undefined;
}

/** Closes a pending gateway order the gateway has answered only with errors for days (the reconcile job's GATEWAY_ERRORS_EXPIRE_MS). */
export function expireStuckGatewayOrder(db: Db, orderId: number, now: number): boolean {
  const closed = db
    .update(orders)
    .set({ status: 'rejected', reason: 'The payment gateway answered only with errors about this payment for 3 days', decidedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), eq(orders.paymentMethod, 'gateway'), isNull(orders.utr)))
    .returning({ id: orders.id })
    .get();
  return closed !== undefined;
}

/** Records the gateway payment that paid an order an admin approved by hand while it waited on the gateway. Answers whether it took. */
export function attachGatewayPayment(db: Db, orderId: number, gatewayPaymentId: string): boolean {
  const attached = db
    .update(orders)
    .set({ gatewayPaymentId })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'approved'), isNull(orders.utr), isNull(orders.gatewayPaymentId)))
    .returning({ id: orders.id })
    .get();
  return attached !== undefined;
}

/** Forgets an order the gateway could not open an order for, so the buyer can try again or pay by UTR. */
export function dropUnopenedGatewayOrder(db: Db, orderId: number): void {
  db.delete(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentMethod, 'gateway'), isNull(orders.gatewayOrderId), eq(orders.status, 'pending')))
    .run();
}

/** The admins told of orders (every admin and superadmin not deleted). */
export function activeAdmins(db: Queryable): UserRow[] {
  return db
    .select()
    .from(users)
    .where(and(inArray(users.role, ['admin', 'superadmin']), isNull(users.deletedAt)))
    .all();
}

/**
 * A UTR given: the admins' "verify this UTR" email, and the buyer's "payment received and being
 * checked" (on WhatsApp when they chose it), written in the order's transaction.
 */
export function tellOfPayment(
  tx: Queryable,
  deps: Pick<Deps, 'config' | 'notifier'>,
  order: OrderRow,
  buyer: UserRow,
  pkg: PackageRow,
  /** A part of an order paid in parts (the difference): its UTR and amount instead of the order's. */
  part?: { utr: string; amountPaise: number },
): void {
  const utr = part?.utr ?? order.utr ?? paymentReferenceOf(order);
  const amountPaise = part?.amountPaise ?? order.amountPaise;
  const eventKey = paymentReceivedKey({ id: order.id, utr });
  const partOfOrder = part ? standingWithPart(tx, order, part) : null;
  for (const admin of activeAdmins(tx)) {
    deps.notifier.enqueue(
      tx,
      noticeTo(admin, eventKey, newOrderEmail, {
        siteName: deps.config.siteName,
        buyer: order.buyerName,
        email: order.buyerEmail,
        pkg: pkg.name,
        amount: formatRupees(amountPaise),
        utr,
        link: `${deps.config.publicUrl}${pagePaths.adminPendingOrders}`,
        decided: order.status !== 'pending',
        part: partOfOrder,
      }),
    );
  }
  deps.notifier.enqueue(
    tx,
    noticeTo(
      buyer,
      eventKey,
      paymentReceivedEmail,
      {
        siteName: deps.config.siteName,
        name: buyer.name,
        pkg: pkg.name,
        amount: formatRupees(amountPaise),
        utr,
        hours: deps.config.approvalHoursHint,
        link: `${deps.config.publicUrl}${pagePaths.myCourses}`,
      },
      { kind: 'payment-received', payload: { orderId: String(order.id), packageName: pkg.name, amountPaise } },
    ),
  );
}

/** Where an order paid in parts stands with its newest part: what arrived before it, and the total with it, of the price. */
function standingWithPart(tx: Queryable, order: OrderRow, part: { utr: string; amountPaise: number }) {
  const earlierPaise = paymentPartsOf(tx, order.id)
    .filter((each) => each.utr !== part.utr)
    .reduce((sum, each) => sum + each.amountPaise, 0);
  return { earlier: formatRupees(earlierPaise), paidSoFar: formatRupees(earlierPaise + part.amountPaise), price: formatRupees(order.amountPaise) };
}

/** Tells admins that the gateway paid an order whose buyer had given a UTR for it too (decision 022), in the transaction that approved it. */
export function tellPaidTwice(tx: Queryable, deps: Deps, order: OrderRow): void {
  if (order.utr === null) return;
  const pkg = packageById(tx, order.packageId);
  for (const admin of activeAdmins(tx)) {
    deps.notifier.enqueue(
      tx,
      noticeTo(admin, `paid-twice:${order.id}`, paidTwiceEmail, {
        siteName: deps.config.siteName,
        buyer: order.buyerName,
        pkg: pkg.name,
        amount: formatRupees(order.amountPaise),
        utr: order.utr,
        link: `${deps.config.publicUrl}${pagePaths.adminPendingOrders}`,
      }),
    );
  }
}

/**
 * A package a code makes free: the order is taken and approved at once (access, no commission on
 * nothing paid, no receipt), marked as free everywhere. The code's checks and the limits are the
 * same as for a paid order.
 */
export function claimFreeOrder(deps: Deps, buyerId: number, input: CheckoutInput & { code: string }): OrderRow {
  const order = deps.db.transaction((tx) => {
    const { pkg, buyer, waiting, resolved, discount, pricePaise } = checkoutChecks(tx, deps.config, buyerId, input, deps.now());
    if (pricePaise !== 0 || !discount) throw discountErrors.CODE_NOT_FREE();
    if (waiting && !isOpenGatewayOrder(waiting)) throw orderErrors.ORDER_WAITING();
    if (waiting) {
      tx.update(orders).set({ status: 'rejected', reason: 'Replaced by a free order', decidedAt: deps.now() }).where(eq(orders.id, waiting.id)).run();
    }
    return insertOrder(tx, deps.config, deps.now(), { pkg, buyer, resolved, discount }, input, { paymentMethod: 'free' });
  });
  return approveFreeOrder(deps, order.id);
}
