import type { Config } from '../config.js';
import { formatRupees } from '../../shared/money.js';
import { pagePaths } from '../../shared/page-paths.js';
import { findActiveUser } from '../features/auth/accounts.service.js';
import { packageById } from '../features/catalog/catalog.service.js';
import { noticeTo } from '../features/notifications/outbox.service.js';
import { tellOfPayment } from '../features/orders/checkout.service.js';
import { differenceAskedEmail } from '../features/orders/orders.emails.js';
import type { DomainEvents } from '../lib/domain-events.js';
import type { Notifier } from '../lib/notification-channel.js';

type Deps = { config: Config; notifier: Notifier };

/**
 * The messages of a short payment, each written as outbox rows in the event's transaction: when
 * the admin asks for the difference, the buyer is told what arrived and what remains (by email, or
 * on WhatsApp when they chose it); when the buyer sends the rest, the admins' "verify this UTR" and
 * the buyer's "received, being checked", as for a first UTR. Registered once, at wiring.
 */
export function registerOrderDifferenceConsequences(events: DomainEvents, deps: Deps): void {
  events.on('order-difference-asked', (tx, { order, receivedPaise, remainderPaise }) => {
    const buyer = findActiveUser(tx, order.userId);
    if (!buyer) return;
    const pkg = packageById(tx, order.packageId);
    // One message per round: a second shortfall on the same order is told again.
    const eventKey = `difference-asked:${order.id}:${remainderPaise}:${order.decidedAt}`;
    deps.notifier.enqueue(
      tx,
      noticeTo(
        buyer,
        eventKey,
        differenceAskedEmail,
        {
          siteName: deps.config.siteName,
          name: buyer.name,
          pkg: pkg.name,
          utr: order.utr ?? '',
          received: formatRupees(receivedPaise),
          remainder: formatRupees(remainderPaise),
          reason: order.reason,
          link: `${deps.config.publicUrl}${pagePaths.myCourses}#my-orders`,
        },
        { kind: 'difference-asked', payload: { orderId: String(order.id), packageName: pkg.name, receivedPaise, remainderPaise } },
      ),
    );
  });
  events.on('order-difference-paid', (tx, { order, utr, amountPaise }) => {
    const buyer = findActiveUser(tx, order.userId);
    if (!buyer) return;
    tellOfPayment(tx, deps, order, buyer, packageById(tx, order.packageId), { utr, amountPaise });
  });
}
