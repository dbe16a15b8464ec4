import { gatewayEnv, startFakeRazorpay, type FakeRazorpay } from '../test/fake-razorpay.js';
import { whatsAppEnv } from '../test/fake-graph-api.js';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage } from '../test/factories.js';
import { dbChecksum, rowCounts } from '../test/db-snapshot.js';
import { makePixelBomb, makePng, svgWithScript } from '../test/images.js';
import { postForm } from '../test/multipart.js';
import { nastyString, nastyValue, nestedArray, nestedObject, percentEncode, rawPathSegments } from '../test/nasty.js';
import { answerOf, callJson, startTestApp, type TestApp } from '../test/test-app.js';
import { allProcedures, callProcedure } from '../test/trpc-http.js';
import { PROCEDURE_INPUTS } from '../test/procedure-inputs.js';
import { buildWorld, createStaff, freshEmail, freshUtr, pendingRegistration, resetToken, type World } from '../test/world.js';
import { JSON_BODY_LIMIT } from './http/app.js';
import { users } from './db/schema.js';
import { createSession } from './features/auth/sessions.service.js';
import { restRoutes } from './rest/rest-routes.js';
import { quizWithQuestion } from '../test/learning.js';

/**
 * Bad input everywhere: every procedure's input and every REST row, fed wrong types, nulls,
 * huge strings, deep nesting, unicode edge cases, SQL and HTML fragments, by the superadmin
 * (who passes every role check, so the input is what gets judged). Always a 4xx with a JSON
 * message and no stack, never a 5xx; a refused call leaves every row of the database as it was.
 */

/** Random cases per procedure and per REST row, on top of the fixed examples below. */
const RUNS = 5;

let t: TestApp;
let fake: FakeRazorpay;
let w: World;
let superadminId: number;

/** A session of the superadmin made for one case (a case may log out), its role put back first. */
function superadminToken(): string {
  t.db.update(users).set({ role: 'superadmin', deletedAt: null }).where(eq(users.id, superadminId)).run();
  return createSession(t.db, superadminId, Date.now()).token;
}

const id = (value: { id: number }) => String(value.id);

/** Valid input for each procedure; the cases spoil it. `undefined` for procedures without input. */
type Samples = Record<string, unknown>;
let samples: Samples;

