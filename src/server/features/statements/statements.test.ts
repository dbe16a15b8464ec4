import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUser, createUserWithToken } from '../../../test/factories.js';
import { makePng } from '../../../test/images.js';
import { postForm } from '../../../test/multipart.js';
import { waitForEmail } from '../../../test/outbox.js';
import {
  CSV_TYPE,
  hdfcStatement,
  iciciStatement,
  knownLayoutStatements,
  sbiStatement,
  toCsv,
  toXlsx,
  unknownLayoutStatement,
  XLSX_TYPE,
  type StatementEntry,
} from '../../../test/statements.js';
import { callJson, startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { enrollments, ledger, orders, statementCredits, statementImportLines, statementImports, statementMappings, users } from '../../db/schema.js';

/** 20 Nov 2026, noon in India. */
const TODAY = Date.UTC(2026, 10, 20, 6, 30);
const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(TODAY);

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let utrCounter = 600_000_000_000;
const nextUtr = () => String(++utrCounter);

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  admin = await createUserWithToken(t.db, { role: 'admin', name: 'Meena Admin', email: 'meena.statements@example.com' });
});
afterAll(async () => {
  await t.close();
});

/** A session token, or null for a visitor. */
type Token = string | null;

/** Places an order through the app at the given time, as the buyer would. */
async function order(buyer: { user: { name: string; email: string }; token: string }, packageId: number, utr: string, at = TODAY - DAY) {
  clock.set(at);
  const answer = await callJson(t.url, 'POST', '/api/course/purchase', {
    token: buyer.token,
    body: { name: buyer.user.name, email: buyer.user.email, courseId: String(packageId), transactionId: utr },
  });
  clock.set(TODAY);
  expect(answer.status).toBe(200);
  return Number(answer.body.order._id);
}

/** A buyer with a sponsor, so that approving books a commission. */
async function sponsoredBuyer(name: string) {
  const sponsor = await createUser(t.db, { name: `Sponsor of ${name}` });
  const buyer = await createUserWithToken(t.db, { name, sponsorId: sponsor.id });
  return { ...buyer, sponsor };
}

function upload(
  content: Buffer,
  options: { name?: string; type?: string; token?: Token; fields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const token = 'token' in options ? options.token : admin.token;
  return postForm(
    `${t.url}/api/admin/statements`,
    options.fields ?? {},
    { field: 'statement', name: options.name ?? 'statement.csv', type: options.type ?? CSV_TYPE, content },
    { ...(token && { token }), ...options.headers },
  );
}

async function trpcQuery(path: string, input: unknown, token: Token = admin.token) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return callJson(t.url, 'GET', `/trpc/${path}${query}`, { token: token ?? undefined });
}

async function trpcMutation(path: string, input: unknown, token: Token = admin.token) {
  return callJson(t.url, 'POST', `/trpc/${path}`, { token: token ?? undefined, body: input });
}

async function result(importId: string, staleDays = 3) {
  const answer = await trpcQuery('statements.result', { importId, staleDays });
  expect(answer.status).toBe(200);
  return answer.body.result.data;
}

async function approve(importId: string, orderIds: (string | number)[]) {
  const answer = await trpcMutation('statements.approveExact', { importId, orderIds: orderIds.map(String) });
  expect(answer.status).toBe(200);
  return answer.body.result.data;
}

const commissionsOf = (orderIds: number[]) =>
  t.db
    .select()
    .from(ledger)
    .where(and(inArray(ledger.orderId, orderIds), eq(ledger.kind, 'commission')))
    .all();
const statusOf = (orderId: number) => t.db.select().from(orders).where(eq(orders.id, orderId)).get()!.status;
const creditCount = () => t.db.select({ n: count() }).from(statementCredits).get()!.n;

