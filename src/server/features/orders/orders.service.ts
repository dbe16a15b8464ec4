import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { prepared, setParam, type Db, type Queryable } from '../../db/client.js';
import { enrollments, orderReversals, orders, packages, reservedUtrs, users, type OrderRow, type PackageRow, type UserRow } from '../../db/schema.js';
import type { Language, OrderStatus } from '../../../shared/domain.js';
import { tdsLawOfYear } from '../../../shared/tds-law.js';
import { formatRupees } from '../../../shared/money.js';
import { paymentReferenceOf } from '../../../shared/payment-reference.js';
import { errorTexts, type ErrorTexts } from '../../lib/errors.js';
import { renderEmail, type MailMessage, type Mailer } from '../../lib/mailer.js';
import { listWindow } from '../../lib/list-window.js';
import { containsAny } from '../../lib/search.js';
import { upiPaymentLink, upiQrDataUrl } from '../../lib/upi-link.js';
import { firstNameOf } from '../affiliate/earnings-history.service.js';
import { bookCommission, commissionFor } from '../affiliate/ledger.service.js';
import { assignSponsorOnce, findActiveUser, findActiveUserByReferralCode } from '../auth/accounts.service.js';
import { countCodeTry, discountFor, type AppliedDiscount } from '../discounts/discounts.service.js';
import { checkoutOf, type CheckoutFields } from '../../../shared/checkout-input.js';
import { placedFromOf } from '../../lib/request-info.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { discountErrors } from '../discounts/discounts.errors.js';
import { hasBought, packageById } from '../catalog/catalog.service.js';
import { issueReceipt, receiptOfOrder } from '../receipts/receipts.service.js';
import { withholdOnCredit, type CreditTds } from '../payouts/tds.service.js';
import { receiptErrors } from '../receipts/receipts.errors.js';
import { receiptLines, toReceiptView } from '../receipts/receipts.views.js';
import { commissionEarnedEmail, newOrderEmail, orderApprovedEmail, orderRejectedEmail, paidTwiceEmail } from './orders.emails.js';
import { orderErrors } from './orders.errors.js';
import { pagePaths, pathTo } from '../../../shared/page-paths.js';
import { accountErrors } from '../../lib/account.errors.js';
import { catalogErrors } from '../catalog/catalog.errors.js';

type Deps = { db: Db; config: Config; mailer: Mailer; now: () => number; log: FastifyBaseLogger };

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
  const discount = code ? discountFor(deps.db, deps.config, { code, buyerId: userId, pkg, now: deps.now() }) : null;
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
  referralId?: string | undefined;
  packageId: number;
  /** Asked only when the site issues tax invoices (GSTIN set). */
  buyerState?: string | undefined;
  buyerPin?: string | undefined;
  /** A business buyer's GSTIN (optional): its state code is then the place of supply. */
  buyerGstin?: string | undefined;
  /** A discount code (a coupon or an affiliate's own code). */
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
  const waiting = tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, buyerId), eq(orders.packageId, pkg.id), eq(orders.status, 'pending')))
    .get();
  const discount = input.code ? discountFor(tx, config, { code: input.code, buyerId, pkg, now }) : null;
  return { pkg, buyer, waiting, discount, pricePaise: discount?.pricePaise ?? pkg.pricePaise };
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

/** What a discount code does for this buyer and package: the price before and after, and who becomes the sponsor. */
export function quoteCode(deps: Deps, buyerId: number, input: { packageId: number; code: string }) {
  const pkg = packageOnSale(deps.db, input.packageId);
  if (hasBought(deps.db, buyerId, pkg.id)) throw orderErrors.ALREADY_OWNED();
  const discount = discountFor(deps.db, deps.config, { code: input.code, buyerId, pkg, now: deps.now() });
  const buyer = findActiveUser(deps.db, buyerId);
  const hasSponsor = buyer?.sponsorId != null && findActiveUser(deps.db, buyer.sponsorId) !== undefined;
  const affiliate = discount.affiliateId !== null && !hasSponsor ? findActiveUser(deps.db, discount.affiliateId) : undefined;
  return { pkg, discount, sponsorName: affiliate ? firstName(affiliate.name) : null };
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
  checked: { pkg: PackageRow; buyer: UserRow; discount: AppliedDiscount | null },
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
      referrerId: referrerFor(tx, checked.buyer, input.referralId, checked.discount),
      buyerName: input.name,
      buyerEmail: input.email,
      ...(config.gst && taxInvoiceFields(input)),
      createdAt: now,
    })
    .returning()
    .get();
}