async function makeSamples(): Promise<Samples> {
  const pending = await pendingRegistration(t, { sentAgoMs: 2 * 60 * 1000 });
  const doomed = createPackage(t.db);
  // Another learner's device: the superadmin may not log it out (404), whatever the input.
  const otherSession = createSession(t.db, w.other.row.id, Date.now()).sessionId;
  const quiz = quizWithQuestion(t.db, w.owned.id, null);
  return {
    'admin.stats': undefined,
    'admin.users': { search: 'asha', page: 1 },
    'admin.setRole': { userId: id(w.affiliate), role: 'admin' },
    'admin.deleteUser': { email: w.affiliate.email },
    'affiliate.dashboard': { userId: id(w.user.row) },
    'affiliate.leaderboard': { period: 'week' },
    'affiliate.affiliates': undefined,
    'affiliate.earningsHistory': undefined,
    'affiliate.pay': { email: w.user.row.email, amount: 1 },
    'auth.me': undefined,
    'auth.profile': undefined,
    'auth.login': { email: w.other.row.email, password: 'wrong password', replaceDevice: '1' },
    'auth.logout': undefined,
    'auth.register': { name: 'Asha', email: freshEmail('fuzz'), phone: '9876543210', password: 'mango-lassi-42', code: 'ABCDEFGH' },
    'auth.verify': { activationToken: pending.activationToken, otp: '000000' },
    'auth.resendCode': { activationToken: pending.activationToken },
    'auth.forgot': { email: w.other.row.email },
    'auth.resetPassword': { token: resetToken(t, w.other.row.id), password: 'a-new-password-7' },
    'auth.referrer': { userId: id(w.user.row) },
    'auth.sponsorByCode': { code: 'ABCDEFGH' },
    'auth.setLanguage': { lang: 'mr' },
    'auth.updateProfile': { name: 'Asha', phone: '9876543210' },
    'auth.changePassword': { current: 'wrong password', next: 'mango-lassi-42' },
    'auth.profileImage': undefined,
    'auth.setProfileImage': { image: null },
    'auth.setupStatus': undefined,
    'auth.setup': { token: 'A'.repeat(43), name: 'Someone', email: freshEmail('setup'), phone: '9876543210', password: 'mango-lassi-42' },
    'catalog.list': undefined,
    'catalog.byId': { id: id(w.owned) },
    'catalog.mine': undefined,
    'catalog.adminList': undefined,
    'catalog.create': { name: 'Share Market', description: 'Learn', price: '4999', tier: 'Gold', commission: '100', image: null },
    'catalog.update': { id: id(w.owned), name: 'Share Market', description: 'Learn', price: '4999', tier: 'Gold', commission: '100' },
    'catalog.remove': { id: id(doomed) },
    'catalog.stats': undefined,
    'orders.paymentDetails': { packageId: id(w.forSale) },
    'orders.purchase': { name: 'Asha', email: w.user.row.email, code: 'ABCDEFGH', packageId: id(w.owned), utr: freshUtr() },
    'orders.mine': undefined,
    'orders.pending': { search: 'asha', page: 1 },
    'orders.pendingCount': undefined,
    'orders.decided': { search: 'asha', page: 1 },
    'orders.decide': { orderId: id(w.pendingOrder), action: 'reject', reason: 'No such credit' },
    // No such order: the input is judged, and no message is set off to be delivered while later cases compare the database.
    'orders.askDifference': { orderId: '999999', receivedPaise: '899', reason: '₹899 arrived, pay the remaining ₹100' },
    'orders.differenceDetails': { orderId: id(w.pendingOrder) },
    'orders.payDifference': { orderId: '999999', utr: freshUtr() },
    'privacy.status': undefined,
    'privacy.accept': { version: '2026-11-29' },
    'privacy.myData': { password: 'correct horse battery' },
    'privacy.requestErasure': { password: 'wrong horse battery' },
    'privacy.confirmErasure': { token: 'a'.repeat(43) },
    'privacy.erasures': undefined,
    'privacy.answerAge': { adult: false, parentEmail: 'aai.pawar@example.com' },
    'privacy.parentConsent': { code: '123456' },
    'privacy.resendParentCode': { parentEmail: 'aai.pawar@example.com' },
    'audit.entries': { from: '2026-11-01', to: '2026-11-30', action: 'orders.decide', kind: 'actions', person: 'Asha', page: 1 },
    'orders.claimFree': { name: 'Asha', email: w.user.row.email, packageId: id(w.forSale), code: 'FREE100' },
    'discounts.quote': { packageId: id(w.forSale), code: 'SALE10' },
    'discounts.codes': undefined,
    'discounts.createCoupon': {
      code: 'FESTIVAL25',
      percent: 25,
      packageIds: [id(w.forSale)],
      validFrom: '2026-12-01',
      validUntil: '2026-12-31',
      maxUses: 100,
      note: 'Diwali',
    },
    'discounts.updateCoupon': { id: '999999', active: false, validUntil: '2027-01-31' },
    'discounts.deleteCoupon': { id: '999999' },
    'discounts.setAffiliateDiscount': { codeId: '999999', percent: 12.5 },
    'discounts.sharedPlacements': undefined,
    'discounts.myCode': undefined,
    'discounts.chooseCode': { code: 'SUNIL10' },
    'payments.start': { name: 'Asha', email: w.user.row.email, code: 'ABCDEFGH', packageId: id(w.forSale) },
    'payments.confirm': { orderId: id(w.pendingOrder), paymentId: 'pay_AbCdEf123456', signature: 'ab'.repeat(32) },
    'payments.checkout': { orderId: id(w.pendingOrder) },
    'notifications.failed': { page: 1 },
    'notifications.retry': { ids: ['1'] },
    'payments.alerts': { resolved: false },
    'payments.resolveAlert': { alertId: '999999', refund: false },
    'payments.refundOrder': { orderId: id(w.pendingOrder), reason: 'Asked for a refund' },
    'lectures.forPackage': { packageId: id(w.owned) },
    'lectures.add': { packageId: id(w.owned), video: 'https://youtu.be/dQw4w9WgXcQ', title: 'Part three', lengthSeconds: '12:30' },
    'lectures.update': { id: id(w.lectures[0]!), video: 'https://youtu.be/dQw4w9WgXcQ', title: 'Part one', lengthSeconds: '10:00' },
    'lectures.withoutLength': undefined,
    'lectures.remove': { id: id(w.lectures[0]!) },
    'lectures.reorder': { packageId: id(w.owned), lectureIds: w.lectures.map(id) },
    'lectures.saveProgress': { packageId: id(w.owned), lectureId: id(w.lectures[1]!) },
    'progress.start': { packageId: id(w.owned), lectureId: id(w.lectures[0]!) },
    'progress.watched': { packageId: id(w.owned), lectureId: id(w.lectures[0]!), watchedSeconds: 60, durationSeconds: 600 },
    'progress.markDone': { packageId: id(w.owned), lectureId: id(w.lectures[1]!) },
    'progress.ofPackage': { packageId: id(w.owned) },
    'progress.mine': undefined,
    'drip.schedule': { packageId: id(w.owned) },
    'drip.set': { packageId: id(w.owned), mode: 'days', days: [{ lectureId: id(w.lectures[1]!), days: 3 }] },
    'quizzes.ofPackageForAdmin': { packageId: id(w.owned) },
    'quizzes.create': { packageId: id(w.owned), lectureId: id(w.lectures[1]!), passPercent: 60 },
    'quizzes.setPassPercent': { quizId: id(quiz.quiz), passPercent: 70 },
    'quizzes.remove': { quizId: '999999' },
    'quizzes.saveQuestion': {
      quizId: id(quiz.quiz),
      textEn: 'What is a share?',
      textMr: 'शेअर म्हणजे काय?',
      explanationEn: 'A part of a company.',
      explanationMr: 'कंपनीतील हिस्सा.',
      options: [
        { textEn: 'A part of a company', textMr: 'कंपनीतील हिस्सा', correct: true },
        { textEn: 'A loan', textMr: 'कर्ज', correct: false },
      ],
    },
    'quizzes.moveQuestion': { questionId: id(quiz.question), direction: 'down' },
    'quizzes.removeQuestion': { questionId: '999999' },
    'quizzes.ofPackage': { packageId: id(w.owned) },
    'quizzes.take': { quizId: id(quiz.quiz) },
    'quizzes.submit': { quizId: id(quiz.quiz), answers: [{ questionId: id(quiz.question), optionIds: quiz.right.map(String) }] },
    'quizzes.attempts': { quizId: id(quiz.quiz) },
    'certificates.verify': { number: 'MS-7K3F-9QX2-HW4P' },
    'certificates.status': { packageId: id(w.owned) },
    'certificates.myName': undefined,
    'certificates.claim': { packageId: id(w.owned), name: 'आशा पवार' },
    'certificates.mine': undefined,
    'certificates.pdf': { number: 'MS-7K3F-9QX2-HW4P' },
    'certificates.setEnabled': { packageId: id(w.owned), enabled: true },
    'certificates.list': { packageId: id(w.owned) },
    'certificates.revoke': { number: 'MS-7K3F-9QX2-HW4P', reason: 'Shared the account' },
    'certificates.restore': { number: 'MS-7K3F-9QX2-HW4P', reason: 'Checked: not shared' },
    'certificates.correctName': { userId: id(w.user.row), name: 'आशा सुनील पवार', reason: 'Spelling asked by the learner' },
    'whatsapp.choice': undefined,
    'whatsapp.setChoice': { on: true, phone: '9876543210', consent: true },
    'whatsapp.report': undefined,
    'learningReport.packages': undefined,
    'learningReport.stuck': { packageId: id(w.owned), days: 14 },
    'receipts.mine': undefined,
    'receipts.byOrder': { orderId: id(w.pendingOrder) },
    'receipts.pdf': { orderId: id(w.pendingOrder) },
    'receipts.list': { from: '2026-04-01', to: '2027-03-31', page: 1 },
    'receipts.csv': { from: '2026-04-01', to: '2027-03-31' },
    'receipts.creditNotePdf': { orderId: id(w.pendingOrder) },
    'receipts.gstr1': { month: '2026-11' },
    'statements.upload': {
      file: null,
      fileName: 'statement.csv',
      staleDays: 3,
      mapping: { headerKey: 'date|narration', date: 0, description: 1, reference: null, credit: 2 },
    },
    'statements.result': { importId: '1', staleDays: 3 },
    'statements.recent': undefined,
    'statements.approveExact': { importId: '1', orderIds: [id(w.pendingOrder)] },
    'devices.mine': undefined,
    'devices.logOut': { deviceId: String(otherSession) },
    'devices.ofUser': { userId: id(w.user.row) },
    'devices.logOutAll': { userId: id(w.affiliate) },
    'access.ofUser': { userId: id(w.user.row) },
    'access.revoke': { userId: id(w.user.row), packageId: id(w.owned), reason: 'Shared the login' },
    'access.restore': { userId: id(w.user.row), packageId: id(w.owned) },
    'payouts.mine': undefined,
    'payouts.saveDetails': {
      method: 'bank',
      accountHolder: 'Asha Patil',
      accountNumber: '123456789012',
      accountNumberAgain: '123456789012',
      ifsc: 'SBIN0001234',
      pan: 'ABCDE1234F',
      panName: 'ASHA PATIL',
      currentPassword: 'correct horse battery',
    },
    'payouts.request': undefined,
    'payouts.cancelRequest': { requestId: '1' },
    'payouts.statement': { period: '2026-11' },
    'payouts.statementCsv': { period: 'FY2026-27' },
    'payouts.overview': undefined,
    'payouts.clearHold': { userId: id(w.user.row) },
    'payouts.makeBatch': { userIds: [id(w.user.row)], cutoff: Date.now() },
    'payouts.batches': undefined,
    'payouts.batch': { batchId: '1' },
    'payouts.exportBatch': { batchId: '1' },
    'payouts.markPaid': { lineId: '1', utr: 'HDFCN52026112512345' },
    'payouts.markFailed': { lineId: '1', reason: 'Account closed' },
    'payouts.tdsRegister': { quarter: 'FY2026-27 Q3' },
    'payouts.reverseOrder': { utr: freshUtr(), reason: 'Fake UTR' },
  };
}

