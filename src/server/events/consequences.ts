import type { Config } from '../config.js';
import type { DomainEvents } from '../lib/domain-events.js';
import type { Notifier } from '../lib/notification-channel.js';
import { registerCertificateConsequences } from './certificates.js';
import { registerDripConsequences } from './drip.js';
import { registerOrderDecisionConsequences } from './order-approval.js';
import { registerOrderDifferenceConsequences } from './order-difference.js';
import { registerOrderPartsRefundConsequences } from './order-parts-refund.js';
import { registerOrderReversalConsequences } from './order-reversal.js';
import { registerPayoutConsequences } from './payouts.js';

/** Every event's handlers, registered once where the app is put together (http/app.ts). */
export function registerEventConsequences(events: DomainEvents, deps: { config: Config; notifier: Notifier }): void {
  registerOrderDecisionConsequences(events, deps);
  registerOrderDifferenceConsequences(events, deps);
  registerOrderPartsRefundConsequences(events, deps);
  registerOrderReversalConsequences(events, deps);
  registerPayoutConsequences(events, deps);
  registerCertificateConsequences(events, deps);
  registerDripConsequences(events, deps);
}