/**
 * The order's referrer: the buyer's sponsor, or else the referral ID given, which then becomes the
 * sponsor (once, never self, never a loop). A deleted sponsor counts as none: the buyer may name a
 * new one (docs/decisions/055-deleted-users-and-money.md). An affiliate's code stands for their referral ID when none was
 * typed; a buyer who already has a sponsor keeps them (the code still gives its discount). When an
 * affiliate's code would make a loop, the discount stays and nobody becomes the sponsor.
 */
function referrerFor(tx: Queryable, buyer: UserRow, referralId: string | undefined, discount: AppliedDiscount | null = null): number | null {
  const sponsorActive = buyer.sponsorId !== null && findActiveUser(tx, buyer.sponsorId) !== undefined;
  if (sponsorActive) return buyer.sponsorId;
  if (!referralId && discount?.affiliateId) {
    return assignSponsorOnce(tx, buyer.id, discount.affiliateId) === 'loop' ? null : discount.affiliateId;
  }
  if (!referralId) return null;
  const sponsor = findActiveUserByReferralCode(tx, referralId);
  if (!sponsor) throw orderErrors.REFERRAL_UNKNOWN();
  if (sponsor.id === buyer.id) throw orderErrors.REFERRAL_SELF();
  if (assignSponsorOnce(tx, buyer.id, sponsor.id) === 'loop') throw orderErrors.REFERRAL_LOOP();
  return sponsor.id;
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
    const { pkg, buyer, waiting, discount, pricePaise } = checkoutChecks(tx, deps.config, buyerId, input, deps.now());
    if (waiting && !isOpenGatewayOrder(waiting)) throw orderErrors.ORDER_WAITING();
    if (pricePaise === 0) throw discountErrors.CODE_MAKES_FREE();
    const utrTaken = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.utr, input.utr), inArray(orders.status, ['pending', 'approved'])))
      .get();
    // A UTR reserved without an order (a successful legacy payment that did not come over as one) is taken too.
    if (utrTaken || tx.select({ utr: reservedUtrs.utr }).from(reservedUtrs).where(eq(reservedUtrs.utr, input.utr)).get()) throw orderErrors.UTR_TAKEN();

    try {
      if (waiting) {
        return tx
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
          .get()!;
      }
      return insertOrder(tx, deps.config, deps.now(), { pkg, buyer, discount }, input, { utr: input.utr });
    } catch (error) {
      if (isUniqueViolation(error, 'orders.utr')) throw orderErrors.UTR_TAKEN();
      if (isUniqueViolation(error, 'orders.user_id')) throw orderErrors.ORDER_WAITING();
      throw error;
    }
  });
  deps.mailer.sendLater(() => newOrderEmails(deps, order));
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
    const { pkg, buyer, waiting, discount, pricePaise } = checkoutChecks(tx, deps.config, buyerId, input, deps.now());
    if (pricePaise === 0) throw discountErrors.CODE_MAKES_FREE();
    if (waiting) {
      if (!isOpenGatewayOrder(waiting)) throw orderErrors.ORDER_WAITING();
      if (waiting.amountPaise === pricePaise && waiting.discountCodeId === (discount?.codeId ?? null)) return waiting;
      // Opened before at another price (another code, or none): that one closes, a new one opens.
      tx.update(orders).set({ status: 'rejected', reason: 'Opened again at another price', decidedAt: deps.now() }).where(eq(orders.id, waiting.id)).run();
    }
    try {
      return insertOrder(tx, deps.config, deps.now(), { pkg, buyer, discount }, input, { paymentMethod: 'gateway' });
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

function activeAdmins(db: Queryable): UserRow[] {
  return db
    .select()
    .from(users)
    .where(and(inArray(users.role, ['admin', 'superadmin']), isNull(users.deletedAt)))
    .all();
}

/** The admins' "verify this UTR" email, written as the order stands when it is sent: an order already decided says so. */
function newOrderEmails(deps: Deps, placed: OrderRow): MailMessage[] {
  const order = deps.db.select().from(orders).where(eq(orders.id, placed.id)).get() ?? placed;
  const pkg = packageById(deps.db, order.packageId);
  return activeAdmins(deps.db).map((admin) =>
    renderEmail(
      newOrderEmail,
      admin.lang,
      {
        siteName: deps.config.siteName,
        buyer: order.buyerName,
        email: order.buyerEmail,
        pkg: pkg.name,
        amount: formatRupees(order.amountPaise),
        utr: order.utr ?? paymentReferenceOf(placed),
        link: `${deps.config.publicUrl}${pagePaths.adminPendingOrders}`,
        decided: order.status !== 'pending',
      },
      admin.email,
    ),
  );
}

/** Tells admins that the gateway paid an order whose buyer had given a UTR for it too (decision 022). */
export function paidTwiceEmails(deps: Deps, order: OrderRow): void {
  if (order.utr === null) return;
  const utr = order.utr;
  deps.mailer.sendLater(() => {
    const pkg = packageById(deps.db, order.packageId);
    return activeAdmins(deps.db).map((admin) =>
      renderEmail(
        paidTwiceEmail,
        admin.lang,
        {
          siteName: deps.config.siteName,
          buyer: order.buyerName,
          pkg: pkg.name,
          amount: formatRupees(order.amountPaise),
          utr,
          link: `${deps.config.publicUrl}${pagePaths.adminPendingOrders}`,
        },
        admin.email,
      ),
    );
  });
}

/**
 * An affiliate buying for themself through another account earns nothing on it: the order's email
 * (as typed at checkout) or the buyer's account email or phone is the sponsor's own.
 */
function isSelfPurchase(sponsor: UserRow, buyer: UserRow | undefined, order: OrderRow): boolean {
  const sponsorEmail = sponsor.email.toLowerCase();
  if (order.buyerEmail.trim().toLowerCase() === sponsorEmail) return true;
  if (buyer && buyer.email.toLowerCase() === sponsorEmail) return true;
  return Boolean(buyer?.phone && sponsor.phone && buyer.phone === sponsor.phone);
}

/**
 * A package a code makes free: the order is taken and approved at once (access, no commission on
 * nothing paid, no receipt), marked as free everywhere. The code's checks and the limits are the
 * same as for a paid order.
 */
export function claimFreeOrder(deps: Deps, buyerId: number, input: CheckoutInput & { code: string }): OrderRow {
  const order = deps.db.transaction((tx) => {
    const { pkg, buyer, waiting, discount, pricePaise } = checkoutChecks(tx, deps.config, buyerId, input, deps.now());
    if (pricePaise !== 0 || !discount) throw discountErrors.CODE_NOT_FREE();
    if (waiting && !isOpenGatewayOrder(waiting)) throw orderErrors.ORDER_WAITING();
    if (waiting) {
      tx.update(orders).set({ status: 'rejected', reason: 'Replaced by a free order', decidedAt: deps.now() }).where(eq(orders.id, waiting.id)).run();
    }
    return insertOrder(tx, deps.config, deps.now(), { pkg, buyer, discount }, input, { paymentMethod: 'free' });
  });
  return decide(deps, null, { orderId: order.id, action: 'approve' }, null);
}

/** The sponsor's commission an approval booked. */
type Commission = { referrerId: number; amountPaise: number; tds: CreditTds };

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
 * nobody, recording the gateway's payment. Refused like an admin's when the order was decided.
 */
export function approvePaidOrder(deps: Deps, orderId: number, gatewayPaymentId: string): OrderRow {
  return decide(deps, null, { orderId, action: 'approve' }, gatewayPaymentId);
}

function decide(deps: Deps, decidedBy: number | null, decision: Decision, gatewayPaymentId: string | null): OrderRow {
  const now = deps.now();
  const { order: decided, commission } = deps.db.transaction((tx): { order: OrderRow; commission: Commission | null } => {
    const existing = prepared(tx, 'orders.statusById', () =>
      tx
        .select({ id: orders.id, userId: orders.userId, status: orders.status })
        .from(orders)
        .where(eq(orders.id, sql.placeholder('orderId')))
        .prepare(),
    ).get({ orderId: decision.orderId });
    if (!existing) throw orderErrors.ORDER_NOT_FOUND();
    // Deleting a user rejects their waiting orders; this covers an order that still waits anyway.
    if (decision.action === 'approve' && existing.status === 'pending' && !findActiveUser(tx, existing.userId)) throw orderErrors.BUYER_DELETED();
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
        .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.status, 'pending')))
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

    let commission: Commission | null = null;
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
      const referrer = order.referrerId === null ? undefined : findActiveUser(tx, order.referrerId);
      if (referrer && !isSelfPurchase(referrer, findActiveUser(tx, order.userId), order)) {
        const pkg = packageById(tx, order.packageId);
        const amountPaise = commissionFor(pkg, order.amountPaise, deps.config.commissionPercent, order.listPricePaise ?? order.amountPaise);
        if (amountPaise > 0) {
          bookCommission(tx, { userId: referrer.id, orderId: order.id, amountPaise, now });
          const tds = withholdOnCredit(tx, deps.config.tds, { userId: referrer.id, orderId: order.id, amountPaise, at: now });
          commission = { referrerId: referrer.id, amountPaise, tds };
        }
      }
      // Nothing paid, nothing to receipt: a free order (a code that took the whole price) has none.
      if (order.amountPaise > 0) issueReceipt(tx, deps.config, order, now);
    }
    return { order, commission };
  });
  deps.mailer.sendLater(() => decisionEmails(deps, decided, commission));
  return decided;
}