describe('a bank statement, from upload to approval', () => {
  const pkgPrice = 4_999_00;
  let pkgId: number;
  let exactOrders: number[];
  let buyers: Awaited<ReturnType<typeof sponsoredBuyer>>[];
  let mismatchOrder: number;
  let staleOrder: number;
  let recentOrder: number;
  let entries: StatementEntry[];
  let utrs: string[];
  let importId: string;

  beforeAll(async () => {
    pkgId = createPackage(t.db, { name: 'Share Market Basics', pricePaise: pkgPrice, commissionPaise: 500_00 }).id;
    buyers = [await sponsoredBuyer('Asha Pawar'), await sponsoredBuyer('Ravi Jadhav'), await sponsoredBuyer('Kiran More')];
    utrs = [nextUtr(), nextUtr(), nextUtr(), nextUtr(), nextUtr(), nextUtr(), nextUtr()];
    exactOrders = [];
    for (const [index, buyer] of buyers.entries()) exactOrders.push(await order(buyer, pkgId, utrs[index]!, TODAY - 2 * DAY));
    mismatchOrder = await order(await sponsoredBuyer('Sunita Patil'), pkgId, utrs[3]!, TODAY - 2 * DAY);
    staleOrder = await order(await sponsoredBuyer('Ganesh Shinde'), pkgId, utrs[5]!, TODAY - 8 * DAY);
    recentOrder = await order(await sponsoredBuyer('Pooja Kale'), pkgId, utrs[6]!, TODAY - DAY / 2);
    entries = [
      { date: '2026-11-10', credit: 1500 },
      { date: '2026-11-18', credit: 4999, utr: utrs[0], payer: 'ASHA PAWAR' },
      { date: '2026-11-18', debit: 2000 },
      { date: '2026-11-18', credit: 4999, utr: utrs[1], payer: 'RAVI JADHAV' },
      { date: '2026-11-18', credit: 4999, utr: utrs[2], payer: 'KIRAN MORE' },
      { date: '2026-11-18', credit: 4000, utr: utrs[3], payer: 'SUNITA PATIL' },
      { date: '2026-11-19', credit: 100000, utr: utrs[4], payer: 'UNKNOWN PAYER' },
      { date: '2026-11-20', credit: 4999, utr: '', narration: 'NEFT CR-SOMEONE ELSE' },
    ];
  });

  it('shows exact matches, mismatches, credits with no order and overdue orders, and changes nothing', async () => {
    const answer = await upload(toCsv(hdfcStatement(entries)), { name: 'Acct_Statement_XX4321.csv', fields: { staleDays: '3' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'imported', repeatOf: null, creditLines: 7, newCreditLines: 7 });
    importId = answer.body.importId;

    const seen = await result(importId);
    expect(seen.import).toMatchObject({
      fileName: 'Acct_Statement_XX4321.csv',
      fileKind: 'csv',
      layout: 'hdfc',
      layoutName: 'HDFC Bank',
      uploadedBy: { name: 'Meena Admin' },
      periodFrom: '2026-11-10',
      periodTo: '2026-11-20',
      rowsRead: 8,
      creditLines: 7,
      exactCount: 3,
      mismatchCount: 1,
      noOrderCount: 3,
      settledCount: 0,
      staleCount: 1,
      approvedCount: 0,
    });
    expect(seen.exact.map((line: any) => [line.utr, line.amountPaise, line.order.id, line.order.buyer.name])).toEqual([
      [utrs[0], pkgPrice, String(exactOrders[0]), 'Asha Pawar'],
      [utrs[1], pkgPrice, String(exactOrders[1]), 'Ravi Jadhav'],
      [utrs[2], pkgPrice, String(exactOrders[2]), 'Kiran More'],
    ]);
    expect(seen.exact[0]).toMatchObject({ txnDate: '2026-11-18', reference: `0000${utrs[0]}`, isNew: true, result: null });
    expect(seen.exact[0].order).toMatchObject({ packageName: 'Share Market Basics', status: 'pending', amountPaise: pkgPrice });
    expect(seen.mismatches).toHaveLength(1);
    expect(seen.mismatches[0]).toMatchObject({ utr: utrs[3], amountPaise: 4_000_00, order: { id: String(mismatchOrder), amountPaise: pkgPrice } });
    expect(seen.noOrder.map((line: any) => [line.utr, line.amountPaise, line.note])).toEqual([
      [null, 1_500_00, 'no_utr'],
      [utrs[4], 1_00_000_00, null],
      [null, 4_999_00, 'no_utr'],
    ]);
    // Placed 8 days ago in the statement's period with no credit; the one from this morning is not overdue yet.
    expect(seen.stale.map((stale: any) => stale.id)).toEqual([String(staleOrder)]);
    expect((await result(importId, 10)).stale).toEqual([]);

    // Nothing changed: every order still waits, nobody owns the package, no commission.
    for (const id of [...exactOrders, mismatchOrder, staleOrder, recentOrder]) expect(statusOf(id)).toBe('pending');
    expect(t.db.select().from(enrollments).where(eq(enrollments.packageId, pkgId)).all()).toEqual([]);
    expect(commissionsOf(exactOrders)).toEqual([]);
  });

  it('approves every exact match in one click, each through the approval transaction, one commission each', async () => {
    const summary = await approve(importId, exactOrders);
    expect(summary).toMatchObject({ approved: 3, failed: 0 });
    expect(summary.results.map((r: any) => [r.orderId, r.ok, r.buyerName])).toEqual([
      [String(exactOrders[0]), true, 'Asha Pawar'],
      [String(exactOrders[1]), true, 'Ravi Jadhav'],
      [String(exactOrders[2]), true, 'Kiran More'],
    ]);
    for (const [index, id] of exactOrders.entries()) {
      const row = t.db.select().from(orders).where(eq(orders.id, id)).get()!;
      expect(row).toMatchObject({ status: 'approved', decidedBy: admin.user.id });
      const owned = t.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, buyers[index]!.user.id), eq(enrollments.packageId, pkgId)))
        .get();
      expect(owned?.orderId).toBe(id);
    }
    const commissions = commissionsOf(exactOrders);
    expect(commissions).toHaveLength(3);
    expect(commissions.map((line) => [line.orderId, line.userId, line.amountPaise])).toEqual(
      exactOrders.map((id, index) => [id, buyers[index]!.sponsor.id, 500_00]),
    );
    for (const buyer of buyers) {
      expect(t.db.select().from(users).where(eq(users.id, buyer.sponsor.id)).get()!.earnedPaise).toBe(500_00);
    }
    await waitForEmail(t.outbox, buyers[0]!.user.email, (mail) => mail.subject.includes('Share Market Basics'));
    expect(statusOf(mismatchOrder)).toBe('pending');

    const after = await result(importId);
    expect(after.exact).toEqual([]);
    expect(after.settled.map((line: any) => [line.utr, line.result?.status])).toEqual([
      [utrs[0], 'approved'],
      [utrs[1], 'approved'],
      [utrs[2], 'approved'],
    ]);
    expect(after.import).toMatchObject({ approvedCount: 3, failedCount: 0, lastApprovedBy: { name: 'Meena Admin' } });
  });

  it('changes nothing new when the same statement is imported again, as the same file or as a spreadsheet', async () => {
    const creditsBefore = creditCount();
    const again = await upload(toCsv(hdfcStatement(entries)), { name: 'Acct_Statement_XX4321.csv' });
    expect(again.body).toMatchObject({ kind: 'imported', repeatOf: importId, creditLines: 7, newCreditLines: 0 });
    const seen = await result(again.body.importId);
    expect(seen.import).toMatchObject({ exactCount: 0, mismatchCount: 1, settledCount: 3, newCreditLines: 0 });
    expect(seen.exact).toEqual([]);
    expect(seen.settled.every((line: any) => line.isNew === false)).toBe(true);

    // The same lines exported as .xlsx: another file, the same credits.
    const asSheet = await upload(await toXlsx(hdfcStatement(entries, 'spreadsheet')), { name: 'statement.xlsx', type: XLSX_TYPE });
    expect(asSheet.body).toMatchObject({ kind: 'imported', repeatOf: null, creditLines: 7, newCreditLines: 0 });
    expect(creditCount()).toBe(creditsBefore);

    // Clicking approve again approves nothing and pays nothing twice.
    const twice = await approve(again.body.importId, exactOrders);
    expect(twice).toMatchObject({ approved: 0, failed: 3 });
    expect(twice.results[0].message).toBe('This order is no longer an exact match for a credit in this statement.');
    expect(commissionsOf(exactOrders)).toHaveLength(3);
    for (const buyer of buyers) {
      expect(t.db.select().from(users).where(eq(users.id, buyer.sponsor.id)).get()!.earnedPaise).toBe(500_00);
    }
  });

  it('keeps each import with who uploaded it, when, and what it did', async () => {
    const answer = await trpcQuery('statements.recent', undefined);
    expect(answer.status).toBe(200);
    const list = answer.body.result.data;
    expect(list).toHaveLength(3);
    expect(list[2]).toMatchObject({
      id: importId,
      createdAt: TODAY,
      uploadedBy: { id: String(admin.user.id), name: 'Meena Admin' },
      newCreditLines: 7,
      exactCount: 3,
      approvedCount: 3,
    });
    expect(list[1]).toMatchObject({ repeatOf: importId, newCreditLines: 0, failedCount: 3 });
    expect(list[0]).toMatchObject({ fileKind: 'xlsx', newCreditLines: 0 });
  });
});