/** The input a case sends: the sample with one field spoiled, or with junk keys added, or something else entirely. */
function spoiled(sample: unknown, options: { maxHuge: number; maxDepth: number }): fc.Arbitrary<unknown> {
  const whole = nastyValue(options);
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return whole;
  const keys = Object.keys(sample);
  return fc.oneof(
    { arbitrary: fc.tuple(fc.constantFrom(...keys), nastyValue(options)).map(([key, value]) => ({ ...sample, [key]: value })), weight: 4 },
    { arbitrary: fc.tuple(fc.constantFrom(...keys)).map(([key]) => Object.fromEntries(Object.entries(sample).filter(([k]) => k !== key))), weight: 1 },
    {
      arbitrary: fc
        .dictionary(fc.constantFrom('__proto__', 'constructor', 'role', 'id', 'userId', 'isAdmin'), nastyValue(options), { minKeys: 1, maxKeys: 2 })
        .map((extra) => ({ ...extra, ...sample })),
      weight: 1,
    },
    { arbitrary: whole, weight: 2 },
  );
}

const SQL = "' OR 1=1; DROP TABLE users; --";
const TRICKY_TEXT = '\uD800<script>alert(1)</script>\u202E\u200B१२३४५६';

/** The sample with every field set to `value`. */
function everyField(sample: unknown, value: unknown): unknown {
  if (sample === null || typeof sample !== 'object') return value;
  return Object.fromEntries(Object.keys(sample).map((key) => [key, value]));
}