/** The buyer's email of a decision, and the sponsor's of the commission it booked; none once the buyer is gone. */
function decisionEmails(deps: Deps, order: OrderRow, commission: Commission | null): MailMessage[] {
  const buyer = findActiveUser(deps.db, order.userId);
  if (!buyer) return [];
  const pkg = packageById(deps.db, order.packageId);
  const emails = [buyerEmail(deps, order, buyer, pkg)];
  const sponsor = commission && findActiveUser(deps.db, commission.referrerId);
  if (commission && sponsor) emails.push(sponsorEmail(deps, sponsor, buyer, pkg, commission));
  return emails;
}

/** The buyer's first name only: the sponsor learns who bought, not their full name. */
export const firstName = firstNameOf;

/** What the commission email says of the TDS on this credit, in the sponsor's language: how much and under which section, or why none. */
function tdsSentence(lang: Language, tds: CreditTds, threshold: number): string {
  if (tds.withheld) {
    const row = tds.withheld;
    const law = tdsLawOfYear(row.fyStart);
    const amounts = { tds: formatRupees(row.tdsPaise), rate: String(row.rateBp / 100), base: formatRupees(row.basePaise) };
    return lang === 'mr'
      ? `या कमिशनवर कापलेला TDS: ${amounts.tds} (${amounts.base} वर ${amounts.rate}%, ${law.act}, कलम ${law.section}). हा TDS तुमच्या PAN वर सरकारकडे जमा केला जातो.`
      : `TDS withheld on it: ${amounts.tds} (${amounts.rate}% on ${amounts.base}, ${law.act}, section ${law.section}). It is paid to the government against your PAN.`;
  }
  const year = formatRupees(tds.creditedInYearPaise);
  const limit = formatRupees(threshold);
  if (tds.why === 'within_threshold') {
    return lang === 'mr'
      ? `यावर TDS कापलेला नाही: या आर्थिक वर्षातील तुमचे कमिशन (${year}) ${limit} च्या मर्यादेत आहे.`
      : `No TDS was withheld on it: your commission this financial year (${year}) is within the ${limit} threshold.`;
  }
  if (tds.why === 'already_withheld') {
    return lang === 'mr'
      ? 'यावर TDS कापलेला नाही: या आर्थिक वर्षात आधीच कापलेला TDS यालाही पुरतो.'
      : 'No TDS was withheld on it: the TDS already withheld this financial year covers it.';
  }
  return lang === 'mr' ? 'यावर TDS कापलेला नाही: आम्ही कमिशनवर TDS कापत नाही.' : 'No TDS was withheld on it: we do not withhold TDS on commission.';
}

