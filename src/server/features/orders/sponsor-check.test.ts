import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPackage, createUser } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { users } from '../../db/schema.js';
import { placeOrder } from './checkout.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let utr = 600_000_000_000;

/** How many times the sponsorship chain is walked (canSponsor's query runs) while `work` runs. */
function chainWalks(work: () => void): number {
  const statement = Object.getPrototypeOf(t.db.$client.prepare('select 1')) as Record<'get' | 'all', () => unknown>;
  const runs = [vi.spyOn(statement, 'get'), vi.spyOn(statement, 'all')];
  try {
    work();
    return runs.flatMap((run) => run.mock.contexts as { source: string }[]).filter((ran) => ran.source.includes('with recursive chain')).length;
  } finally {
    for (const run of runs) run.mockRestore();
  }
}

describe('the sponsor named at the first order', () => {
  it('is checked for a loop once per order, with the same answers', async () => {
    const ravi = await createUser(t.db, { name: 'Ravi' });
    const asha = await createUser(t.db, { name: 'Asha' });
    // A friend's referral ID, typed in the checkout's one code box.
    const order = (buyerId: number, code: string) => () =>
      placeOrder(t.deps, buyerId, { name: 'A', email: 'a@example.com', code, packageId: createPackage(t.db).id, utr: String(++utr) });

    expect(chainWalks(order(asha.id, ravi.referralCode))).toBe(1);
    expect(t.db.select().from(users).where(eq(users.id, asha.id)).get()!.sponsorId).toBe(ravi.id);

    // Ravi naming Asha, whom he sponsors, would make a loop: refused after one walk.
    let refused: unknown;
    expect(
      chainWalks(() => {
        try {
          order(ravi.id, asha.referralCode)();
        } catch (error) {
          refused = error;
        }
      }),
    ).toBe(1);
    expect(refused).toMatchObject({ appCode: 'REFERRAL_LOOP' });
    expect(t.db.select().from(users).where(eq(users.id, ravi.id)).get()!.sponsorId).toBeNull();
  });
});