/**
 * Fixed cases every procedure always gets, whatever the random ones turn out to be: the whole
 * input null or deeply nested, every field at once an SQL fragment, tricky unicode with HTML,
 * null, or a nested array, and each field alone an array nested as deep as the random cases go
 * (Number() of one overflowed the stack: a 500 that the random cases found only now and then), and
 * the valid input with an extra key nested that deep (the audit log's copy of it overflowed).
 */
function alwaysInputs(sample: unknown, maxDepth: number): unknown[] {
  const eachFieldDeep = sample !== null && typeof sample === 'object' ? Object.keys(sample).map((key) => ({ ...sample, [key]: nestedArray(maxDepth) })) : [];
  // The valid input with a key of its own nested that deep: the call succeeds, and what logs it must cope.
  const extraKeyDeep = sample !== null && typeof sample === 'object' && !Array.isArray(sample) ? [{ ...sample, isAdmin: nestedArray(maxDepth) }] : [];
  return [
    null,
    nestedArray(800),
    nestedObject(800),
    SQL,
    everyField(sample, SQL),
    everyField(sample, TRICKY_TEXT),
    everyField(sample, null),
    everyField(sample, nestedArray(40)),
    ...eachFieldDeep,
    ...extraKeyDeep,
  ];
}

/**
 * fast-check's own report prints the failing input whole, which for an array nested 3,000 deep
 * overflows the stack and hides the failure; this one says what failed with the input cut short.
 */
