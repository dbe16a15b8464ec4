import { decideOrder } from '../server/features/orders/order-decisions.service.js';
import type { TestApp } from './test-app.js';
import { createPackage, createUser, insertPendingOrder } from './factories.js';

let utr = 700_000_000_000;

/**
 * Makes `earnerId` earn `amountPaise` at time `at` the way it happens for real: a buyer they
 * sponsor orders a package with that commission and an admin approves it.
 */
export async function earnCommission(t: TestApp, input: { earnerId: number; adminId: number; amountPaise: number; at: number }) {
  const pkg = createPackage(t.db, { pricePaise: Math.max(input.amountPaise * 2, 100), commissionPaise: input.amountPaise });
  const buyer = await createUser(t.db, { sponsorId: input.earnerId });
  utr += 1;
  const order = insertPendingOrder(t.db, { buyer, pkg, utr: String(utr), referrerId: input.earnerId, at: input.at });
  decideOrder({ ...t.deps, now: () => input.at }, input.adminId, { orderId: order.id, action: 'approve' });
  return { order, buyer, pkg };
}
