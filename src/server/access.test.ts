import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnCommission } from '../test/earnings.js';
import { createPackage, TEST_PASSWORD } from '../test/factories.js';
import { makePng } from '../test/images.js';
import { postForm } from '../test/multipart.js';
import { CSV_TYPE, hdfcStatement, toCsv } from '../test/statements.js';
import { callJson, startTestApp, type TestApp } from '../test/test-app.js';
import { whatsAppEnv } from '../test/fake-graph-api.js';
import { allProcedures, callProcedure, trpcData } from '../test/trpc-http.js';
import { decideOrder } from './features/orders/order-decisions.service.js';
import { askForDifference } from './features/orders/order-difference.service.js';
import { reverseOrder } from './features/orders/order-reversal.service.js';
import {
  actors,
  buildWorld,
  createStaff,
  freshEmail,
  freshUtr,
  insertOrder,
  pendingRegistration,
  resetToken,
  type Actor,
  type Staff,
  type World,
} from '../test/world.js';
import { restRoutes } from './rest/rest-routes.js';
import { eq } from 'drizzle-orm';
import { discountCodes, packageAccessRevocations, notifications, paymentAlerts, sessions } from './db/schema.js';
import { settleGatewayOrder, startGatewayPayment } from './features/payments/payments.service.js';
import { fakeKeys, gatewayEnv, startFakeRazorpay, type FakeRazorpay } from '../test/fake-razorpay.js';
import { hashToken } from './lib/tokens.js';
import { payoutDetailsInput } from '../shared/payout-details.js';
import { PRIVACY_NOTICE_VERSION } from '../shared/privacy.js';
import { batchView, makeBatch } from './features/payouts/batches.service.js';
import { requestPayout, savePayoutDetails } from './features/payouts/payouts.service.js';
import { enableCertificates, quizWithQuestion, watchEveryLecture } from '../test/learning.js';
import { claimCertificate, revokeCertificate } from './features/certificates/certificates.service.js';
import { lectureWatches } from './db/schema.js';
import { createDomainEvents } from './lib/domain-events.js';
import { registerOrderDecisionConsequences } from './events/order-approval.js';

/**
 * Who may call what: every tRPC procedure and every REST row, called by a visitor, a learner
 * (`user`, who owns the things asked about), another learner (`other`), an admin and the
 * superadmin, each with valid input so that the status reflects the role and ownership checks.
 * A procedure or a REST row without an entry here fails the first tests.
 */

type Statuses = Record<Actor, number>;

const everyone = (status = 200): Statuses => ({ visitor: status, user: status, other: status, admin: status, superadmin: status });
const signedIn: Statuses = { visitor: 401, user: 200, other: 200, admin: 200, superadmin: 200 };
const signedInConflict: Statuses = { visitor: 401, user: 409, other: 409, admin: 409, superadmin: 409 };
/** The user's own thing: another learner gets 403, admins may look. */
const ownerOrAdmin: Statuses = { visitor: 401, user: 200, other: 403, admin: 200, superadmin: 200 };
/** Lecture links: the buyer (`user`) and admins only. */
const buyerOrAdmin = ownerOrAdmin;
const adminOnly = (ok = 200): Statuses => ({ visitor: 401, user: 403, other: 403, admin: ok, superadmin: ok });
const superadminOnly: Statuses = { visitor: 401, user: 403, other: 403, admin: 403, superadmin: 200 };

type Check = (actor: Actor, data: any, w: World) => void;

type ProcedureCell = {
  input?: (w: World, t: TestApp) => unknown;
  expect: Statuses;
  /** Checks a 200 answer's content (ownership of what it shows). */
  check?: Check;
};

type RestRequest = {
  url: string;
  body?: unknown;
  form?: { fields: Record<string, string>; file: { field: string; name: string; type: string; content: Buffer } | null };
};
type RestCell = { request: (w: World, t: TestApp) => RestRequest | Promise<RestRequest>; expect: Statuses; check?: Check };

let png: Buffer;
let importId: string;
let t: TestApp;
let fake: FakeRazorpay;
let staff: Staff;

const id = (value: { id: number }) => String(value.id);

/** A coupon of 10% (or one that makes a package free) for every package. */
function freshCoupon(app: TestApp, options: { free?: boolean } = {}): string {
  const code = `C${freshUtr().slice(-10)}`;
  app.db
    .insert(discountCodes)
    .values({ code, kind: 'coupon', percentBp: options.free ? 10_000 : 1000, freeAllowed: options.free ?? false, perLearnerLimit: 100, createdAt: Date.now() })
    .run();
  return code;
}
const couponId = (app: TestApp, code: string) => app.db.select().from(discountCodes).where(eq(discountCodes.code, code)).get()!.id;
const isOwnerOrAdmin = (actor: Actor) => actor === 'user' || actor === 'admin' || actor === 'superadmin';

/** The world's user earns ₹1,000 and gives payout details. */
async function payableUser(w: World, app: TestApp) {
  await earnCommission(app, { earnerId: w.user.row.id, adminId: w.admin.row.id, amountPaise: 1000_00, at: Date.now() });
  savePayoutDetails(app.deps, w.user.row.id, payoutDetailsInput.parse({ method: 'upi', upiId: 'asha@okaxis' }));
}

/** A batch with one line, to the world's user. */
async function batchOf(w: World, app: TestApp) {
  await payableUser(w, app);
  const { batchId } = makeBatch(app.deps, w.admin.row.id, { userIds: [w.user.row.id] });
  return { batchId, lineId: batchView(app.db, Number(batchId)).lines[0]!.id };
}

/** This IST month as "YYYY-MM". */
function monthNow(): string {
  return new Date(Date.now() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 7);
}

