import type { Config } from '../config.js';
import { formatRupees } from '../../shared/money.js';
import { pagePaths } from '../../shared/page-paths.js';
import { findActiveUser } from '../features/auth/accounts.service.js';
import { packageById } from '../features/catalog/catalog.service.js';
import { noticeTo } from '../features/notifications/outbox.service.js';
import { activeAdmins } from '../features/orders/checkout.service.js';
import { partsRefundDueAdminEmail, partsRefundDueEmail, partsRefundedEmail } from '../features/orders/orders.emails.js';
import type { DomainEvents, EventOf } from '../lib/domain-events.js';
import type { Notifier } from '../lib/notification-channel.js';

type Deps = { config: Config; notifier: Notifier };

/**
 * The messages of UPI parts made surplus by the gateway's full payment, each written as outbox
 * rows in the event's transaction: when they become due to be sent back, one email to each admin
 * (as for a double payment) and the buyer's message; when an admin marks them sent back from the
 * bank, the buyer's message. The buyer's go on WhatsApp when they chose it. Registered once, at wiring.
 */
export function registerOrderPartsRefundConsequences(events: DomainEvents, deps: Deps): void {
  events.on('order-parts-refund-due', (tx, event) => {
    const { order } = event;
    const pkg = packageById(tx, order.packageId);
    const parts = partsOf(event, pkg.name);
    const eventKey = `parts-refund-due:${order.id}`;
    for (const admin of activeAdmins(tx)) {
      deps.notifier.enqueue(
        tx,
        noticeTo(admin, eventKey, partsRefundDueAdminEmail, {
          siteName: deps.config.siteName,
          ...parts,
          buyer: order.buyerName,
          email: order.buyerEmail,
          price: formatRupees(order.amountPaise),
          paymentId: order.gatewayPaymentId ?? '',
          link: `${deps.config.publicUrl}${pagePaths.adminPendingOrders}`,
        }),
      );
    }
    const buyer = findActiveUser(tx, order.userId);
    if (!buyer) return;
    deps.notifier.enqueue(
      tx,
      noticeTo(
        buyer,
        eventKey,
        partsRefundDueEmail,
        { siteName: deps.config.siteName, ...parts, name: buyer.name, link: `${deps.config.publicUrl}${pagePaths.myCourses}#my-orders` },
        { kind: 'parts-refund-due', payload: { orderId: parts.orderId, packageName: pkg.name, amountPaise: event.amountPaise } },
      ),
    );
  });
  events.on('order-parts-refunded', (tx, event) => {
    const buyer = findActiveUser(tx, event.order.userId);
    if (!buyer) return;
    const pkg = packageById(tx, event.order.packageId);
    const parts = partsOf(event, pkg.name);
    deps.notifier.enqueue(
      tx,
      noticeTo(
        buyer,
        `parts-refunded:${event.order.id}`,
        partsRefundedEmail,
        { siteName: deps.config.siteName, ...parts, name: buyer.name, link: `${deps.config.publicUrl}${pagePaths.myCourses}#my-orders` },
        { kind: 'parts-refunded', payload: { orderId: parts.orderId, packageName: pkg.name, amountPaise: event.amountPaise } },
      ),
    );
  });
}

/** The order, its package, the sum to send back and each UPI part on its own line (`UTR 812345678901: ₹899`). */
function partsOf(event: EventOf<'order-parts-refund-due' | 'order-parts-refunded'>, pkg: string) {
  return {
    orderId: String(event.order.id),
    pkg,
    amount: formatRupees(event.amountPaise),
    utrs: event.parts.map((part) => `UTR ${part.utr}: ${formatRupees(part.amountPaise)}`),
  };
}
