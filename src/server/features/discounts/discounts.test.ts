import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayEnv, startFakeRazorpay, type FakeRazorpay } from '../../../test/fake-razorpay.js';
import { createPackage, createUser, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import { hdfcStatement, toCsv } from '../../../test/statements.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { ledgerOfOrder } from '../../../test/world.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { enrollments, ledger, orders, payoutDetails, receipts, users } from '../../db/schema.js';
import { uploadStatement } from '../statements/statement-imports.service.js';
import { upiIdsIn } from './affiliate-flags.js';
import { createSession } from '../auth/sessions.service.js';
import { decideOrder } from '../orders/order-decisions.service.js';
import { reverseOrder } from '../orders/order-reversal.service.js';

let t: TestApp;
let fake: FakeRazorpay;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let utr = 710_000_000_000;
const nextUtr = () => String(++utr);

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp({
    env: { ...gatewayEnv(fake.url), AFFILIATE_CODE_DISCOUNT_PERCENT: '10', COMMISSION_PERCENT: '10' },
    build: { reconcileGateway: false },
  });
  admin = await createUserWithToken(t.db, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Options = { token?: string | null; lang?: 'en' | 'mr'; from?: string; headers?: Record<string, string> };
const call = (path: string, type: 'query' | 'mutation', input: unknown, options: Options = {}) =>
  callProcedure(t.url, path, type, input, {
    token: options.token ?? null,
    headers: { ...options.headers, ...(options.lang && { 'x-lang': options.lang }), ...(options.from && { 'x-forwarded-for': options.from }) },
  });

let codeNumber = 0;
const freshCode = (stem = 'SALE') => `${stem}${++codeNumber}${process.pid % 1000}`;

async function coupon(input: Record<string, unknown>) {
  const answer = await call('discounts.createCoupon', 'mutation', { code: freshCode(), ...input }, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return trpcData(answer.body) as { id: string; code: string };
}

async function learner(overrides: Parameters<typeof createUserWithToken>[1] = {}) {
  return createUserWithToken(t.db, overrides);
}

/** `headers`: as a particular browser sends them (its device cookie). */
function purchase(
  buyer: Awaited<ReturnType<typeof learner>>,
  packageId: number,
  code?: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  return call(
    'orders.purchase',
    'mutation',
    { name: buyer.user.name, email: buyer.user.email, packageId, utr: nextUtr(), ...(code && { code }), ...extra },
    { token: buyer.token, ...(headers && { headers }) },
  );
}

const errorCodeOf = (body: any) => body?.error?.data?.appCode ?? body?.error?.data?.code;

describe('a coupon at checkout', () => {
  it('shows the price before and after, puts the price after in the UPI link, and the order, the commission and the receipt follow the price paid', async () => {
    const sponsor = await createUser(t.db, { name: 'Sunil' });
    const pkg = createPackage(t.db, { name: 'Diwali Basics', pricePaise: 999_00, commissionPaise: null });
    const { code } = await coupon({ percent: 20, note: 'Diwali sale' });
    const buyer = await learner({ sponsorId: sponsor.id });

    const quote = trpcData((await call('discounts.quote', 'query', { packageId: pkg.id, code: code.toLowerCase() }, { token: buyer.token })).body);
    expect(quote).toEqual({ code, kind: 'coupon', listPricePaise: 999_00, discountPaise: 199_00, pricePaise: 800_00, free: false, sponsorName: null });
    const details = trpcData((await call('orders.paymentDetails', 'query', { packageId: pkg.id, code }, { token: buyer.token })).body);
    expect(details).toMatchObject({ amountPaise: 800_00, listPricePaise: 999_00, discountPaise: 199_00, code });
    expect(details.upiLink).toContain('am=800.00');

    const placed = await purchase(buyer, pkg.id, code);
    expect(placed.status).toBe(200);
    const order = t.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(trpcData(placed.body).order.id)))
      .get()!;
    expect(order).toMatchObject({ amountPaise: 800_00, listPricePaise: 999_00, discountPaise: 199_00, discountCode: code });
    expect(trpcData(placed.body).order.discount).toEqual({ listPricePaise: 999_00, discountPaise: 199_00, code });

    decideOrder(t.deps, admin.user.id, { orderId: order.id, action: 'approve' });
    // 10% of the price paid (₹800), not of the list price.
    const commission = t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.orderId, order.id), eq(ledger.kind, 'commission')))
      .get()!;
    expect(commission).toMatchObject({ userId: sponsor.id, amountPaise: 80_00 });
    const receipt = t.db.select().from(receipts).where(eq(receipts.orderId, order.id)).get()!;
    expect(receipt).toMatchObject({ amountPaise: 800_00, listPricePaise: 999_00, discountPaise: 199_00, discountCode: code });
  });

  it("scales a package's fixed commission to the price paid", async () => {
    const sponsor = await createUser(t.db);
    const pkg = createPackage(t.db, { pricePaise: 1_000_00, commissionPaise: 300_00 });
    const { code } = await coupon({ amount: 250 });
    const buyer = await learner({ sponsorId: sponsor.id });
    const order = trpcData((await purchase(buyer, pkg.id, code)).body).order;
    decideOrder(t.deps, admin.user.id, { orderId: Number(order.id), action: 'approve' });
    // ₹300 on ₹1,000 is ₹225 on the ₹750 paid.
    expect(ledgerOfOrder(t, order.id)[0]).toMatchObject({ amountPaise: 225_00 });
  });

  it('says why a code does not apply, in the learner’s language, without telling which codes exist', async () => {
    const pkg = createPackage(t.db);
    const other = createPackage(t.db);
    const buyer = await learner();
    const now = Date.now();
    const day = (offset: number) => new Date(now + offset * 86_400_000 + 5.5 * 3600_000).toISOString().slice(0, 10);
    const paused = await coupon({ percent: 10 });
    await call('discounts.updateCoupon', 'mutation', { id: paused.id, active: false }, { token: admin.token });
    const later = await coupon({ percent: 10, validFrom: day(2) });
    const past = await coupon({ percent: 10, validFrom: day(-5), validUntil: day(-2) });
    const elsewhere = await coupon({ percent: 10, packageIds: [other.id] });
    const cases: [string, string, string][] = [
      ['NOSUCHCODE1', 'CODE_UNKNOWN', 'असा कोड नाही. अक्षरे आणि अंक तपासा.'],
      [paused.code, 'CODE_PAUSED', 'हा कोड सध्या चालू नाही.'],
      [later.code, 'CODE_NOT_STARTED', 'हा कोड अजून वापरता येत नाही.'],
      [past.code, 'CODE_ENDED', 'या कोडची मुदत संपली आहे.'],
      [elsewhere.code, 'CODE_NOT_FOR_PACKAGE', 'हा कोड या पॅकेजसाठी नाही.'],
    ];
    for (const [code, appCode, marathi] of cases) {
      const answer = await call('discounts.quote', 'query', { packageId: pkg.id, code }, { token: buyer.token, lang: 'mr' });
      expect(errorCodeOf(answer.body), code).toBe(appCode);
      expect(answer.body.error.message).toBe(marathi);
      // An order with it is refused the same way, and nothing is written.
      const placed = await purchase(buyer, pkg.id, code);
      expect(errorCodeOf(placed.body)).toBe(appCode);
    }
    expect(t.db.select().from(orders).where(eq(orders.userId, buyer.user.id)).all()).toEqual([]);
    // The package the code is for takes it.
    expect((await call('discounts.quote', 'query', { packageId: other.id, code: elsewhere.code }, { token: buyer.token })).status).toBe(200);
  });

  it('keeps each learner to the per-learner limit, and a rejection or a reversal gives the use back', async () => {
    const [first, second] = [createPackage(t.db), createPackage(t.db)];
    const { code } = await coupon({ percent: 10, perLearnerLimit: 1 });
    const buyer = await learner();
    const placed = trpcData((await purchase(buyer, first.id, code)).body).order;
    expect(errorCodeOf((await purchase(buyer, second.id, code)).body)).toBe('CODE_ALREADY_USED');
    decideOrder(t.deps, admin.user.id, { orderId: Number(placed.id), action: 'reject', reason: 'No such credit' });
    const again = trpcData((await purchase(buyer, second.id, code)).body).order;
    decideOrder(t.deps, admin.user.id, { orderId: Number(again.id), action: 'approve' });
    expect(errorCodeOf((await purchase(buyer, first.id, code)).body)).toBe('CODE_ALREADY_USED');
    reverseOrder(t.deps, admin.user.id, { orderId: Number(again.id), reason: 'Mistaken approval' });
    expect((await purchase(buyer, first.id, code)).status).toBe(200);
  });

  it('never goes past its total limit when learners take its last use at once', async () => {
    const pkg = createPackage(t.db);
    const { code } = await coupon({ percent: 10, maxUses: 3 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => learner()));
    const answers = await Promise.all(buyers.map((buyer) => purchase(buyer, pkg.id, code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => errorCodeOf(answer.body) === 'CODE_USED_UP')).toHaveLength(5);
  });

  it('counts tries of codes per account: guessing is stopped', async () => {
    const pkg = createPackage(t.db);
    const buyer = await learner();
    let last = 0;
    for (let attempt = 0; attempt < 31; attempt += 1) {
      last = (await call('discounts.quote', 'query', { packageId: pkg.id, code: `GUESS${attempt}X` }, { token: buyer.token })).status;
    }
    expect(last).toBe(429);
  });

  it('makes a package free only when the admin allowed it: taken at once, with no payment, receipt or commission', async () => {
    const sponsor = await createUser(t.db);
    const pkg = createPackage(t.db, { pricePaise: 499_00, commissionPaise: 100_00 });
    const free = await coupon({ percent: 100, freeAllowed: true });
    const notFree = await coupon({ percent: 100 });
    const buyer = await learner({ sponsorId: sponsor.id });
    expect(trpcData((await call('discounts.quote', 'query', { packageId: pkg.id, code: notFree.code }, { token: buyer.token })).body).pricePaise).toBe(1_00);
    expect(trpcData((await call('discounts.quote', 'query', { packageId: pkg.id, code: free.code }, { token: buyer.token })).body)).toMatchObject({
      pricePaise: 0,
      free: true,
    });
    expect(errorCodeOf((await purchase(buyer, pkg.id, free.code)).body)).toBe('CODE_MAKES_FREE');
    expect(
      errorCodeOf(
        (await call('payments.start', 'mutation', { name: 'A', email: buyer.user.email, packageId: pkg.id, code: free.code }, { token: buyer.token })).body,
      ),
    ).toBe('CODE_MAKES_FREE');
    const claimed = await call(
      'orders.claimFree',
      'mutation',
      { name: buyer.user.name, email: buyer.user.email, packageId: pkg.id, code: free.code },
      { token: buyer.token },
    );
    expect(claimed.status).toBe(200);
    const order = trpcData(claimed.body).order;
    expect(order).toMatchObject({
      status: 'approved',
      amountPaise: 0,
      paymentMethod: 'free',
      discount: { code: free.code, listPricePaise: 499_00, discountPaise: 499_00 },
    });
    expect(
      t.db
        .select()
        .from(enrollments)
        .where(eq(enrollments.orderId, Number(order.id)))
        .all(),
    ).toHaveLength(1);
    expect(
      t.db
        .select()
        .from(receipts)
        .where(eq(receipts.orderId, Number(order.id)))
        .all(),
    ).toEqual([]);
    expect(ledgerOfOrder(t, order.id)).toEqual([]);
    // A code that does not make it free cannot be claimed as free.
    const other = createPackage(t.db);
    expect(
      errorCodeOf(
        (await call('orders.claimFree', 'mutation', { name: 'A', email: buyer.user.email, packageId: other.id, code: notFree.code }, { token: buyer.token }))
          .body,
      ),
    ).toBe('CODE_NOT_FREE');
  });

  it('carries the price after the discount to the payment gateway', async () => {
    const pkg = createPackage(t.db, { pricePaise: 1_999_00 });
    const { code } = await coupon({ amount: 500 });
    const buyer = await learner();
    const started = trpcData(
      (await call('payments.start', 'mutation', { name: 'A', email: buyer.user.email, packageId: pkg.id, code }, { token: buyer.token })).body,
    );
    expect(started.amountPaise).toBe(1_499_00);
    expect(fake.orders.get(started.gatewayOrderId)!.amount).toBe(1_499_00);
  });

  it('is kept once used: deleting it is refused (pause it instead); an unused one goes', async () => {
    const pkg = createPackage(t.db);
    const used = await coupon({ percent: 5 });
    const unused = await coupon({ percent: 5 });
    await purchase(await learner(), pkg.id, used.code);
    expect(errorCodeOf((await call('discounts.deleteCoupon', 'mutation', { id: used.id }, { token: admin.token })).body)).toBe('CODE_IN_USE');
    expect((await call('discounts.deleteCoupon', 'mutation', { id: unused.id }, { token: admin.token })).status).toBe(200);
    const listed = (trpcData((await call('discounts.codes', 'query', undefined, { token: admin.token })).body) as { code: string }[]).map((row) => row.code);
    expect(listed).toContain(used.code);
    expect(listed).not.toContain(unused.code);
  });

  it('refuses a discount given both ways, or neither, and a code that is taken', async () => {
    expect((await call('discounts.createCoupon', 'mutation', { code: freshCode(), percent: 10, amount: 100 }, { token: admin.token })).status).toBe(400);
    expect((await call('discounts.createCoupon', 'mutation', { code: freshCode() }, { token: admin.token })).status).toBe(400);
    const taken = await coupon({ percent: 10 });
    expect(errorCodeOf((await call('discounts.createCoupon', 'mutation', { code: taken.code.toLowerCase(), percent: 5 }, { token: admin.token })).body)).toBe(
      'CODE_TAKEN',
    );
  });
});