describe('bulk approval', () => {
  it('goes on past a failure and approves only what is still an exact match', async () => {
    const pkg = createPackage(t.db, { pricePaise: 999_00, commissionPaise: 100_00 });
    const buyers = [await sponsoredBuyer('A One'), await sponsoredBuyer('B Two'), await sponsoredBuyer('C Three'), await sponsoredBuyer('D Four')];
    const utrs = buyers.map(() => nextUtr());
    const ids = [];
    for (const [index, buyer] of buyers.entries()) ids.push(await order(buyer, pkg.id, utrs[index]!));
    const file = toCsv(
      sbiStatement([
        { date: '2026-11-19', credit: 999, utr: utrs[0] },
        { date: '2026-11-19', credit: 999, utr: utrs[1] },
        { date: '2026-11-19', credit: 999, utr: utrs[2] },
        { date: '2026-11-19', credit: 998, utr: utrs[3] },
      ]),
    );
    const imported = await upload(file);
    expect((await result(imported.body.importId)).exact).toHaveLength(3);

    // Another admin rejects the second order by hand before the click.
    expect((await callJson(t.url, 'POST', '/approve', { token: admin.token, body: { orderId: String(ids[1]), action: 'reject' } })).status).toBe(200);
    const summary = await approve(imported.body.importId, [ids[0]!, ids[1]!, ids[2]!, ids[3]!]);
    expect(summary).toMatchObject({ approved: 2, failed: 2 });
    expect(summary.results.map((r: any) => [r.orderId, r.ok])).toEqual([
      [String(ids[0]), true],
      [String(ids[1]), false],
      [String(ids[2]), true],
      [String(ids[3]), false],
    ]);
    expect(summary.results[1].message).toBe('This order is no longer an exact match for a credit in this statement.');
    expect(ids.map(statusOf)).toEqual(['approved', 'rejected', 'approved', 'pending']);
    expect(commissionsOf(ids).map((line) => line.orderId)).toEqual([ids[0], ids[2]]);
  });

  it("keeps what happened as a code: each admin reads the line's outcome in their own language", async () => {
    const pkg = createPackage(t.db, { pricePaise: 777_00 });
    const buyer = await sponsoredBuyer('Vanished Buyer');
    const utr = nextUtr();
    const orderId = await order(buyer, pkg.id, utr);
    const imported = await upload(toCsv(sbiStatement([{ date: '2026-11-19', credit: 777, utr }])));
    // The buyer is gone by the time of the click (as if deleted a moment before), so the approval itself refuses.
    t.db.update(users).set({ deletedAt: TODAY }).where(eq(users.id, buyer.user.id)).run();

    const marathiAdmin = await createUserWithToken(t.db, { role: 'admin', name: 'Sunil Admin', lang: 'mr' });
    const clicked = await callJson(t.url, 'POST', '/trpc/statements.approveExact', {
      token: marathiAdmin.token,
      headers: { 'x-lang': 'mr' },
      body: { importId: imported.body.importId, orderIds: [String(orderId)] },
    });
    expect(clicked.status).toBe(200);
    const marathiText = 'या ऑर्डरचा खरेदीदार हटवला गेला आहे, त्यामुळे ती मंजूर करता येणार नाही.';
    expect(clicked.body.result.data).toMatchObject({ approved: 0, failed: 1, results: [{ ok: false, message: marathiText }] });

    const readAs = async (lang: 'en' | 'mr') => {
      const answer = await callJson(
        t.url,
        'GET',
        `/trpc/statements.result?input=${encodeURIComponent(JSON.stringify({ importId: imported.body.importId, staleDays: 3 }))}`,
        { token: admin.token, headers: { 'x-lang': lang } },
      );
      expect(answer.status).toBe(200);
      return answer.body.result.data.exact.map((line: any) => line.result);
    };
    expect(await readAs('en')).toEqual([{ status: 'failed', message: 'The buyer of this order has been deleted, so it cannot be approved.', at: TODAY }]);
    expect(await readAs('mr')).toEqual([{ status: 'failed', message: marathiText, at: TODAY }]);
    expect(statusOf(orderId)).toBe('pending');

    // A line decided before outcomes were kept as codes also held the deciding admin's text; its code words it.
    t.db
      .update(statementImportLines)
      .set({ resultMessage: marathiText })
      .where(eq(statementImportLines.importId, Number(imported.body.importId)))
      .run();
    expect((await readAs('en'))[0].message).toBe('The buyer of this order has been deleted, so it cannot be approved.');
  });

  it('answers in Marathi when asked, and refuses an empty list', async () => {
    const imported = await upload(toCsv(iciciStatement([{ date: '2026-11-19', credit: 10, utr: nextUtr() }])));
    const answer = await callJson(t.url, 'POST', '/trpc/statements.approveExact', {
      token: admin.token,
      headers: { 'x-lang': 'mr' },
      body: { importId: imported.body.importId, orderIds: ['999999'] },
    });
    expect(answer.body.result.data.results[0].message).toBe('ही ऑर्डर आता या स्टेटमेंटमधील कोणत्याही जमा रकमेशी तंतोतंत जुळत नाही.');
    const empty = await trpcMutation('statements.approveExact', { importId: imported.body.importId, orderIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('There are no orders to approve.');
    const missing = await trpcQuery('statements.result', { importId: '999999', staleDays: 3 });
    expect(missing.status).toBe(404);
  });
});

describe('each known layout, as CSV and as .xlsx', () => {
  it.each(knownLayoutStatements.flatMap(([layout, build]) => (['csv', 'xlsx'] as const).map((kind) => [layout, kind, build] as const)))(
    '%s %s: finds the exact match and the mismatch',
    async (layout, kind, build) => {
      const pkg = createPackage(t.db, { pricePaise: 1_00_000_00 });
      const [first, second] = [await sponsoredBuyer('Layout One'), await sponsoredBuyer('Layout Two')];
      const [u1, u2] = [nextUtr(), nextUtr()];
      const [exactId, mismatchId] = [await order(first, pkg.id, u1), await order(second, pkg.id, u2)];
      const lines: StatementEntry[] = [
        { date: '2026-11-19', credit: 100000, utr: u1 },
        { date: '2026-11-19', debit: 500 },
        { date: '2026-11-19', credit: 10000, utr: u2 },
      ];
      const file = kind === 'csv' ? toCsv(build(lines)) : await toXlsx(build(lines, 'spreadsheet'));
      const answer = await upload(file, { name: `statement.${kind}`, type: kind === 'csv' ? CSV_TYPE : XLSX_TYPE });
      expect(answer.status).toBe(200);
      const seen = await result(answer.body.importId);
      expect(seen.import).toMatchObject({ fileKind: kind, layout, rowsRead: 3, creditLines: 2 });
      expect(seen.exact.map((line: any) => line.order.id)).toEqual([String(exactId)]);
      expect(seen.mismatches.map((line: any) => [line.order.id, line.amountPaise])).toEqual([[String(mismatchId), 10_000_00]]);
    },
  );
});

describe('an unknown layout', () => {
  it('asks for the columns once, then remembers them for that header', async () => {
    const pkg = createPackage(t.db, { pricePaise: 4_999_00 });
    const buyer = await sponsoredBuyer('Mapped Buyer');
    const utr = nextUtr();
    const orderId = await order(buyer, pkg.id, utr);
    const file = toCsv(
      unknownLayoutStatement([
        { date: '2026-11-19', credit: 4999, utr },
        { date: '2026-11-19', debit: 10 },
      ]),
    );

    const first = await upload(file);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      kind: 'needs_mapping',
      headers: ['Posting Date', 'Remarks Text', 'UTR / Ref', 'Money Out', 'Money In', 'Running Total'],
    });
    expect(first.body.sample[0]).toEqual(['19/11/2026', 'IMPS-UPI receipt from RAMESH K', utr, '', '4,999.00', '29,999.00']);
    expect(t.db.select({ n: count() }).from(statementImports).where(eq(statementImports.layout, 'mapped')).get()!.n).toBe(0);

    const mapping = { headerKey: first.body.headerKey, date: 0, description: 1, reference: 2, credit: 4 };
    const same = await upload(file, { fields: { mapping: JSON.stringify({ ...mapping, credit: 1 }) } });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('Please choose a different column for each of date, description and credit amount.');
    const noDates = await upload(file, { fields: { mapping: JSON.stringify({ ...mapping, date: 1, description: 0 }) } });
    expect(noDates.body.code).toBe('MAPPING_NO_DATES');
    const stale = await upload(file, { fields: { mapping: JSON.stringify({ ...mapping, headerKey: 'date|narration' }) } });
    expect(stale.body.code).toBe('MAPPING_STALE');
    const garbled = await upload(file, { fields: { mapping: '{not json' } });
    expect(garbled.status).toBe(400);

    const mapped = await upload(file, { fields: { mapping: JSON.stringify(mapping) } });
    expect(mapped.body).toMatchObject({ kind: 'imported', creditLines: 1 });
    const seen = await result(mapped.body.importId);
    expect(seen.import).toMatchObject({ layout: 'mapped' });
    expect(seen.exact.map((line: any) => line.order.id)).toEqual([String(orderId)]);
    const stored = t.db.select().from(statementMappings).where(eq(statementMappings.headerKey, first.body.headerKey)).get()!;
    expect(stored).toMatchObject({ dateColumn: 0, descriptionColumn: 1, referenceColumn: 2, creditColumn: 4, createdBy: admin.user.id });
    expect(JSON.parse(stored.headers)).toEqual(first.body.headers);

    // Next month's statement from the same bank: no question asked.
    const nextMonth = toCsv(unknownLayoutStatement([{ date: '2026-11-20', credit: 250, utr: nextUtr() }]));
    const remembered = await upload(nextMonth);
    expect(remembered.body).toMatchObject({ kind: 'imported', creditLines: 1, newCreditLines: 1 });
  });
});