function failWithoutDeepPrinting<Input>(details: fc.RunDetails<Input[]>): void {
  if (!details.failed) return;
  const input = JSON.stringify(details.counterexample?.[0])?.slice(0, 300);
  throw new Error(
    `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n(seed ${details.seed}, input ${input})`,
  );
}

/** What every refusal must look like: JSON, a message a person can read, no stack. */
function expectCleanRefusal(status: number, body: any, context: string) {
  expect(status, context).toBeGreaterThanOrEqual(400);
  expect(status, context).toBeLessThan(500);
  expect(typeof body, `${context}: not JSON`).toBe('object');
  const message = body?.message ?? body?.error?.message;
  expect(typeof message, `${context}: no message in ${JSON.stringify(body)?.slice(0, 300)}`).toBe('string');
  expect(message.length).toBeGreaterThan(0);
  expect(JSON.stringify(body)).not.toMatch(/"stack"|\bat [\w.<>]+ \(|node_modules|\/src\/server\//);
}

/** The procedure's input schema, as its feature's router exports it (src/test/procedure-inputs.ts); `undefined` for one without input. */
function inputSchema(path: string): { safeParse(value: unknown): { success: boolean } } | undefined {
  return PROCEDURE_INPUTS[path];
}

/** What the server receives after JSON: `undefined` keys vanish, NaN becomes null. */
const overJson = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp({ env: { ...gatewayEnv(fake.url), ...whatsAppEnv('http://127.0.0.1:9') }, build: { reconcileGateway: false } });
  const staff = await createStaff(t);
  superadminId = staff.superadmin.id;
  w = await buildWorld(t, staff);
  samples = await makeSamples();
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('every procedure, fed bad input by the superadmin', () => {
  const types = allProcedures();

  it('has a sample input for every procedure', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(types).sort());
  });

  it.each(Object.keys(types))('%s: a 4xx with a message or an answer, never a 5xx; a refusal changes nothing', async (path) => {
    const type = types[path]!;
    const schema = inputSchema(path);
    // A query travels in the URL, which has a size limit of its own.
    const limits = type === 'query' ? { maxHuge: 1500, maxDepth: 600 } : { maxHuge: 200_000, maxDepth: 3000 };
    // A wrong code is a counted try (the code's lock): the only change a refused call may make.
    // The outbox's worker marks earlier calls' messages sent in the background, whatever this call does.
    const mayCount = ['notifications', ...(path === 'auth.verify' ? ['pending_registrations'] : [])];
    const always = alwaysInputs(samples[path], limits.maxDepth);
    await fc.assert(
      fc.asyncProperty(spoiled(samples[path], limits), async (input) => {
        const token = superadminToken();
        const before = dbChecksum(t.db, { except: mayCount });
        const rowsBefore = rowCounts(t.db);
        const answer = await callProcedure(t.url, path, type, input, { token });
        const context = `${path} with ${JSON.stringify(input)?.slice(0, 200)}`;
        expect(answer.status, context).toBeLessThan(500);
        const refusedBySchema = schema ? !schema.safeParse(overJson(input)).success : false;
        if (refusedBySchema) {
          const tooLarge = type === 'mutation' && Buffer.byteLength(JSON.stringify(input)) > JSON_BODY_LIMIT;
          expect(answer.status, context).toBe(tooLarge ? 413 : 400);
        }
        if (answer.status >= 400) {
          expectCleanRefusal(answer.status, answer.body, context);
          expect(dbChecksum(t.db, { except: mayCount }), `${context} changed the database`).toBe(before);
          expect(rowCounts(t.db), `${context} added or removed rows`).toEqual(rowsBefore);
        }
      }),
      { numRuns: always.length + RUNS, examples: always.map((input) => [input]), reporter: failWithoutDeepPrinting },
    );
  });
});

