import type { Config } from '../config.js';
import type { Queryable } from '../db/client.js';
import { formatRupees } from '../../shared/money.js';
import { pagePaths } from '../../shared/page-paths.js';
import { findActiveUser } from '../features/auth/accounts.service.js';
import { noticeTo } from '../features/notifications/outbox.service.js';
import { commissionReversedEmail, orderReversedBuyerEmail } from '../features/orders/order-reversal.emails.js';
import type { DomainEvents, OrderReversal } from '../lib/domain-events.js';
import type { Notifier } from '../lib/notification-channel.js';

type Deps = { config: Config; notifier: Notifier };

/**
 * What a reversal tells, in its transaction: the buyer that the package left their account (with
 * the credit note), the sponsor that the commission was taken back (with what is owed now). A
 * refund on the gateway is a reversal too, told the same way. `orders` publishes both events and
 * knows none of this.
 */
export function registerOrderReversalConsequences(events: DomainEvents, deps: Deps): void {
  events.on('order-reversed', (tx, { reversal }) => tellOfReversal(tx, deps, reversal));
  events.on('order-refunded', (tx, { reversal }) => tellOfReversal(tx, deps, reversal));
}

function tellOfReversal(tx: Queryable, deps: Deps, reversal: OrderReversal): void {
  const site = deps.config.siteName;
  const buyer = findActiveUser(tx, reversal.buyerId);
  if (buyer) {
    deps.notifier.enqueue(
      tx,
      noticeTo(buyer, `order-reversed:${reversal.orderId}`, orderReversedBuyerEmail, {
        siteName: site,
        name: buyer.name,
        pkg: reversal.packageName,
        utr: reversal.utr,
        reason: reversal.reason,
        link: `${deps.config.publicUrl}${pagePaths.contact}`,
        creditNote: reversal.creditNote?.number ?? null,
        invoice: reversal.creditNote?.invoice ?? null,
      }),
    );
  }
  const sponsor = reversal.sponsorId === null ? undefined : findActiveUser(tx, reversal.sponsorId);
  if (!sponsor) return;
  deps.notifier.enqueue(
    tx,
    noticeTo(sponsor, `commission-reversed:${reversal.orderId}`, commissionReversedEmail, {
      siteName: site,
      name: sponsor.name,
      pkg: reversal.packageName,
      amount: formatRupees(reversal.commissionPaise),
      reason: reversal.reason,
      owed: formatRupees(sponsor.earnedPaise - sponsor.paidPaise),
      link: `${deps.config.publicUrl}${pagePaths.payouts}`,
    }),
  );
}