describe('a file that is not a statement', () => {
  it('gets a clear 4xx message, never a 500', async () => {
    const png = await upload(await makePng(40, 40), { name: 'photo.png', type: 'image/png' });
    expect(png.status).toBe(400);
    expect(png.body).toMatchObject({
      success: false,
      code: 'NOT_A_STATEMENT',
      message: "This file does not look like a bank statement. Upload the CSV or Excel (.xlsx) statement from your bank's website or app.",
    });
    const text = await upload(Buffer.from('Dear Sir,\nPlease find attached.\nRegards\n'), { name: 'letter.txt', type: 'text/plain' });
    expect(text.body.code).toBe('NOT_A_STATEMENT');
    const pdf = await upload(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), { name: 'statement.pdf', type: 'application/pdf' });
    expect(pdf.body.code).toBe('PDF_NOT_SUPPORTED');
    const xls = await upload(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), { name: 'statement.xls' });
    expect(xls.body.code).toBe('XLS_NOT_SUPPORTED');
    const brokenXlsx = await upload(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]), { name: 'x.xlsx', type: XLSX_TYPE });
    expect(brokenXlsx.status).toBe(400);
    const marathi = await upload(await makePng(10, 10), { headers: { 'x-lang': 'mr' } });
    expect(marathi.body.message).toBe('ही फाईल बँक स्टेटमेंटसारखी दिसत नाही. बँकेच्या वेबसाइट किंवा ॲपमधून मिळालेले CSV किंवा Excel (.xlsx) स्टेटमेंट अपलोड करा.');
  });

  it('is refused when missing, too large, sent another way, or with a bad number of days', async () => {
    const none = await postForm(`${t.url}/api/admin/statements`, { staleDays: '3' }, null, { token: admin.token });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please choose a bank statement file (CSV or Excel .xlsx).');
    const large = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('The statement must be 5 MB or smaller. Download a shorter period from your bank.');
    const json = await callJson(t.url, 'POST', '/api/admin/statements', { token: admin.token, body: { statement: 'Date,Narration' } });
    expect(json.status).toBe(415);
    for (const staleDays of ['0', '91', 'many', '2.5']) {
      const bad = await upload(toCsv(hdfcStatement([])), { fields: { staleDays } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Choose a number of days from 1 to 90.');
    }
    expect((await trpcQuery('statements.result', { importId: '1', staleDays: 0 })).status).toBe(400);
  });
});