/** How to call a REST row with valid input; the cases spoil one part of it. */
type RestTemplate = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  form?: { fields: Record<string, string>; fileField: string };
};

let png: Buffer;

function restTemplates(): Record<string, RestTemplate> {
  return {
    'GET /api/user/me': {},
    'POST /api/user/login': { body: { email: w.other.row.email, password: 'wrong password' } },
    'POST /api/user/register': { body: { name: 'Asha', email: freshEmail('fuzz'), contact: '9876543210', password: 'mango-lassi-42' } },
    'POST /api/user/verify': { body: { activationToken: 'A'.repeat(43), otp: '123456' } },
    'POST /api/user/forgot': { body: { email: w.other.row.email } },
    'POST /api/user/reset': { query: { token: 'A'.repeat(43) }, body: { password: 'a-new-password-7' } },
    'POST /api/user/logout': {},
    'GET /api/user/referrer/:userId': { params: { userId: id(w.user.row) } },
    'GET /api/profile-image': {},
    'POST /api/image': { form: { fields: {}, fileField: 'profileImage' } },
    'GET /api/course/all': {},
    'GET /api/course/:id': { params: { id: id(w.owned) } },
    'GET /api/getAllCourses': {},
    'GET /api/mycourse': {},
    'GET /api/getlecturesByCourseId/:courseId': { params: { courseId: id(w.owned) } },
    'POST /api/course/new': {
      form: { fields: { name: 'Share Market', price: '4999', description: 'Learn', tier: 'Gold', commission: '100' }, fileField: 'image' },
    },
    'POST /api/course/:id/edit': {
      params: { id: id(w.owned) },
      form: { fields: { name: 'Share Market', price: '4999', description: 'Learn', tier: 'Gold', commission: '100' }, fileField: 'image' },
    },
    'DELETE /api/course/:id': { params: { id: id(createPackage(t.db)) } },
    'POST /api/course/:courseId/lecture': { params: { courseId: id(w.owned) }, body: { video: 'https://youtu.be/dQw4w9WgXcQ', title: 'Part' } },
    'DELETE /api/lecture/:lectureId': { params: { lectureId: id(w.lectures[1]!) } },
    'GET /api/stats': {},
    'POST /api/course/purchase': { body: { name: 'Asha', email: w.user.row.email, courseId: id(w.owned), transactionId: freshUtr() } },
    'GET /api/admin/pending-orders': { query: { search: 'asha', page: '1' } },
    'POST /approve': { body: { orderId: id(w.pendingOrder), action: 'reject', reason: 'No credit' } },
    'GET /api/leaderboard': { query: { period: 'month' } },
    'GET /api/affiliates': {},
    'GET /api/admin/users': { query: { search: 'asha', page: '2' } },
    'DELETE /api/users/delete': { body: { email: w.affiliate.email } },
    'POST /api/admin/sendMail': { body: { email: w.user.row.email, amount: 1 } },
    'POST /api/admin/statements': {
      form: { fields: { staleDays: '3', mapping: '{"headerKey":"a","date":0,"description":1,"reference":null,"credit":2}' }, fileField: 'statement' },
    },
  };
}

type RestCase = {
  params: Record<string, string>;
  query: [string, string][];
  body?: unknown;
  form?: { fields: Record<string, string>; file: { name: string; content: Buffer } | null };
};