describe("an affiliate's own code", () => {
  it('is chosen once, unique among every code, suggested from the first name', async () => {
    const affiliate = await learner({ name: 'Sunil Patil' });
    const mine = trpcData((await call('discounts.myCode', 'query', undefined, { token: affiliate.token })).body);
    expect(mine).toMatchObject({ code: null, percentBp: 1000, uses: 0 });
    expect(mine.suggested).toMatch(/^SUNIL\d{2}$/);
    // The same suggestion on every read until someone takes it; then another one.
    expect(trpcData((await call('discounts.myCode', 'query', undefined, { token: affiliate.token })).body).suggested).toBe(mine.suggested);
    await coupon({ percent: 10, code: mine.suggested });
    const next = trpcData((await call('discounts.myCode', 'query', undefined, { token: affiliate.token })).body).suggested;
    expect(next).toMatch(/^SUNIL\d{2,4}$/);
    expect(next).not.toBe(mine.suggested);
    const taken = await coupon({ percent: 10 });
    expect(errorCodeOf((await call('discounts.chooseCode', 'mutation', { code: taken.code }, { token: affiliate.token })).body)).toBe('CODE_TAKEN');
    const chosen = `SUNIL${process.pid % 100}`;
    expect(trpcData((await call('discounts.chooseCode', 'mutation', { code: chosen.toLowerCase() }, { token: affiliate.token })).body).code).toBe(chosen);
    expect(errorCodeOf((await call('discounts.chooseCode', 'mutation', { code: 'OTHER123' }, { token: affiliate.token })).body)).toBe('CODE_ALREADY_CHOSEN');
  });

  it('gives the discount and makes the affiliate the sponsor of a buyer who has none; a buyer with a sponsor keeps theirs', async () => {
    const affiliate = await learner({ name: 'Kavita' });
    const code = `KAVITA${process.pid % 1000}`;
    await call('discounts.chooseCode', 'mutation', { code }, { token: affiliate.token });
    const pkg = createPackage(t.db, { pricePaise: 2_000_00, commissionPaise: null });

    const newcomer = await learner();
    expect(trpcData((await call('discounts.quote', 'query', { packageId: pkg.id, code }, { token: newcomer.token })).body)).toMatchObject({
      pricePaise: 1_800_00,
      sponsorName: 'Kavita',
    });
    const first = trpcData((await purchase(newcomer, pkg.id, code)).body).order;
    expect(t.db.select().from(users).where(eq(users.id, newcomer.user.id)).get()!.sponsorId).toBe(affiliate.user.id);
    decideOrder(t.deps, admin.user.id, { orderId: Number(first.id), action: 'approve' });
    expect(ledgerOfOrder(t, first.id)[0]).toMatchObject({ userId: affiliate.user.id, amountPaise: 180_00 });

    const existing = await createUser(t.db);
    const sponsored = await learner({ sponsorId: existing.id });
    const second = trpcData((await purchase(sponsored, pkg.id, code)).body).order;
    expect(second.amountPaise).toBe(1_800_00);
    decideOrder(t.deps, admin.user.id, { orderId: Number(second.id), action: 'approve' });
    expect(ledgerOfOrder(t, second.id)[0]).toMatchObject({ userId: existing.id });

    // The affiliate cannot use their own code, and sees its uses.
    expect(errorCodeOf((await call('discounts.quote', 'query', { packageId: pkg.id, code }, { token: affiliate.token })).body)).toBe('CODE_OWN');
    expect(trpcData((await call('discounts.myCode', 'query', undefined, { token: affiliate.token })).body)).toMatchObject({
      code,
      uses: 2,
      revenuePaise: 3_600_00,
      earnedPaise: 180_00,
    });
    const report = (trpcData((await call('discounts.codes', 'query', undefined, { token: admin.token })).body) as { code: string }[]).find(
      (found) => found.code === code,
    );
    // The admin's report counts every commission its orders paid: Kavita's and the existing sponsor's.
    expect(report).toMatchObject({ kind: 'affiliate', uses: 2, revenuePaise: 3_600_00, discountGivenPaise: 400_00, commissionPaise: 360_00 });
    // An admin sets this affiliate's discount apart from the site's.
    const row = (trpcData((await call('discounts.codes', 'query', undefined, { token: admin.token })).body) as { id: string; code: string }[]).find(
      (found) => found.code === code,
    )!;
    await call('discounts.setAffiliateDiscount', 'mutation', { codeId: row.id, percent: 15 }, { token: admin.token });
    expect(trpcData((await call('discounts.quote', 'query', { packageId: pkg.id, code }, { token: (await learner()).token })).body).pricePaise).toBe(1_700_00);
  });

  it("takes a friend's referral ID in the same box: no discount, the friend becomes the sponsor; one's own, a loop or an unknown code is refused", async () => {
    const friend = await learner({ name: 'Meena Joshi' });
    const pkg = createPackage(t.db, { pricePaise: 1_500_00, commissionPaise: null });
    const newcomer = await learner();
    const quoted = trpcData(
      (await call('discounts.quote', 'query', { packageId: pkg.id, code: friend.user.referralCode.toLowerCase() }, { token: newcomer.token })).body,
    );
    expect(quoted).toEqual({
      code: friend.user.referralCode,
      kind: 'referral',
      listPricePaise: 1_500_00,
      discountPaise: 0,
      pricePaise: 1_500_00,
      free: false,
      sponsorName: 'Meena',
    });
    // The order takes the code, at the full price the server works out, and the friend becomes the sponsor.
    const placed = trpcData((await purchase(newcomer, pkg.id, friend.user.referralCode, { amountPaise: 1_00 })).body).order;
    expect(placed).toMatchObject({ amountPaise: 1_500_00, discount: null });
    expect(t.db.select().from(users).where(eq(users.id, newcomer.user.id)).get()!.sponsorId).toBe(friend.user.id);

    const own = await call('discounts.quote', 'query', { packageId: pkg.id, code: friend.user.referralCode }, { token: friend.token, lang: 'mr' });
    expect(errorCodeOf(own.body)).toBe('CODE_OWN');
    expect(JSON.stringify(own.body)).toContain('तुम्ही स्वतःचा कोड वापरू शकत नाही.');
    // The friend naming the newcomer, whom she now sponsors, would make a loop.
    expect(errorCodeOf((await call('discounts.quote', 'query', { packageId: pkg.id, code: newcomer.user.referralCode }, { token: friend.token })).body)).toBe(
      'CODE_LOOP',
    );
    expect(errorCodeOf((await purchase(friend, pkg.id, newcomer.user.referralCode)).body)).toBe('REFERRAL_LOOP');
    const unknown = await call('discounts.quote', 'query', { packageId: pkg.id, code: 'NOBODY22' }, { token: newcomer.token, lang: 'mr' });
    expect(errorCodeOf(unknown.body)).toBe('CODE_UNKNOWN');
    expect(JSON.stringify(unknown.body)).toContain('असा कोड नाही.');
  });

  it('earns nothing on a purchase by the affiliate themself through another account (same email typed, or same phone)', async () => {
    const affiliate = await learner({ name: 'Raju', phone: '9822011111' });
    const pkg = createPackage(t.db, { pricePaise: 1_000_00, commissionPaise: null });
    const sameEmail = await learner({ sponsorId: affiliate.user.id });
    const byEmail = trpcData((await purchase(sameEmail, pkg.id, undefined, { email: affiliate.user.email })).body).order;
    const samePhone = await learner({ sponsorId: affiliate.user.id, phone: '9822011111' });
    const byPhone = trpcData((await purchase(samePhone, pkg.id)).body).order;
    for (const order of [byEmail, byPhone]) decideOrder(t.deps, admin.user.id, { orderId: Number(order.id), action: 'approve' });
    expect(t.db.select().from(ledger).where(eq(ledger.userId, affiliate.user.id)).all()).toEqual([]);
  });

  type Flag = {
    name: string;
    ownAccounts: { name: string; signs: string[] }[];
    sharedDevices: number;
    sharedPayers: number;
    sharedNetworks: number;
  };
  const flagOf = async (name: string) =>
    (trpcData((await call('discounts.sharedPlacements', 'query', undefined, { token: admin.token })).body) as Flag[]).find((flag) => flag.name === name);

  it('does not flag an affiliate for buyers on one shared network alone (mobile carriers put many phones behind one address)', async () => {
    const affiliate = await learner({ name: 'Honest Affiliate' });
    const pkg = createPackage(t.db);
    // Every test request comes from one address: three buyers, each on their own phone.
    for (let i = 0; i < 3; i += 1)
      await purchase(await learner({ sponsorId: affiliate.user.id }), pkg.id, undefined, {}, { cookie: `device=own-phone-${process.pid}-${i}` });
    expect(await flagOf('Honest Affiliate')).toBeUndefined();
  });

  it("flags buyers who ordered from the affiliate's own browser, and one browser shared by buyers, with the network as context only", async () => {
    const affiliate = await learner({ name: 'Flagged Affiliate' });
    const pkg = createPackage(t.db);
    const deviceCookie = 'device-cookie-shared-by-both';
    const own = createPackage(t.db);
    // The affiliate buys something from their phone, and two "buyers" order from the same phone.
    const fromPhone = { cookie: `device=${deviceCookie}` };
    await purchase(affiliate, own.id, undefined, {}, fromPhone);
    const buyers = [await learner({ sponsorId: affiliate.user.id, name: 'Buyer One' }), await learner({ sponsorId: affiliate.user.id, name: 'Buyer Two' })];
    for (const buyer of buyers) await purchase(buyer, pkg.id, undefined, {}, fromPhone);
    expect(await flagOf('Flagged Affiliate')).toMatchObject({
      ownAccounts: [
        { name: 'Buyer One', signs: ['device'] },
        { name: 'Buyer Two', signs: ['device'] },
      ],
      sharedDevices: 1,
      sharedPayers: 0,
      // Every test request comes from one address: the keyed hashes of it match each other too.
      sharedNetworks: 1,
    });
    // The address is kept as a keyed hash only: not its plain SHA-256, which anyone can reverse.
    const networks = t.db.select({ network: orders.placedNetwork }).from(orders).where(eq(orders.userId, affiliate.user.id)).all();
    const plain = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].map((ip) => createHash('sha256').update(ip).digest('hex'));
    expect(networks[0]!.network).toMatch(/^[0-9a-f]{64}$/);
    expect(plain).not.toContain(networks[0]!.network);
  });

  it("flags a buyer with the affiliate's phone number, and one payer's UPI id paying for several buyers (read from the bank statement)", async () => {
    const affiliate = await learner({ name: 'Payer Affiliate', phone: '9822033333' });
    const pkg = createPackage(t.db, { pricePaise: 1_000_00 });
    const samePhone = await learner({ sponsorId: affiliate.user.id, name: 'Same Phone', phone: '9822033333' });
    const first = await learner({ sponsorId: affiliate.user.id, name: 'Payer First' });
    const second = await learner({ sponsorId: affiliate.user.id, name: 'Payer Second' });
    const placed = [samePhone, first, second].map((buyer) =>
      insertPendingOrder(t.db, { buyer: buyer.user, pkg, utr: nextUtr(), referrerId: affiliate.user.id }),
    );
    // The affiliate is paid to this UPI id, and both buyers paid from it.
    t.db.insert(payoutDetails).values({ userId: affiliate.user.id, method: 'upi', upiId: 'payer.affiliate@okaxis', updatedAt: Date.now() }).run();
    const entries = placed.slice(1).map((order) => ({
      date: '2026-11-20',
      credit: 1000,
      utr: order.utr!,
      narration: `UPI-PAYER A-PAYER.AFFILIATE@OKAXIS-UTIB0000123-${order.utr}-Course fee`,
    }));
    await uploadStatement(t.deps, admin.user.id, { file: toCsv(hdfcStatement(entries)), fileName: 'statement.csv', staleDays: 3 });
    expect(await flagOf('Payer Affiliate')).toMatchObject({
      ownAccounts: [
        { name: 'Same Phone', signs: ['phone'] },
        { name: 'Payer First', signs: ['payer'] },
        { name: 'Payer Second', signs: ['payer'] },
      ],
      sharedDevices: 0,
      sharedPayers: 1,
    });
  });

  it('reads the UPI ids a narration names, a hyphen ending one', () => {
    expect(upiIdsIn('UPI-RAVI K-ravi.k@okaxis-UTIB0000123-712345678901-fee')).toEqual(['ravi.k@okaxis']);
    expect(upiIdsIn('NEFT CR-HDFC0000001-SOMEONE')).toEqual([]);
  });
});

