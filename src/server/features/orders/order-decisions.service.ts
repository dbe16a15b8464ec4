import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { prepared, setParam, type Db } from '../../db/client.js';
import { enrollments, orders, type OrderRow, type PackageRow, type UserRow } from '../../db/schema.js';
import type { Language, OrderStatus } from '../../../shared/domain.js';
import { tdsLawOfYear } from '../../../shared/tds-law.js';
import { formatRupees } from '../../../shared/money.js';
import { paymentReferenceOf } from '../../../shared/payment-reference.js';
import { errorTexts, type ErrorTexts } from '../../lib/errors.js';
import { renderEmail, type MailMessage, type Mailer } from '../../lib/mailer.js';
import { firstNameOf } from '../affiliate/earnings-history.service.js';
import { bookCommission, commissionFor } from '../affiliate/ledger.service.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { packageById } from '../catalog/catalog.service.js';
import { issueReceipt, receiptOfOrder } from '../receipts/receipts.service.js';
import { withholdOnCredit, type CreditTds } from '../payouts/tds.service.js';
import { receiptErrors } from '../receipts/receipts.errors.js';
import { receiptLines, toReceiptView } from '../receipts/receipts.views.js';
import { commissionEarnedEmail, orderApprovedEmail, orderRejectedEmail } from './orders.emails.js';
import { orderErrors } from './orders.errors.js';
import { pagePaths, pathTo } from '../../../shared/page-paths.js';

export type OrderDeps = { db: Db; config: Config; mailer: Mailer; now: () => number; log: FastifyBaseLogger };
type Deps = OrderDeps;

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

/** Approves a free order (a code that took the whole price) at once, by nobody, as `claimFreeOrder` takes it. */
export function approveFreeOrder(deps: Deps, orderId: number): OrderRow {
  return decide(deps, null, { orderId, action: 'approve' }, null);
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