function restCase(template: RestTemplate): fc.Arbitrary<RestCase> {
  const urlText = nastyString(1500);
  const params = template.params ?? {};
  const query = Object.entries(template.query ?? {});
  const base: RestCase = { params: { ...params }, query, ...(template.body && { body: template.body }) };
  const options: fc.Arbitrary<RestCase>[] = [
    // Junk query parameters, alone or repeated (Fastify reads a repeated key as an array).
    fc
      .array(
        fc.tuple(fc.constantFrom('token', 'search', 'page', 'period', 'input', 'id', '__proto__'), fc.oneof(urlText, fc.constantFrom(...rawPathSegments))),
        { minLength: 1, maxLength: 3 },
      )
      .map((extra) => ({ ...base, query: [...query, ...extra] })),
  ];
  for (const name of Object.keys(params)) {
    options.push(fc.oneof(urlText.map(percentEncode), fc.constantFrom(...rawPathSegments)).map((value) => ({ ...base, params: { ...params, [name]: value } })));
  }
  if (template.body) {
    options.push(spoiled(template.body, { maxHuge: 200_000, maxDepth: 3000 }).map((body) => ({ ...base, body })));
  }
  if (template.form) {
    const { fields } = template.form;
    const file = fc.oneof(
      fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({ name: 'upload.png', content: Buffer.from(bytes) })),
      fc.constantFrom(
        { name: 'cover.png', content: png },
        { name: 'cover.png', content: png.subarray(0, png.length / 2) },
        { name: 'bomb.png', content: makePixelBomb() },
        { name: 'evil.svg', content: svgWithScript },
        { name: 'statement.csv', content: Buffer.from('Date,Narration,Amount\n01/13/2026,"=cmd|\' /C calc\'!A0",1e309\n') },
      ),
      nastyString(200).map((name) => ({ name, content: png })),
    );
    const formFields = Object.keys(fields).length
      ? fc.tuple(fc.constantFrom(...Object.keys(fields)), nastyString(60_000)).map(([key, value]) => ({ ...fields, [key]: value }))
      : fc.dictionary(fc.constantFrom('profileImage', 'name', '__proto__'), nastyString(1000), { maxKeys: 2 });
    options.push(
      fc
        .record({ fields: fc.oneof(formFields, fc.constant(fields)), file: fc.option(file) })
        .map((form) => ({ ...base, form: { fields: form.fields, file: form.file } })),
    );
  }
  return fc.oneof(...options);
}

/** Fixed cases every REST row always gets: bad path parameters, and every body field, query value and form field spoiled at once. */
function restExamples(template: RestTemplate): RestCase[] {
  const params = template.params ?? {};
  const query = Object.entries(template.query ?? {});
  const base: RestCase = { params, query, ...(template.body && { body: template.body }) };
  const cases: RestCase[] = [{ ...base, query: [...query, ['input', SQL]] }];
  if (Object.keys(params).length) {
    cases.push({ ...base, params: Object.fromEntries(Object.keys(params).map((name) => [name, '%ED%A0%80'])) });
    cases.push({ ...base, params: Object.fromEntries(Object.keys(params).map((name) => [name, percentEncode(SQL)])) });
  }
  if (query.length) cases.push({ ...base, query: query.map(([key]) => [key, TRICKY_TEXT]) });
  if (template.body) {
    for (const value of [SQL, TRICKY_TEXT, null]) cases.push({ ...base, body: everyField(template.body, value) });
  }
  if (template.form) {
    for (const value of [SQL, TRICKY_TEXT]) {
      cases.push({
        ...base,
        form: { fields: everyField(template.form.fields, value) as Record<string, string>, file: { name: `${value}.png`, content: svgWithScript } },
      });
    }
  }
  return cases;
}

function restUrl(path: string, kase: RestCase): string {
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => kase.params[name] ?? '');
  const query = kase.query.map(([key, value]) => `${percentEncode(key)}=${/^%[0-9A-F]{2}/i.test(value) ? value : percentEncode(value)}`).join('&');
  return query ? `${filled}?${query}` : filled;
}