function sponsorEmail(deps: Deps, sponsor: UserRow, buyer: UserRow, pkg: PackageRow, commission: Commission): MailMessage {
  const amountPaise = commission.amountPaise;
  return renderEmail(
    commissionEarnedEmail,
    sponsor.lang,
    {
      siteName: deps.config.siteName,
      name: sponsor.name,
      buyer: firstName(buyer.name),
      pkg: pkg.name,
      amount: formatRupees(amountPaise),
      tds: tdsSentence(sponsor.lang, commission.tds, deps.config.tds.thresholdPaise),
      link: `${deps.config.publicUrl}${pathTo(pagePaths.dashboard, { id: sponsor.id })}`,
    },
    sponsor.email,
  );
}

function buyerEmail(deps: Deps, order: OrderRow, buyer: UserRow, pkg: PackageRow): MailMessage {
  const siteName = deps.config.siteName;
  return order.status === 'approved'
    ? renderEmail(
        orderApprovedEmail,
        buyer.lang,
        { siteName, name: buyer.name, pkg: pkg.name, link: `${deps.config.publicUrl}${pagePaths.myCourses}`, ...approvalReceipt(deps, order, buyer.lang) },
        buyer.email,
      )
    : renderEmail(
        orderRejectedEmail,
        buyer.lang,
        {
          siteName,
          name: buyer.name,
          pkg: pkg.name,
          utr: paymentReferenceOf(order),
          reason: order.reason,
          link: `${deps.config.publicUrl}${pagePaths.contact}`,
        },
        buyer.email,
      );
}