describe('the price a code leaves, for any package price and any code', () => {
  it('is never below ₹1 (unless free was allowed) nor above the list price, and the order records exactly it', async () => {
    const buyerSession = await learner();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 50_000 }),
        fc.oneof(fc.record({ percent: fc.integer({ min: 1, max: 100 }) }), fc.record({ amount: fc.integer({ min: 1, max: 60_000 }) })),
        fc.boolean(),
        async (rupees, discount, freeAllowed) => {
          const pkg = createPackage(t.db, { pricePaise: rupees * 100 });
          const { code } = await coupon({ ...discount, freeAllowed, perLearnerLimit: 100 });
          const session = createSession(t.db, buyerSession.user.id, Date.now()).token;
          const quote = trpcData(
            (await call('discounts.quote', 'query', { packageId: pkg.id, code }, { token: session, from: `10.1.${rupees % 250}.${codeNumber % 250}` })).body,
          );
          expect(quote.pricePaise + quote.discountPaise).toBe(rupees * 100);
          expect(quote.pricePaise).toBeLessThanOrEqual(rupees * 100);
          if (quote.pricePaise === 0) expect(freeAllowed).toBe(true);
          else expect(quote.pricePaise).toBeGreaterThanOrEqual(100);
        },
      ),
      { numRuns: 25 },
    );
  });
});