async function sendRest(method: string, path: string, template: RestTemplate, kase: RestCase, token: string) {
  if (template.form) {
    const url = t.url + restUrl(path, kase);
    const form = kase.form ?? { fields: template.form.fields, file: null };
    const file = form.file && { field: template.form.fileField, name: form.file.name, type: 'application/octet-stream', content: form.file.content };
    return postForm(url, form.fields, file, { token });
  }
  return callJson(t.url, method, restUrl(path, kase), { body: kase.body, token });
}

describe('every REST row, fed bad input by the superadmin', () => {
  it('has a template for every row', () => {
    expect(Object.keys(restTemplates()).sort()).toEqual(restRoutes.map((row) => `${row.method} ${row.path}`).sort());
  });

  it.each(restRoutes.map((row) => [`${row.method} ${row.path}`, row.method, row.path] as const))(
    '%s: a 4xx in the REST shape or an answer, never a 5xx; a refusal changes nothing',
    async (key, method, path) => {
      png ??= await makePng(64, 48);
      const template = restTemplates()[key]!;
      const examples = restExamples(template);
      await fc.assert(
        fc.asyncProperty(restCase(template), async (kase) => {
          const token = superadminToken();
          const before = dbChecksum(t.db, { except: ['notifications'] });
          const answer = await sendRest(method, path, template, kase, token);
          const context = `${key} with ${JSON.stringify({ ...kase, form: kase.form && { ...kase.form, file: kase.form.file?.name } })?.slice(0, 300)}`;
          expect(answer.status, context).toBeLessThan(500);
          if (answer.status >= 400) {
            expectCleanRefusal(answer.status, answer.body, context);
            expect(answer.body, context).toMatchObject({ success: false, code: expect.any(String) });
            expect(dbChecksum(t.db, { except: ['notifications'] }), `${context} changed the database`).toBe(before);
          }
        }),
        { numRuns: examples.length + RUNS, examples: examples.map((kase) => [kase]), reporter: failWithoutDeepPrinting },
      );
    },
  );
});

describe('requests that are not even JSON', () => {
  const rawBodies: [string, string, string][] = [
    ['broken JSON', 'application/json', '{"email": "a@b.in", '],
    ['an empty JSON body', 'application/json', ''],
    ['JSON null', 'application/json', 'null'],
    ['a JSON string', 'application/json', '"hello"'],
    ['a prototype-polluting body', 'application/json', '{"__proto__":{"role":"superadmin","isAdmin":true},"constructor":{"prototype":{"role":"superadmin"}}}'],
    ['a form', 'application/x-www-form-urlencoded', 'email=a%40b.in&password=x'],
    ['XML', 'application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
    ['plain text', 'text/plain', '{"email":"a@b.in"}'],
    ['a body over the limit', 'application/json', JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(300 * 1024) })],
    ['deep nesting', 'application/json', '['.repeat(60_000) + ']'.repeat(60_000)],
  ];
  const targets: [string, string][] = [
    ...restRoutes.filter((row) => row.method !== 'GET').map((row) => [String(row.method), row.path.replace(/:(\w+)/g, '999999')] as [string, string]),
    ...Object.entries(allProcedures())
      .filter(([, type]) => type === 'mutation')
      .map(([path]) => ['POST', `/trpc/${path}`] as [string, string]),
  ];

  it.each(rawBodies)('%s gets a 4xx with a message from every call that takes a body, and changes nothing', async (_name, type, body) => {
    for (const [method, target] of targets) {
      const token = superadminToken();
      const before = dbChecksum(t.db, { except: ['notifications'] });
      const response = await fetch(t.url + target, { method, headers: { token, 'content-type': type }, body });
      const { body: parsed } = await answerOf(response);
      // Calls that take no body (logout, delete by id) may answer; nothing else may.
      if (response.status < 400) {
        expect(['/api/user/logout', '/trpc/auth.logout', '/trpc/auth.me'], `${target} accepted ${_name}`).toContain(target);
        continue;
      }
      expectCleanRefusal(response.status, parsed, `${target} with ${_name}`);
      expect(dbChecksum(t.db, { except: ['notifications'] }), `${target} with ${_name} changed the database`).toBe(before);
    }
    // The server runs in this process: nothing it parsed reached Object.prototype.
    expect(Object.prototype).not.toHaveProperty('role');
    expect(Object.prototype).not.toHaveProperty('isAdmin');
  });
});
