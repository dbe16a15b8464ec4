import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnCommission } from '../../../test/earnings.js';
import { createUserWithToken } from '../../../test/factories.js';
import { startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { payoutDetailsInput } from '../../../shared/payout-details.js';
import { reverseOrder } from '../orders/order-reversal.service.js';
import { makeBatch } from './batches.service.js';
import { payoutsHome, requestPayout, savePayoutDetails } from './payouts.service.js';

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

    await earnCommission(t, { earnerId: asha.user.id, adminId: admin.user.id, amountPaise: 300_00, at: clock.now() });
    clock.advance(7 * DAY + 1000);
    expect(payoutsHome(t.db, t.deps.config, asha.user.id, clock.now()).balance).toMatchObject({ owedPaise: 300_00, heldPaise: 0, requestablePaise: 300_00 });
    expect(requestPayout(t.deps, asha.user.id)).toMatchObject({ amountPaise: 300_00 });
  });
});