/** The receipt's text and page for the approval email (an order approved before receipts existed has none). */
function approvalReceipt(deps: Deps, order: OrderRow, lang: 'en' | 'mr'): { receipt: string[] | null; receiptLink: string | null } {
  const receipt = receiptOfOrder(deps.db, order.id);
  if (!receipt) return { receipt: null, receiptLink: null };
  return { receipt: receiptLines(toReceiptView(receipt), lang), receiptLink: `${deps.config.publicUrl}${pathTo(pagePaths.receipt, { orderId: order.id })}` };
}

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
};

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
  return { orders: rows, total: countOrders(db, where, search), pageSize: window.pageSize };
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
  const where = and(inArray(orders.status, ['approved', 'rejected']), search);
  const rows = selectDetails(db)
    .where(where)
    .orderBy(desc(orders.decidedAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((options.page - 1) * ORDERS_PAGE_SIZE)
    .all();
  return { orders: rows, total: countOrders(db, where, search) };
}

/** A buyer's own orders, newest first. */
export function ordersOf(db: Queryable, userId: number): OrderDetails[] {
  return selectDetails(db).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).all();
}

export function orderDetails(db: Queryable, orderId: number): OrderDetails | undefined {
  return prepared(db, 'orders.detailsById', () =>
    selectDetails(db)
      .where(eq(orders.id, sql.placeholder('orderId')))
      .prepare(),
  ).get({ orderId });
}
