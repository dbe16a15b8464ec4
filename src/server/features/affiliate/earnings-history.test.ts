import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUserWithToken } from '../../../test/factories.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await createUserWithToken(t.db, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const trpcGet = (token: string, path: string) => callJson(t.url, 'GET', `/trpc/${path}`, { token }).then((answer) => answer.body.result.data);
const buy = (token: string, user: { name: string; email: string }, courseId: number, utr: string) =>
  callJson(t.url, 'POST', '/api/course/purchase', { token, body: { name: user.name, email: user.email, courseId: String(courseId), transactionId: utr } });
const approve = (orderId: string) => callJson(t.url, 'POST', '/approve', { token: admin.token, body: { orderId, action: 'approve' } });

describe('what a sponsor sees of the people they brought', () => {
  it("lists each person's purchases, pending ones included, and each commission with the buyer's first name and package", async () => {
    const ravi = await createUserWithToken(t.db, { name: 'Ravi Jadhav' });
    const asha = await createUserWithToken(t.db, { name: 'Asha Sunil Pawar', sponsorId: ravi.user.id });
    const tally = createPackage(t.db, { name: 'Tally Basics', pricePaise: 1_999_00, commissionPaise: null });
    const gst = createPackage(t.db, { name: 'GST Basics', pricePaise: 999_00, commissionPaise: 150_00 });

    const first = await buy(asha.token, asha.user, tally.id, '711711711711');
    await buy(asha.token, asha.user, gst.id, '722722722722');
    let people = await trpcGet(ravi.token, 'affiliate.affiliates');
    expect(people[0].purchases.map((p: { packageName: string; status: string }) => [p.packageName, p.status])).toEqual([
      ['Tally Basics', 'pending'],
      ['GST Basics', 'pending'],
    ]);
    expect(await trpcGet(ravi.token, 'affiliate.earningsHistory')).toEqual([]);

    expect((await approve(first.body.order._id)).status).toBe(200);
    people = await trpcGet(ravi.token, 'affiliate.affiliates');
    expect(people[0].purchases.map((p: { status: string }) => p.status)).toEqual(['approved', 'pending']);
    const history = await trpcGet(ravi.token, 'affiliate.earningsHistory');
    // 10% of ₹1,999 is ₹199.90, booked as ₹200.
    expect(history).toMatchObject([{ buyerFirstName: 'Asha', packageName: 'Tally Basics', amountPaise: 200_00 }]);
    expect(JSON.stringify(history)).not.toContain('Pawar');
    // Nobody else sees Ravi's history.
    expect(await trpcGet(asha.token, 'affiliate.earningsHistory')).toEqual([]);
  });
});
