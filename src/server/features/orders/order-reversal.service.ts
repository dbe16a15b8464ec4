import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { enrollments, ledger, orderReversals, orders, packages, users } from '../../db/schema.js';
import { formatRupees } from '../../../shared/money.js';
import { paymentReferenceOf } from '../../../shared/payment-reference.js';
import { bookCorrection } from '../affiliate/ledger.service.js';
import { giveBackOnReversal } from '../payouts/tds.service.js';
import { issueCreditNote, receiptOfOrder } from '../receipts/receipts.service.js';
import { revokeCertificatesOfPurchase } from '../certificates/certificates.service.js';
import { commissionReversedEmail, orderReversedBuyerEmail } from './order-reversal.emails.js';
import { reversalErrors } from './order-reversal.errors.js';
import { pagePaths } from '../../../shared/page-paths.js';
import type { Notifier } from '../../lib/notification-channel.js';
import { emailOf } from '../notifications/outbox.service.js';

type Deps = { db: Db; config: Config; notifier: Notifier; now: () => number };

export type Reversal = { orderId: number; buyerId: number; packageName: string; commissionPaise: number; sponsorId: number | null };

/**
 * Takes back an approved order (a mistaken approval, a fake UTR found later), once: the package
 * leaves the buyer's account and the sponsor's commission is taken back by a correction line
 * (never an edit), and a tax invoice gets its credit note, in one transaction. When that commission was already paid out, what the sponsor
 * is owed goes below zero and their next payout nets it. The order keeps its status `approved`;
 * the reversal row (with the reason, who and when) marks it. Buyer and sponsor are emailed.
 * The order is found by its UTR (an admin's reversal) or its id (a refund through the payment
 * gateway, which may be made by nobody here: a refund on the gateway's dashboard).
 */
export function reverseOrder(
  deps: Deps,
  adminId: number | null,
  input: ({ utr: string } | { orderId: number }) & { reason: string; gatewayRefundId?: string | undefined },
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
    const reversal = {
      orderId: order.id,
      buyerId: order.userId,
      packageName: pkg.name,
      utr: paymentReferenceOf(order),
      commissionPaise: commission?.amountPaise ?? 0,
      sponsorId: commission?.userId ?? null,
      creditNote: creditNote && { number: creditNote.number, invoice: receiptOfOrder(tx, order.id)!.number },
    };
    tellOfReversal(tx, deps, reversal, input.reason);
    return reversal;
  });
}

/** The buyer's and the sponsor's messages of a reversal, in its transaction. */
function tellOfReversal(
  tx: Queryable,
  deps: Deps,
  reversal: Reversal & { utr: string; creditNote: { number: string; invoice: string } | null },
  reason: string,
): void {
  const site = deps.config.siteName;
  const buyer = tx.select().from(users).where(eq(users.id, reversal.buyerId)).get();
  if (buyer && buyer.deletedAt === null) {
    deps.notifier.enqueue(tx, {
      eventKey: `order-reversed:${reversal.orderId}`,
      to: { userId: buyer.id },
      lang: buyer.lang,
      email: emailOf(orderReversedBuyerEmail, {
        siteName: site,
        name: buyer.name,
        pkg: reversal.packageName,
        utr: reversal.utr,
        reason,
        link: `${deps.config.publicUrl}${pagePaths.contact}`,
        creditNote: reversal.creditNote?.number ?? null,
        invoice: reversal.creditNote?.invoice ?? null,
      }),
    });
  }
  if (reversal.sponsorId === null) return;
  const sponsor = tx.select().from(users).where(eq(users.id, reversal.sponsorId)).get();
  if (!sponsor || sponsor.deletedAt !== null) return;
  deps.notifier.enqueue(tx, {
    eventKey: `commission-reversed:${reversal.orderId}`,
    to: { userId: sponsor.id },
    lang: sponsor.lang,
    email: emailOf(commissionReversedEmail, {
      siteName: site,
      name: sponsor.name,
      pkg: reversal.packageName,
      amount: formatRupees(reversal.commissionPaise),
      reason,
      owed: formatRupees(sponsor.earnedPaise - sponsor.paidPaise),
      link: `${deps.config.publicUrl}${pagePaths.payouts}`,
    }),
  });
}