describe('who may use it', () => {
  it('answers 401 to a visitor and 403 to a user, for every call', async () => {
    const user = await createUserWithToken(t.db);
    const file = toCsv(hdfcStatement([{ date: '2026-11-19', credit: 10, utr: nextUtr() }]));
    for (const [token, status] of [
      [null, 401],
      [user.token, 403],
    ] as const) {
      expect((await upload(file, { token })).status).toBe(status);
      expect((await trpcQuery('statements.recent', undefined, token)).status).toBe(status);
      expect((await trpcQuery('statements.result', { importId: '1', staleDays: 3 }, token)).status).toBe(status);
      expect((await trpcMutation('statements.approveExact', { importId: '1', orderIds: ['1'] }, token)).status).toBe(status);
    }
  });
});

describe('an order paid in parts', () => {
  it('matches each UTR to its own part, and approves the order when the last part is found', async () => {
    const pkg = createPackage(t.db, { name: 'Share Market Basics', pricePaise: 999_00, commissionPaise: 100_00 });
    const buyer = await sponsoredBuyer('Manisha Kale');
    const [first, second] = [nextUtr(), nextUtr()];
    const orderId = await order(buyer, pkg.id, first, TODAY - DAY);
    const asked = await trpcMutation('orders.askDifference', { orderId: String(orderId), receivedPaise: '899' });
    expect(asked.status).toBe(200);
    const paid = await trpcMutation('orders.payDifference', { orderId: String(orderId), utr: second }, buyer.token);
    expect(paid.status).toBe(200);

    const answer = await upload(
      toCsv(
        hdfcStatement([
          { date: '2026-11-19', credit: 899, utr: first, payer: 'MANISHA KALE' },
          { date: '2026-11-20', credit: 100, utr: second, payer: 'MANISHA KALE' },
        ]),
      ),
      { name: 'parts.csv', fields: { staleDays: '3' } },
    );
    expect(answer.status).toBe(200);
    const seen = await result(answer.body.importId);
    // The first part was counted when the difference was asked; the second is matched on its own ₹100.
    expect(seen.settled.map((line: any) => [line.utr, line.amountPaise, line.order.id])).toEqual([[first, 899_00, String(orderId)]]);
    expect(seen.exact.map((line: any) => [line.utr, line.amountPaise, line.order.id])).toEqual([[second, 100_00, String(orderId)]]);
    expect(seen.mismatches).toEqual([]);
    await approve(answer.body.importId, [orderId]);
    expect(statusOf(orderId)).toBe('approved');
    expect(commissionsOf([orderId]).map((line) => line.amountPaise)).toEqual([100_00]);
  });
});
