import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnCommission } from '../../../test/earnings.js';
import { createUserWithToken } from '../../../test/factories.js';
import { startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { payoutDetailsInput } from '../../../shared/payout-details.js';
import { reverseOrder } from '../orders/order-reversal.service.js';
import { makeBatch } from './batches.service.js';
import { payoutsHome, requestPayout, savePayoutDetails, clearCommissionHold } from './payouts.service.js';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.js';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(Date.parse('2026-11-01T10:00:00+05:30'));
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await startTestApp({ env: { COMMISSION_HOLD_DAYS: '7', PAYOUT_MINIMUM_RUPEES: '100' }, now: clock.now });
  admin = await createUserWithToken(t.db, { role: 'admin' });
});
afterAll(() => t.close());

describe('COMMISSION_HOLD_DAYS', () => {
  it('keeps a commission from being asked for or batched until its hold is over, so a reversal inside it leaves no debt', async () => {
    const asha = await createUserWithToken(t.db);
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse({ method: 'upi', upiId: 'asha@okaxis' }));
    const first = await earnCommission(t, { earnerId: asha.user.id, adminId: admin.user.id, amountPaise: 500_00, at: clock.now() });
    expect(payoutsHome(t.db, t.deps.config, asha.user.id, clock.now()).balance).toMatchObject({ owedPaise: 500_00, heldPaise: 500_00, requestablePaise: 0 });
    expect(() => requestPayout(t.deps, asha.user.id)).toThrow();
    expect(() => makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] })).toThrow('Nobody selected can be paid now');

    // Reversed inside the hold: nothing was paid, nothing is owed back.
    reverseOrder(t.deps, admin.user.id, { utr: first.order.utr!, reason: 'Fake UTR' });
    expect(payoutsHome(t.db, t.deps.config, asha.user.id, clock.now()).balance).toMatchObject({ owedPaise: 0, heldPaise: 0, requestablePaise: 0 });

    const second = clock.now();
    await earnCommission(t, { earnerId: asha.user.id, adminId: admin.user.id, amountPaise: 300_00, at: second });
    // The page says from when it can be asked for.
    expect(payoutsHome(t.db, t.deps.config, asha.user.id, clock.now()).balance).toMatchObject({
      heldPaise: 300_00,
      heldForReview: false,
      heldUntil: second + 7 * DAY,
    });
    clock.advance(7 * DAY + 1000);
    expect(payoutsHome(t.db, t.deps.config, asha.user.id, clock.now()).balance).toMatchObject({ owedPaise: 300_00, heldPaise: 0, requestablePaise: 300_00 });
    expect(requestPayout(t.deps, asha.user.id)).toMatchObject({ amountPaise: 300_00 });
  });

  it("holds a flagged affiliate's commissions, past their days, until an admin clears them; new ones wait again", async () => {
    const ravi = await createUserWithToken(t.db);
    savePayoutDetails(t.deps, ravi.user.id, payoutDetailsInput.parse({ method: 'upi', upiId: 'ravi@okaxis' }));
    for (const amountPaise of [400_00, 400_00]) await earnCommission(t, { earnerId: ravi.user.id, adminId: admin.user.id, amountPaise, at: clock.now() });
    // Two "buyers" placed their orders from one browser: the fraud screen flags Ravi.
    t.db.update(orders).set({ placedDevice: 'one-phone' }).where(eq(orders.referrerId, ravi.user.id)).run();
    clock.advance(7 * DAY + 1000);
    expect(payoutsHome(t.db, t.deps.config, ravi.user.id, clock.now()).balance).toMatchObject({
      owedPaise: 800_00,
      heldPaise: 800_00,
      heldForReview: true,
      heldUntil: null,
      requestablePaise: 0,
    });
    expect(() => requestPayout(t.deps, ravi.user.id)).toThrow();
    expect(() => makeBatch(t.deps, admin.user.id, { userIds: [ravi.user.id] })).toThrow('Nobody selected can be paid now');

    clearCommissionHold(t.deps, ravi.user.id);
    expect(payoutsHome(t.db, t.deps.config, ravi.user.id, clock.now()).balance).toMatchObject({ heldPaise: 0, requestablePaise: 800_00 });

    // Still flagged: a commission after the clearing waits for its days, then for an admin again.
    clock.advance(1000);
    await earnCommission(t, { earnerId: ravi.user.id, adminId: admin.user.id, amountPaise: 200_00, at: clock.now() });
    clock.advance(7 * DAY + 1000);
    expect(payoutsHome(t.db, t.deps.config, ravi.user.id, clock.now()).balance).toMatchObject({
      heldPaise: 200_00,
      heldForReview: true,
      requestablePaise: 800_00,
    });
  });

  it('refuses to clear the hold of an account that does not exist', () => {
    expect(() => clearCommissionHold(t.deps, 999_999)).toThrow('This user does not exist.');
  });
});