/** Today in India, as a bank statement writes it. */
function todayIst(): string {
  return new Date(Date.now() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A small statement no earlier test uploaded (its credit has a fresh UTR). */
function statementFile() {
  return toCsv(hdfcStatement([{ date: todayIst(), credit: 499, utr: freshUtr(), payer: 'ASHA' }]));
}

/** An order of the world's user, approved (so it has a receipt). */
function approvedOrder(app: TestApp, w: World) {
  const order = insertOrder(app, w.user.row, createPackage(app.db));
  return decideOrder(app.deps, w.admin.row.id, { orderId: order.id, action: 'approve' });
}

/** An order of the world's user of which part arrived: the admin asked for the rest. */
function awaitingDifference(app: TestApp, w: World) {
  const order = insertOrder(app, w.user.row, createPackage(app.db, { pricePaise: 999_00 }));
  return askForDifference(app.deps, w.admin.row.id, { orderId: order.id, receivedPaise: 899_00 });
}

/** The buyer's own order only: anyone else, an admin too, is told there is no such order. */
const buyerOnly: Statuses = { visitor: 401, user: 200, other: 404, admin: 404, superadmin: 404 };

/** The user's order approved with a tax invoice and then reversed, so that it has a credit note. */
function creditNotedOrder(app: TestApp, w: World) {
  const config = { ...app.deps.config, gst: { gstin: '27AAPFU0939F1ZV', sellerState: '27', rateBp: 1800 } };
  // The approval's consequences (the receipt among them) read the settings they were registered with.
  const events = createDomainEvents();
  registerOrderDecisionConsequences(events, { config, notifier: app.deps.notifier });
  const deps = { ...app.deps, config, events };
  const order = insertOrder(app, w.user.row, createPackage(app.db));
  decideOrder(deps, w.admin.row.id, { orderId: order.id, action: 'approve' });
  reverseOrder(deps, w.admin.row.id, { orderId: order.id, reason: 'Paid twice' });
  return order;
}

/** The world's user and admins have played the first lecture (so progress reports and ticks apply to each). */
function startedByUserAndAdmin(w: World, app: TestApp) {
  for (const userId of [w.user.row.id, w.admin.row.id, w.superadmin.row.id]) {
    app.db
      .insert(lectureWatches)
      .values({ userId, lectureId: w.lectures[0]!.id, packageId: w.owned.id, startedAt: Date.now() - 600_000, updatedAt: Date.now() - 600_000 })
      .run();
  }
}

/** The world's user finished the owned package and holds its certificate: its number. */
function certificateOf(w: World, app: TestApp): string {
  enableCertificates(app.db, w.owned.id);
  watchEveryLecture(app.db, w.user.row.id, w.owned.id);
  return claimCertificate(app.deps, { id: w.user.row.id, role: 'user' }, { packageId: w.owned.id, name: 'आशा पवार' }).number;
}

const newPackageFields = { name: 'Share Market Basics', price: '4999', description: 'Learn how the share market works.' };

const procedures: Record<string, ProcedureCell> = {
  // Admin
  'admin.stats': { expect: adminOnly() },
  'admin.users': { input: () => ({ page: 1 }), expect: adminOnly() },
  'admin.setRole': { input: (w) => ({ userId: id(w.affiliate), role: 'admin' }), expect: superadminOnly },
  'admin.deleteUser': { input: (w) => ({ email: w.affiliate.email }), expect: superadminOnly },

  // Affiliate
  'affiliate.dashboard': { input: (w) => ({ userId: id(w.user.row) }), expect: ownerOrAdmin },
  'affiliate.leaderboard': { input: () => ({ period: 'all' }), expect: signedIn },
  'affiliate.earningsHistory': {
    expect: signedIn,
    check: (_actor, data: { amountPaise: number }[]) => {
      for (const line of data) expect(Number.isInteger(line.amountPaise)).toBe(true);
    },
  },
  'affiliate.affiliates': {
    expect: signedIn,
    check: (actor, data: { id: string }[], w) => {
      // Everyone sees only the people they sponsor: the user's affiliate is in the user's list only.
      expect(data.some((person) => person.id === id(w.affiliate))).toBe(actor === 'user');
    },
  },
  'affiliate.pay': {
    input: async (w, app) => {
      await earnCommission(app, { earnerId: w.user.row.id, adminId: w.admin.row.id, amountPaise: 10_000, at: Date.now() });
      return { email: w.user.row.email, amount: 1 };
    },
    expect: adminOnly(),
  },

  // Accounts
  'auth.me': {
    expect: everyone(),
    check: (actor, data, w) => expect(data?.id ?? null).toBe(actor === 'visitor' ? null : id(w[actor].row)),
  },
  'auth.profile': { expect: signedIn, check: (actor, data, w) => expect(data.id).toBe(id(w[actor as Exclude<Actor, 'visitor'>].row)) },
  'auth.login': { input: (w) => ({ email: w.user.row.email, password: TEST_PASSWORD }), expect: everyone() },
  'auth.logout': { expect: signedIn },
  'auth.register': {
    input: () => ({ name: 'New Learner', email: freshEmail('register'), phone: '9876543210', password: 'mango-lassi-42' }),
    expect: everyone(),
  },
  'auth.verify': {
    input: async (_w, app) => {
      const { activationToken, code } = await pendingRegistration(app);
      return { activationToken, otp: code };
    },
    expect: everyone(),
  },
  'auth.resendCode': {
    input: async (_w, app) => ({ activationToken: (await pendingRegistration(app, { sentAgoMs: 2 * 60 * 1000 })).activationToken }),
    expect: everyone(),
  },
  'auth.forgot': { input: (w) => ({ email: w.user.row.email }), expect: everyone() },
  'auth.resetPassword': { input: (w, app) => ({ token: resetToken(app, w.user.row.id), password: 'a-new-password-7' }), expect: everyone() },
  'auth.referrer': {
    input: (w) => ({ userId: id(w.user.row) }),
    expect: ownerOrAdmin,
    // The sponsor's name, and no email or phone: the sponsor shares no WhatsApp contact here.
    check: (_actor, data, w) => expect(data).toEqual({ name: w.sponsor.name, whatsapp: null }),
  },
  'auth.sponsorByCode': {
    input: (w) => ({ code: w.sponsor.referralCode }),
    expect: everyone(),
    check: (_actor, data, w) => expect(data).toEqual({ name: w.sponsor.name }),
  },
  'auth.setLanguage': { input: () => ({ lang: 'mr' }), expect: signedIn },
  'auth.updateProfile': { input: () => ({ name: 'Renamed Person', phone: '9876543210' }), expect: signedIn },
  'auth.changePassword': { input: () => ({ current: TEST_PASSWORD, next: TEST_PASSWORD }), expect: signedIn },
  'auth.profileImage': { expect: signedIn },
  // Multipart only (POST /api/image): over JSON a signed-in caller reaches the handler, which asks for a picture.
  'auth.setProfileImage': { input: () => ({ image: null }), expect: { ...everyone(400), visitor: 401 } },
  'auth.setupStatus': { expect: everyone(), check: (_actor, data) => expect(data).toEqual({ open: false }) },
  // Admins exist, so the one-time setup is closed for good, whoever asks.
  'auth.setup': {
    input: () => ({ token: 'A'.repeat(43), name: 'Someone', email: freshEmail('setup'), password: 'mango-lassi-42' }),
    expect: everyone(403),
  },

  // Catalogue
  'catalog.list': { expect: everyone() },
  'catalog.byId': {
    input: (w) => ({ id: id(w.owned) }),
    expect: everyone(),
    check: (actor, data) => {
      if (isOwnerOrAdmin(actor)) expect(data.lectures.map((lecture: { video: string }) => lecture.video)).toHaveLength(2);
      else expect(data.lectures).toBeNull();
      expect(JSON.stringify(data).includes('vimeo.com')).toBe(isOwnerOrAdmin(actor));
    },
  },
  'catalog.mine': {
    expect: signedIn,
    check: (actor, data: { id: string }[], w) => expect(data.some((pkg) => pkg.id === id(w.owned))).toBe(actor === 'user'),
  },
  'catalog.adminList': { expect: adminOnly() },
  // Multipart only (POST /api/course/new): over JSON the role check still holds, and an admin cannot send a picture.
  'catalog.create': { input: () => ({ ...newPackageFields, image: 'aGVsbG8=' }), expect: { ...adminOnly(400) } },
  'catalog.update': { input: (w) => ({ id: id(w.owned), ...newPackageFields }), expect: adminOnly() },
  'catalog.remove': { input: (_w, app) => ({ id: id(createPackage(app.db)) }), expect: adminOnly() },
  'catalog.stats': { expect: adminOnly() },

  // Orders
  'orders.paymentDetails': { input: (_w, app) => ({ packageId: id(createPackage(app.db)) }), expect: signedIn },
  'orders.purchase': {
    input: (w, app) => ({ name: 'Asha', email: w.user.row.email, packageId: id(createPackage(app.db)), utr: freshUtr() }),
    expect: signedIn,
  },
  'orders.mine': {
    expect: signedIn,
    check: (actor, data: { id: string; buyer: { id: string } }[], w) => {
      expect(data.some((order) => order.id === id(w.pendingOrder))).toBe(actor === 'user');
      // Only the caller's own orders, whoever they are.
      expect(data.every((order) => order.buyer.id === id(w[actor as Exclude<Actor, 'visitor'>].row))).toBe(true);
    },
  },
  'orders.pending': { input: () => ({ page: 1 }), expect: adminOnly() },
  'orders.pendingCount': { expect: adminOnly(), check: (_actor, data) => expect(data.count).toBeGreaterThanOrEqual(1) },
  'orders.decided': { input: () => ({ page: 1 }), expect: adminOnly() },
  'orders.decide': { input: (w) => ({ orderId: id(w.pendingOrder), action: 'approve' }), expect: adminOnly() },
  'orders.askDifference': {
    input: (w, app) => ({ orderId: id(insertOrder(app, w.user.row, createPackage(app.db, { pricePaise: 999_00 }))), receivedPaise: '899' }),
    expect: adminOnly(),
    check: (_actor, data) => expect(data.order.differenceDue).toEqual({ receivedPaise: 899_00, remainderPaise: 100_00 }),
  },
  'orders.differenceDetails': {
    input: (w, app) => ({ orderId: id(awaitingDifference(app, w)) }),
    expect: buyerOnly,
    check: (_actor, data) => expect(data.remainderPaise).toBe(100_00),
  },
  'orders.payDifference': { input: (w, app) => ({ orderId: id(awaitingDifference(app, w)), utr: freshUtr() }), expect: buyerOnly },

  // Discount codes
  'discounts.quote': {
    input: (_w, app) => ({ packageId: id(createPackage(app.db)), code: freshCoupon(app) }),
    expect: signedIn,
    check: (_actor, data) => expect(data).toMatchObject({ kind: 'coupon', discountPaise: expect.any(Number) }),
  },
  'orders.claimFree': {
    input: (w, app) => ({ name: 'Asha', email: w.user.row.email, packageId: id(createPackage(app.db)), code: freshCoupon(app, { free: true }) }),
    expect: signedIn,
  },
  'discounts.codes': { expect: adminOnly() },
  'discounts.createCoupon': { input: () => ({ code: `NEW${freshUtr().slice(-8)}`, percent: 10 }), expect: adminOnly() },
  'discounts.updateCoupon': { input: (_w, app) => ({ id: String(couponId(app, freshCoupon(app))), active: false }), expect: adminOnly() },
  'discounts.deleteCoupon': { input: (_w, app) => ({ id: String(couponId(app, freshCoupon(app))) }), expect: adminOnly() },
  'discounts.setAffiliateDiscount': {
    input: (w, app) => {
      const code = app.db
        .insert(discountCodes)
        .values({ code: `AFF${freshUtr().slice(-8)}`, kind: 'affiliate', affiliateId: w.affiliate.id, createdAt: Date.now() })
        .onConflictDoUpdate({ target: discountCodes.code, set: { active: true } })
        .returning()
        .get();
      return { codeId: String(code.id), percent: 15 };
    },
    expect: adminOnly(),
  },
  'discounts.sharedPlacements': { expect: adminOnly() },
  'discounts.myCode': { expect: signedIn },
  'discounts.chooseCode': { input: () => ({ code: `MINE${freshUtr().slice(-8)}` }), expect: signedIn },

  // Privacy and the audit log
  'privacy.status': { expect: signedIn, check: (_actor, data) => expect(data).toMatchObject({ noticeVersion: expect.any(String) }) },
  'privacy.accept': { input: () => ({ version: PRIVACY_NOTICE_VERSION }), expect: signedIn },
  /** One's own data only: the caller's, whoever they are. */
  'privacy.myData': {
    input: () => ({ password: TEST_PASSWORD }),
    expect: signedIn,
    check: (actor, data, w) => expect(data.account.id).toBe(w[actor as Exclude<Actor, 'visitor'>].row.id),
  },
  /** Learners may ask; an admin account cannot be erased. */
  'privacy.requestErasure': { input: () => ({ password: TEST_PASSWORD }), expect: { visitor: 401, user: 200, other: 200, admin: 403, superadmin: 403 } },
  /** The emailed link is the proof, whoever opens it; a link that is not one is refused for everyone. */
  'privacy.confirmErasure': { input: () => ({ token: 'not-a-real-erasure-link-token' }), expect: everyone(400) },
  'privacy.erasures': { expect: adminOnly() },
  // The world's accounts are adults: each may call these for itself only, and has nothing to answer or consent to.
  'privacy.answerAge': { input: () => ({ adult: true }), expect: signedInConflict },
  'privacy.parentConsent': { input: () => ({ code: '123456' }), expect: signedInConflict },
  'privacy.resendParentCode': { input: () => ({}), expect: signedInConflict },
  'audit.entries': { input: () => ({}), expect: adminOnly() },

  // Paying through the gateway (a local fake of it)
  'payments.start': {
    input: (w, app) => ({ name: 'Asha', email: w.user.row.email, packageId: id(createPackage(app.db)) }),
    expect: signedIn,
    check: (_actor, data) => expect(data).toMatchObject({ keyId: fakeKeys.keyId, currency: 'INR' }),
  },
  /** The buyer's own checkout only: anyone else's answers as if the order did not exist. */
  'payments.confirm': {
    input: async (w, app) => {
      const launch = await startGatewayPayment(app.deps, w.user.row.id, { name: 'Asha', email: w.user.row.email, packageId: createPackage(app.db).id });
      const paid = fake.pay(launch.gatewayOrderId);
      return { orderId: String(launch.orderId), paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature };
    },
    expect: { visitor: 401, user: 200, other: 404, admin: 404, superadmin: 404 },
  },
  /** The buyer's own order only. */
  'payments.checkout': {
    input: async (w, app) => {
      const launch = await startGatewayPayment(app.deps, w.user.row.id, { name: 'Asha', email: w.user.row.email, packageId: createPackage(app.db).id });
      return { orderId: String(launch.orderId) };
    },
    expect: { visitor: 401, user: 200, other: 404, admin: 404, superadmin: 404 },
    check: (_actor, data) => expect(data).toMatchObject({ status: 'pending', launch: { keyId: fakeKeys.keyId } }),
  },
  'notifications.failed': { expect: adminOnly() },
  'notifications.retry': {
    input: (w, app) => {
      const row = app.db
        .insert(notifications)
        .values({
          eventKey: `access-test:${freshUtr()}`,
          userId: w.user.row.id,
          recipient: `user:${w.user.row.id}`,
          channel: 'email',
          kind: 'password-changed',
          lang: 'en',
          payload: '{}',
          status: 'failed',
          nextAttemptAt: 0,
          createdAt: Date.now(),
        })
        .returning()
        .get();
      return { ids: [String(row.id)] };
    },
    expect: adminOnly(),
  },
  'payments.alerts': { expect: adminOnly() },
  'payments.resolveAlert': {
    input: (w, app) => {
      const alert = app.db
        .insert(paymentAlerts)
        .values({ orderId: w.pendingOrder.id, gatewayPaymentId: `pay_Alert${freshUtr()}`, kind: 'double_payment', amountPaise: 100_00, foundAt: Date.now() })
        .returning()
        .get();
      return { alertId: String(alert.id), refund: false };
    },
    expect: adminOnly(),
  },
  'payments.refundOrder': {
    input: async (w, app) => {
      const buyer = w.other.row.id;
      const launch = await startGatewayPayment(app.deps, buyer, { name: 'Ravi', email: w.other.row.email, packageId: createPackage(app.db).id });
      fake.pay(launch.gatewayOrderId);
      await settleGatewayOrder(app.deps, launch.orderId);
      return { orderId: String(launch.orderId), reason: 'Asked for a refund' };
    },
    expect: adminOnly(),
  },

  // Lectures
  'lectures.forPackage': {
    input: (w) => ({ packageId: id(w.owned) }),
    expect: buyerOrAdmin,
    check: (_actor, data) => expect(data.lectures).toHaveLength(2),
  },
  'lectures.add': {
    input: (w) => ({ packageId: id(w.owned), video: 'https://youtu.be/dQw4w9WgXcQ', title: 'Part three' }),
    expect: adminOnly(),
  },
  'lectures.update': {
    input: (w) => ({ id: id(w.lectures[0]!), video: 'https://youtu.be/dQw4w9WgXcQ', title: 'Part one, again', lengthSeconds: 600 }),
    expect: adminOnly(),
  },
  'lectures.withoutLength': { expect: adminOnly() },
  'lectures.remove': { input: (w) => ({ id: id(w.lectures[0]!) }), expect: adminOnly() },
  'lectures.reorder': { input: (w) => ({ packageId: id(w.owned), lectureIds: w.lectures.map(id).reverse() }), expect: adminOnly() },
  'lectures.saveProgress': { input: (w) => ({ packageId: id(w.owned), lectureId: id(w.lectures[1]!) }), expect: buyerOrAdmin },

  // Learning: progress, drip, quizzes, certificates, the admin's report
  'progress.start': { input: (w) => ({ packageId: id(w.owned), lectureId: id(w.lectures[0]!) }), expect: buyerOrAdmin },
  'progress.watched': {
    input: (w, app) => {
      startedByUserAndAdmin(w, app);
      return { packageId: id(w.owned), lectureId: id(w.lectures[0]!), watchedSeconds: 60, durationSeconds: 600 };
    },
    expect: buyerOrAdmin,
  },
  'progress.markDone': {
    input: (w, app) => {
      startedByUserAndAdmin(w, app);
      return { packageId: id(w.owned), lectureId: id(w.lectures[0]!) };
    },
    expect: buyerOrAdmin,
  },
  'progress.ofPackage': { input: (w) => ({ packageId: id(w.owned) }), expect: buyerOrAdmin },
  'progress.mine': {
    expect: signedIn,
    check: (actor, data: { packageId: string }[], w) => expect(data.some((row) => row.packageId === id(w.owned))).toBe(actor === 'user'),
  },
  'drip.schedule': { input: (w) => ({ packageId: id(w.owned) }), expect: adminOnly() },
  'drip.set': { input: (w) => ({ packageId: id(w.owned), mode: 'weekly' }), expect: adminOnly() },
  'quizzes.ofPackageForAdmin': { input: (w) => ({ packageId: id(w.owned) }), expect: adminOnly() },
  'quizzes.create': { input: (w) => ({ packageId: id(w.owned), lectureId: id(w.lectures[0]!), passPercent: 60 }), expect: adminOnly() },
  'quizzes.setPassPercent': { input: (w, app) => ({ quizId: id(quizWithQuestion(app.db, w.owned.id, null).quiz), passPercent: 70 }), expect: adminOnly() },
  'quizzes.remove': { input: (w, app) => ({ quizId: id(quizWithQuestion(app.db, w.owned.id, null).quiz) }), expect: adminOnly() },
  'quizzes.saveQuestion': {
    input: (w, app) => ({
      quizId: id(quizWithQuestion(app.db, w.owned.id, null).quiz),
      textMr: 'शेअर म्हणजे काय?',
      options: [
        { textMr: 'कंपनीतील हिस्सा', correct: true },
        { textMr: 'कर्ज', correct: false },
      ],
    }),
    expect: adminOnly(),
  },
  'quizzes.moveQuestion': {
    input: (w, app) => ({ questionId: id(quizWithQuestion(app.db, w.owned.id, null).question), direction: 'up' }),
    expect: adminOnly(),
  },
  'quizzes.removeQuestion': { input: (w, app) => ({ questionId: id(quizWithQuestion(app.db, w.owned.id, null).question) }), expect: adminOnly() },
  'quizzes.ofPackage': { input: (w) => ({ packageId: id(w.owned) }), expect: buyerOrAdmin },
  'quizzes.take': {
    input: (w, app) => ({ quizId: id(quizWithQuestion(app.db, w.owned.id, w.lectures[0]!.id).quiz) }),
    expect: buyerOrAdmin,
    check: (_actor, data) => expect(JSON.stringify(data)).not.toMatch(/correct|explanation/i),
  },
  'quizzes.submit': {
    input: (w, app) => {
      const { quiz, question, right } = quizWithQuestion(app.db, w.owned.id, null);
      return { quizId: id(quiz), answers: [{ questionId: id(question), optionIds: right.map(String) }] };
    },
    expect: buyerOrAdmin,
  },
  'quizzes.attempts': { input: (w, app) => ({ quizId: id(quizWithQuestion(app.db, w.owned.id, null).quiz) }), expect: buyerOrAdmin },
  'certificates.verify': {
    input: (w, app) => ({ number: certificateOf(w, app) }),
    expect: everyone(),
    check: (_actor, data, w) => {
      // Only what the public page shows: never the account's email, phone or account name.
      expect(Object.keys(data).sort()).toEqual(['issuedAt', 'linkedInUrl', 'name', 'number', 'packageName', 'referralLink', 'status', 'url']);
      for (const secret of [w.user.row.email, w.user.row.phone!, w.user.row.name]) expect(JSON.stringify(data)).not.toContain(secret);
    },
  },
  'certificates.status': { input: (w) => ({ packageId: id(w.owned) }), expect: { visitor: 401, user: 200, other: 403, admin: 403, superadmin: 403 } },
  'certificates.myName': { expect: signedIn },
  'certificates.claim': {
    input: (w, app) => {
      enableCertificates(app.db, w.owned.id);
      watchEveryLecture(app.db, w.user.row.id, w.owned.id);
      return { packageId: id(w.owned), name: 'आशा पवार' };
    },
    expect: { visitor: 401, user: 200, other: 403, admin: 403, superadmin: 403 },
  },
  'certificates.mine': {
    input: (w, app) => {
      certificateOf(w, app);
      return undefined;
    },
    expect: signedIn,
    check: (actor, data: unknown[]) => expect(data.length > 0).toBe(actor === 'user'),
  },
  'certificates.pdf': { input: (w, app) => ({ number: certificateOf(w, app) }), expect: { ...ownerOrAdmin, other: 404 } },
  'certificates.setEnabled': { input: (w) => ({ packageId: id(w.owned), enabled: true }), expect: adminOnly() },
  'certificates.list': { input: () => ({}), expect: adminOnly() },
  'certificates.revoke': { input: (w, app) => ({ number: certificateOf(w, app), reason: 'Shared the account' }), expect: adminOnly() },
  'certificates.restore': {
    input: (w, app) => {
      const number = certificateOf(w, app);
      revokeCertificate(app.deps, w.admin.row.id, { number, reason: 'Shared the account' });
      return { number, reason: 'Checked: not shared' };
    },
    expect: adminOnly(),
  },
  'certificates.correctName': {
    input: (w, app) => {
      certificateOf(w, app);
      return { userId: id(w.user.row), name: 'आशा सुनील पवार', reason: 'Spelling asked by the learner' };
    },
    expect: adminOnly(),
  },
  // WhatsApp updates: one's own choice; the report is the admins'
  'whatsapp.choice': { expect: signedIn, check: (_actor, data) => expect(data).toMatchObject({ available: true }) },
  'whatsapp.setChoice': { input: () => ({ on: true, phone: '9876543210', consent: true }), expect: signedIn },
  'whatsapp.report': { expect: adminOnly(), check: (_actor, data) => expect(data).toMatchObject({ enabled: true, months: expect.any(Array) }) },
  'learningReport.packages': { expect: adminOnly() },
  'learningReport.stuck': { input: (w) => ({ packageId: id(w.owned), days: 1 }), expect: adminOnly() },

  // Receipts
  'receipts.mine': {
    input: (w, app) => {
      approvedOrder(app, w);
      return undefined;
    },
    expect: signedIn,
    // Only the caller's own receipts: the user has one, nobody else's shows.
    check: (actor, data: { orderId: string }[]) => expect(data.length > 0).toBe(actor === 'user'),
  },
  'receipts.byOrder': { input: (w, app) => ({ orderId: id(approvedOrder(app, w)) }), expect: ownerOrAdmin },
  'receipts.pdf': { input: (w, app) => ({ orderId: id(approvedOrder(app, w)) }), expect: ownerOrAdmin },
  'receipts.list': { input: () => ({ from: '2026-04-01', to: '2027-03-31', page: 1 }), expect: adminOnly() },
  'receipts.csv': { input: () => ({ from: '2026-04-01', to: '2027-03-31' }), expect: adminOnly() },
  'receipts.creditNotePdf': { input: (w, app) => ({ orderId: id(creditNotedOrder(app, w)) }), expect: ownerOrAdmin },
  'receipts.gstr1': { input: () => ({ month: '2026-11' }), expect: adminOnly() },

  // Bank statements. Upload is multipart only (POST /api/admin/statements).
  'statements.upload': { input: () => ({ file: null, staleDays: 3 }), expect: adminOnly(400) },
  'statements.result': { input: () => ({ importId, staleDays: 3 }), expect: adminOnly() },
  'statements.recent': { expect: adminOnly() },
  'statements.approveExact': { input: (w) => ({ importId, orderIds: [id(w.pendingOrder)] }), expect: adminOnly() },

  // Devices (sessions)
  'devices.mine': {
    expect: signedIn,
    check: (_actor, data) => expect(data.devices.filter((device: { current: boolean }) => device.current)).toHaveLength(1),
  },
  // The user's own device: anyone else is told it is not found (their own devices only).
  'devices.logOut': {
    input: (w, app) => ({ deviceId: String(sessionIdOf(app, w.user.token)) }),
    expect: { visitor: 401, user: 200, other: 404, admin: 404, superadmin: 404 },
  },
  'devices.ofUser': { input: (w) => ({ userId: id(w.user.row) }), expect: adminOnly() },
  'devices.logOutAll': { input: (w) => ({ userId: id(w.user.row) }), expect: adminOnly() },

  // Taking back access to a package
  'access.ofUser': { input: (w) => ({ userId: id(w.user.row) }), expect: adminOnly() },
  'access.revoke': { input: (w) => ({ userId: id(w.user.row), packageId: id(w.owned), reason: 'Shared the login' }), expect: adminOnly() },
  'access.restore': {
    input: (w, app) => {
      app.db
        .insert(packageAccessRevocations)
        .values({ userId: w.user.row.id, packageId: w.owned.id, reason: 'Checking', revokedBy: w.admin.row.id, revokedAt: Date.now() })
        .run();
      return { userId: id(w.user.row), packageId: id(w.owned) };
    },
    expect: adminOnly(),
  },
  // Payouts. An affiliate's own things: requests answer 404 to anyone else, admins included.
  'payouts.mine': { expect: signedIn },
  'payouts.saveDetails': { input: () => ({ method: 'upi', upiId: 'asha@okaxis', currentPassword: TEST_PASSWORD }), expect: signedIn },
  'payouts.request': {
    input: async (w, app) => {
      await payableUser(w, app);
    },
    // Only the user has details and earnings; everyone else is told to add details first.
    expect: { visitor: 401, user: 200, other: 409, admin: 409, superadmin: 409 },
  },
  'payouts.cancelRequest': {
    input: async (w, app) => {
      await payableUser(w, app);
      return { requestId: requestPayout(app.deps, w.user.row.id).id };
    },
    expect: { visitor: 401, user: 200, other: 404, admin: 404, superadmin: 404 },
  },
  'payouts.statement': {
    input: async (w, app) => {
      await payableUser(w, app);
      return { period: monthNow() };
    },
    expect: signedIn,
    // Each signed-in person sees their own lines: the user's commission shows in the user's statement only.
    check: (actor, data: { lines: unknown[] }) => expect(data.lines.length > 0).toBe(actor === 'user'),
  },
  'payouts.statementCsv': {
    input: async (w, app) => {
      await payableUser(w, app);
      return { period: monthNow() };
    },
    expect: signedIn,
    check: (actor, data: { csv: string }) => expect(data.csv.includes('commission')).toBe(actor === 'user'),
  },
  'payouts.overview': { expect: adminOnly() },
  'payouts.clearHold': { input: (w) => ({ userId: id(w.user.row) }), expect: adminOnly() },
  'payouts.makeBatch': {
    input: async (w, app) => {
      await payableUser(w, app);
      return { userIds: [id(w.user.row)] };
    },
    expect: adminOnly(),
  },
  'payouts.batches': { expect: adminOnly() },
  'payouts.batch': { input: async (w, app) => ({ batchId: (await batchOf(w, app)).batchId }), expect: adminOnly() },
  'payouts.exportBatch': { input: async (w, app) => ({ batchId: (await batchOf(w, app)).batchId }), expect: adminOnly() },
  'payouts.markPaid': { input: async (w, app) => ({ lineId: (await batchOf(w, app)).lineId, utr: 'HDFCN52026112512345' }), expect: adminOnly() },
  'payouts.markFailed': { input: async (w, app) => ({ lineId: (await batchOf(w, app)).lineId, reason: 'Account closed' }), expect: adminOnly() },
  'payouts.tdsRegister': { input: () => ({ quarter: 'FY2026-27 Q3' }), expect: adminOnly() },
  'payouts.reverseOrder': {
    input: async (w, app) => {
      const { order } = await earnCommission(app, { earnerId: w.sponsor.id, adminId: w.admin.row.id, amountPaise: 10_000, at: Date.now() });
      return { utr: order.utr, reason: 'Fake UTR' };
    },
    expect: adminOnly(),
  },
};

function sessionIdOf(app: TestApp, token: string): number {
  return app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .get()!.id;
}

const restCalls: Record<string, RestCell> = {
  // Accounts
  'GET /api/user/me': { request: () => ({ url: '/api/user/me' }), expect: signedIn },
  'POST /api/user/login': { request: (w) => ({ url: '/api/user/login', body: { email: w.user.row.email, password: TEST_PASSWORD } }), expect: everyone() },
  'POST /api/user/register': {
    request: () => ({
      url: '/api/user/register',
      body: { name: 'New Learner', email: freshEmail('register'), contact: '9876543210', password: 'mango-lassi-42' },
    }),
    expect: everyone(),
  },
  'POST /api/user/verify': {
    request: async (_w, app) => {
      const { activationToken, code } = await pendingRegistration(app);
      return { url: '/api/user/verify', body: { activationToken, otp: code } };
    },
    expect: everyone(),
  },
  'POST /api/user/forgot': { request: (w) => ({ url: '/api/user/forgot', body: { email: w.user.row.email } }), expect: everyone() },
  'POST /api/user/reset': {
    request: (w, app) => ({ url: `/api/user/reset?token=${resetToken(app, w.user.row.id)}`, body: { password: 'a-new-password-7' } }),
    expect: everyone(),
  },
  'POST /api/user/logout': { request: () => ({ url: '/api/user/logout' }), expect: signedIn },
  'GET /api/user/referrer/:userId': {
    request: (w) => ({ url: `/api/user/referrer/${w.user.row.id}` }),
    expect: ownerOrAdmin,
    check: (_actor, body, w) => expect(body.referrer).toMatchObject({ name: w.sponsor.name }),
  },
  'GET /api/profile-image': { request: () => ({ url: '/api/profile-image' }), expect: signedIn },
  'POST /api/image': {
    request: () => ({ url: '/api/image', form: { fields: {}, file: { field: 'profileImage', name: 'me.png', type: 'image/png', content: png } } }),
    expect: signedIn,
  },

  // Catalogue
  'GET /api/course/all': { request: () => ({ url: '/api/course/all' }), expect: everyone() },
  'GET /api/course/:id': {
    request: (w) => ({ url: `/api/course/${w.owned.id}` }),
    expect: everyone(),
    check: (actor, body) => {
      expect('lectures' in body.course).toBe(isOwnerOrAdmin(actor));
      expect(JSON.stringify(body).includes('vimeo.com')).toBe(isOwnerOrAdmin(actor));
    },
  },
  'GET /api/getAllCourses': { request: () => ({ url: '/api/getAllCourses' }), expect: everyone() },
  'GET /api/mycourse': {
    request: () => ({ url: '/api/mycourse' }),
    expect: signedIn,
    check: (actor, body, w) => {
      expect(body.courses.some((course: { _id: string }) => course._id === id(w.owned))).toBe(actor === 'user');
      expect(body.purchasedCourses).toEqual(body.courses);
    },
  },
  'GET /api/getlecturesByCourseId/:courseId': {
    request: (w) => ({ url: `/api/getlecturesByCourseId/${w.owned.id}` }),
    expect: buyerOrAdmin,
    check: (_actor, body) => expect(body.lectures).toHaveLength(2),
  },
  'POST /api/course/new': {
    request: () => ({
      url: '/api/course/new',
      form: { fields: newPackageFields, file: { field: 'image', name: 'cover.png', type: 'image/png', content: png } },
    }),
    expect: adminOnly(201),
  },
  'POST /api/course/:id/edit': {
    request: (_w, app) => ({ url: `/api/course/${createPackage(app.db).id}/edit`, form: { fields: newPackageFields, file: null } }),
    expect: adminOnly(),
  },
  'DELETE /api/course/:id': { request: (_w, app) => ({ url: `/api/course/${createPackage(app.db).id}` }), expect: adminOnly() },
  'POST /api/course/:courseId/lecture': {
    request: (w) => ({ url: `/api/course/${w.owned.id}/lecture`, body: { video: 'https://vimeo.com/76979871', title: 'Part three' } }),
    expect: adminOnly(201),
  },
  'DELETE /api/lecture/:lectureId': { request: (w) => ({ url: `/api/lecture/${w.lectures[0]!.id}` }), expect: adminOnly() },
  'GET /api/stats': { request: () => ({ url: '/api/stats' }), expect: adminOnly() },

  // Orders
  'POST /api/course/purchase': {
    request: (w, app) => ({
      url: '/api/course/purchase',
      body: { name: 'Asha', email: w.user.row.email, courseId: id(createPackage(app.db)), transactionId: freshUtr() },
    }),
    expect: signedIn,
  },
  'GET /api/admin/pending-orders': { request: () => ({ url: '/api/admin/pending-orders' }), expect: adminOnly() },
  'POST /approve': { request: (w) => ({ url: '/approve', body: { orderId: id(w.pendingOrder), action: 'approve' } }), expect: adminOnly() },

  // Referrals, earnings and people
  'GET /api/leaderboard': { request: () => ({ url: '/api/leaderboard' }), expect: signedIn },
  'GET /api/affiliates': {
    request: () => ({ url: '/api/affiliates' }),
    expect: signedIn,
    check: (actor, body, w) => expect(body.affiliates.some((person: { _id: string }) => person._id === id(w.affiliate))).toBe(actor === 'user'),
  },
  'GET /api/admin/users': { request: () => ({ url: '/api/admin/users' }), expect: adminOnly() },
  'DELETE /api/users/delete': { request: (w) => ({ url: '/api/users/delete', body: { email: w.affiliate.email } }), expect: superadminOnly },
  'POST /api/admin/sendMail': {
    request: async (w, app) => {
      await earnCommission(app, { earnerId: w.user.row.id, adminId: w.admin.row.id, amountPaise: 10_000, at: Date.now() });
      return { url: '/api/admin/sendMail', body: { email: w.user.row.email, amount: 1 } };
    },
    expect: adminOnly(),
  },
  'POST /api/admin/statements': {
    request: () => ({
      url: '/api/admin/statements',
      form: { fields: { staleDays: '3' }, file: { field: 'statement', name: 'statement.csv', type: CSV_TYPE, content: statementFile() } },
    }),
    expect: adminOnly(),
  },
};

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp({ env: { ...gatewayEnv(fake.url), ...whatsAppEnv('http://127.0.0.1:9') }, build: { reconcileGateway: false } });
  png = await makePng(64, 64);
  staff = await createStaff(t);
  const w = await buildWorld(t, staff);
  const uploaded = await postForm(
    `${t.url}/api/admin/statements`,
    { staleDays: '3' },
    { field: 'statement', name: 'statement.csv', type: CSV_TYPE, content: statementFile() },
    { token: w.admin.token },
  );
  expect(uploaded.status).toBe(200);
  importId = uploaded.body.importId;
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Calls `call` once per actor, each in a fresh world (a call may log out, delete or approve). */
async function statusesOf(call: (actor: Actor, w: World) => Promise<{ status: number; body: any }>, check: Check | undefined) {
  const statuses = {} as Statuses;
  for (const actor of actors) {
    const w = await buildWorld(t, staff);
    const answer = await call(actor, w);
    statuses[actor] = answer.status;
    if (answer.status >= 400) {
      // Every refusal says why, in JSON, with a stable code.
      expect(typeof (answer.body?.message ?? answer.body?.error?.message), `${actor}: ${JSON.stringify(answer.body)}`).toBe('string');
    } else if (check) {
      check(actor, answer.body, w);
    }
  }
  return statuses;
}

describe('the access table', () => {
  it('has an entry for every tRPC procedure, and none for a procedure that does not exist', () => {
    expect(Object.keys(procedures).sort()).toEqual(Object.keys(allProcedures()).sort());
  });

  it('has an entry for every REST row, and none for a row that does not exist', () => {
    expect(Object.keys(restCalls).sort()).toEqual(restRoutes.map((row) => `${row.method} ${row.path}`).sort());
  });
});

describe('each tRPC procedure answers each caller as the table says', () => {
  const types = allProcedures();
  it.each(Object.keys(types))('%s', async (path) => {
    const cell = procedures[path];
    expect(cell, `no access entry for ${path}`).toBeDefined();
    const statuses = await statusesOf(async (actor, w) => {
      const answer = await callProcedure(t.url, path, types[path]!, await cell!.input?.(w, t), { token: w.tokenOf(actor) });
      return { status: answer.status, body: answer.status < 400 ? trpcData(answer.body) : answer.body };
    }, cell!.check);
    expect(statuses).toEqual(cell!.expect);
  });
});

describe('each REST row answers each caller as the table says', () => {
  it.each(restRoutes.map((row) => [`${row.method} ${row.path}`, row.method] as const))('%s', async (key, method) => {
    const cell = restCalls[key];
    expect(cell, `no access entry for ${key}`).toBeDefined();
    const statuses = await statusesOf(async (actor, w) => {
      const request = await cell!.request(w, t);
      const token = w.tokenOf(actor);
      if (request.form) return postForm(t.url + request.url, request.form.fields, request.form.file, token ? { token } : {});
      return callJson(t.url, method, request.url, { ...(token && { token }), ...(request.body !== undefined && { body: request.body }) });
    }, cell!.check);
    expect(statuses).toEqual(cell!.expect);
  });
});

describe('ownership beyond status codes', () => {
  it('makes a certificate public only through its verify page, and only what that page shows', async () => {
    const w = await buildWorld(t, staff);
    const number = certificateOf(w, t);
    for (const actor of ['visitor', 'other'] as const) {
      const token = w.tokenOf(actor) ?? undefined;
      expect((await callProcedure(t.url, 'certificates.pdf', 'query', { number }, { token })).status).toBeGreaterThanOrEqual(401);
      expect((await callProcedure(t.url, 'certificates.list', 'query', {}, { token })).status).toBeGreaterThanOrEqual(401);
      expect((await callProcedure(t.url, 'certificates.status', 'query', { packageId: id(w.owned) }, { token })).status).toBeGreaterThanOrEqual(401);
      const mine = trpcData((await callProcedure(t.url, 'certificates.mine', 'query', undefined, { token })).body) ?? [];
      expect(JSON.stringify(mine)).not.toContain(number);
      const seen = trpcData((await callProcedure(t.url, 'certificates.verify', 'query', { number }, { token })).body);
      expect(seen).toMatchObject({ status: 'valid', number, name: 'आशा पवार', packageName: w.owned.name });
      expect(JSON.stringify(seen)).not.toContain(w.user.row.email);
    }
  });

  it('never gives a learner who has not bought a package its lecture links, through any read', async () => {
    const w = await buildWorld(t, staff);
    const answers = await Promise.all(
      (['visitor', 'other'] as const).flatMap((actor) => {
        const token = w.tokenOf(actor) ?? undefined;
        return [
          callProcedure(t.url, 'catalog.byId', 'query', { id: id(w.owned) }, { token }),
          callProcedure(t.url, 'lectures.forPackage', 'query', { packageId: id(w.owned) }, { token }),
          callJson(t.url, 'GET', `/api/course/${w.owned.id}`, { token }),
          callJson(t.url, 'GET', `/api/getlecturesByCourseId/${w.owned.id}`, { token }),
          callJson(t.url, 'GET', '/api/mycourse', { token }),
          callProcedure(t.url, 'catalog.mine', 'query', undefined, { token }),
          callJson(t.url, 'GET', '/api/course/all', { token }),
        ];
      }),
    );
    for (const answer of answers) {
      const text = JSON.stringify(answer.body);
      for (const lecture of w.lectures) expect(text).not.toContain(lecture.videoUrl);
      expect(text).not.toMatch(/youtube-nocookie\.com\/embed|player\.vimeo\.com/);
    }
  });

  it('keeps one learner from reading or acting on what belongs to another through ids', async () => {
    const w = await buildWorld(t, staff);
    const asOther = { token: w.other.token };
    // Another learner's dashboard, sponsor and lectures.
    expect((await callProcedure(t.url, 'affiliate.dashboard', 'query', { userId: id(w.user.row) }, asOther)).status).toBe(403);
    expect((await callJson(t.url, 'GET', `/api/user/referrer/${w.user.row.id}`, asOther)).status).toBe(403);
    expect((await callProcedure(t.url, 'lectures.saveProgress', 'mutation', { packageId: id(w.owned), lectureId: id(w.lectures[0]!) }, asOther)).status).toBe(
      403,
    );
    // Nothing of the user's shows in the other learner's own lists.
    const mine = trpcData((await callProcedure(t.url, 'orders.mine', 'query', undefined, asOther)).body);
    expect(mine).toEqual([]);
    const affiliates = (await callJson(t.url, 'GET', '/api/affiliates', asOther)).body.affiliates;
    expect(affiliates).toEqual([]);
    // The user's own answers do carry them.
    const own = trpcData((await callProcedure(t.url, 'orders.mine', 'query', undefined, { token: w.user.token })).body);
    expect(own.map((order: { id: string }) => order.id)).toEqual([id(w.pendingOrder)]);
  });
});
