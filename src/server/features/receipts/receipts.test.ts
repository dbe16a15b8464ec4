import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUser } from '../../../test/factories.js';
import { createSession } from '../auth/sessions.service.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { creditNotes, orders, receipts } from '../../db/schema.js';
import { receiptsCsv } from './receipts.views.js';
import { financialYearOf } from '../../../shared/financial-year.js';
import { formatCreditNoteNumber, formatReceiptNumber, MAX_SEQ_PER_YEAR } from './receipt-number.js';

let utrCounter = 600_000_000_000;

/** A user with a session made at the app's own time (the test clock may be a year ahead). */
async function createUserWithToken(t: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, overrides);
  return { user, token: createSession(t.db, user.id, t.deps.now()).token };
}
const nextUtr = () => String(++utrCounter);

async function placeOrder(t: TestApp, options: { price?: number; extra?: Record<string, unknown> } = {}) {
  const pkg = createPackage(t.db, { name: 'Share Market Basics', pricePaise: options.price ?? 4_999_00 });
  const buyer = await createUserWithToken(t, { name: 'आशा पवार', phone: '9876543210' });
  const answer = await callJson(t.url, 'POST', '/api/course/purchase', {
    token: buyer.token,
    body: { name: buyer.user.name, email: buyer.user.email, courseId: String(pkg.id), transactionId: nextUtr(), ...options.extra },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { buyer, orderId: answer.body.order._id as string, pkg };
}

const approve = (t: TestApp, token: string, orderId: string) => callJson(t.url, 'POST', '/approve', { token, body: { orderId, action: 'approve' } });

const receiptOf = (t: TestApp, orderId: string, token: string) => callProcedure(t.url, 'receipts.byOrder', 'query', { orderId }, { token });

describe('the receipts CSV', () => {
  it('quotes what needs quoting and defuses text a spreadsheet would run as a formula', () => {
    const row = {
      id: 1,
      orderId: 9,
      number: 'MS/26-27/000001',
      fyStart: 2026,
      seq: 1,
      issuedAt: Date.UTC(2026, 10, 22, 20),
      sellerName: 'S',
      sellerAddress: null,
      sellerEmail: null,
      sellerPhone: null,
      buyerName: '=HYPERLINK("http://evil","Asha")',
      buyerEmail: 'a@example.com',
      buyerPhone: null,
      packageName: 'Gold, "Pro"',
      amountPaise: 149_950,
      listPricePaise: null,
      discountPaise: 0,
      discountCode: null,
      utr: '512345678901',
      paymentParts: null,
      paidAt: 0,
      gstin: null,
      sellerState: null,
      buyerState: null,
      buyerPin: null,
      buyerGstin: null,
      taxRateBp: null,
      taxablePaise: null,
      cgstPaise: null,
      sgstPaise: null,
      igstPaise: null,
      // 1 Dec 20:00 UTC is 2 Dec in India.
      reversedAt: Date.UTC(2026, 11, 1, 20),
      creditNote: null,
    };
    const line = receiptsCsv([row]).split('\r\n')[1];
    // 22 Nov 20:00 UTC is 23 Nov in India.
    expect(line).toBe(
      `Receipt,MS/26-27/000001,2026-11-23,9,"'=HYPERLINK(""http://evil"",""Asha"")",a@example.com,,,"Gold, ""Pro""",,1499.50,,,,,,,,512345678901,2026-12-02,`,
    );
    expect(receiptsCsv([{ ...row, reversedAt: null }]).split('\r\n')[1]).toMatch(/,512345678901,,$/);
  });
});

describe('receipt numbers', () => {
  it('count within the financial year of India (April to March, IST)', () => {
    // 31 March 2027, 23:59:59 IST is still 2026-27; a second later it is 2027-28.
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 29, 59, 999))).toBe(2026);
    expect(financialYearOf(Date.UTC(2027, 2, 31, 18, 30))).toBe(2027);
    expect(financialYearOf(Date.UTC(2026, 0, 15))).toBe(2025);
    expect(formatReceiptNumber('MS', 2026, 123)).toBe('MS/26-27/000123');
    expect(formatReceiptNumber('ABC', 2099, MAX_SEQ_PER_YEAR)).toHaveLength(16);
  });

  describe('in the approval transaction', () => {
    let t: TestApp;
    const clock = testClock(Date.UTC(2027, 2, 31, 12, 0));
    let admins: { user: { id: number; email: string }; token: string }[];

    beforeAll(async () => {
      t = await startTestApp({ now: clock.now, env: { RECEIPT_PREFIX: 'MS', SELLER_ADDRESS: 'Shivajinagar, Pune 411005', CONTACT_PHONE: '+91 98765 43210' } });
      admins = await Promise.all([1, 2, 3, 4, 5].map(() => createUserWithToken(t, { role: 'admin' })));
    });
    afterAll(() => t.close());

    it('are consecutive and unique when five admins approve twenty orders at once; never reused; restart at 1 on 1 April IST', async () => {
      const placed = [];
      for (let i = 0; i < 20; i += 1) placed.push(await placeOrder(t));
      const answers = await Promise.all(placed.flatMap(({ orderId }) => admins.map((admin) => approve(t, admin.token, orderId))));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);

      const rows = t.db.select().from(receipts).all();
      expect(rows).toHaveLength(20);
      expect(rows.map((row) => row.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(rows.map((row) => row.number)).size).toBe(20);
      expect(new Set(rows.map((row) => row.orderId)).size).toBe(20);
      expect(rows.every((row) => row.number === formatReceiptNumber('MS', 2026, row.seq) && row.number.length <= 16)).toBe(true);

      // A receipt removed behind the app's back: its number is still never given again.
      const last = rows.find((row) => row.seq === 20)!;
      t.db.delete(receipts).where(eq(receipts.id, last.id)).run();
      const next = await placeOrder(t);
      expect((await approve(t, admins[0]!.token, next.orderId)).status).toBe(200);
      expect(
        t.db
          .select()
          .from(receipts)
          .where(eq(receipts.orderId, Number(next.orderId)))
          .get()!.number,
      ).toBe('MS/26-27/000021');

      // 1 April 2027, 00:00 IST: a new financial year, numbered from 1.
      clock.set(Date.UTC(2027, 2, 31, 18, 30));
      const april = await placeOrder(t);
      expect((await approve(t, admins[1]!.token, april.orderId)).status).toBe(200);
      expect(
        t.db
          .select()
          .from(receipts)
          .where(eq(receipts.orderId, Number(april.orderId)))
          .get()!.number,
      ).toBe('MS/27-28/000001');
    });

    it('a rejected order gets no receipt and takes no number', async () => {
      const before = t.db.select().from(receipts).all().length;
      const { orderId } = await placeOrder(t);
      const answer = await callJson(t.url, 'POST', '/approve', { token: admins[0]!.token, body: { orderId, action: 'reject', reason: 'No credit' } });
      expect(answer.status).toBe(200);
      expect(t.db.select().from(receipts).all()).toHaveLength(before);
      expect((await receiptOf(t, orderId, admins[0]!.token)).status).toBe(404);
    });

    it('shows the buyer and admins every field, refuses others, and goes out in the approval email', async () => {
      const { buyer, orderId } = await placeOrder(t, { price: 1_499_50 });
      const pending = await receiptOf(t, orderId, buyer.token);
      expect(pending.status).toBe(404);
      expect(pending.body.error.message).toContain('a receipt is made when the payment is verified');
      await approve(t, admins[2]!.token, orderId);

      const own = await receiptOf(t, orderId, buyer.token);
      expect(own.status).toBe(200);
      expect(trpcData(own.body)).toMatchObject({
        orderId,
        number: expect.stringMatching(/^MS\/27-28\/\d{6}$/),
        seller: { name: 'Marathi Success', address: 'Shivajinagar, Pune 411005', phone: '+91 98765 43210' },
        buyer: { name: 'आशा पवार', email: buyer.user.email, phone: '9876543210' },
        packageName: 'Share Market Basics',
        amountPaise: 1_499_50,
        amountInWords: {
          en: 'Rupees One Thousand Four Hundred Ninety-Nine and Fifty Paise Only',
          mr: 'एक हजार चारशे नव्व्याण्णव रुपये आणि पन्नास पैसे फक्त',
        },
        tax: null,
      });
      expect((await receiptOf(t, orderId, admins[3]!.token)).status).toBe(200);
      const stranger = await createUserWithToken(t);
      expect((await receiptOf(t, orderId, stranger.token)).status).toBe(403);
      expect((await receiptOf(t, orderId, '')).status).toBe(401);

      const number = trpcData(own.body).number as string;
      const mail = await waitForEmail(t.outbox, buyer.user.email, (m) => m.subject.startsWith('Payment verified'));
      for (const text of [
        number,
        'आशा पवार',
        '₹1,499.50',
        'Rupees One Thousand Four Hundred Ninety-Nine and Fifty Paise Only',
        'एक हजार चारशे नव्व्याण्णव रुपये आणि पन्नास पैसे फक्त',
        'Shivajinagar, Pune 411005',
        `/receipt/${orderId}`,
      ]) {
        expect(mail.text).toContain(text);
      }
      const utr = t.db
        .select()
        .from(orders)
        .where(eq(orders.id, Number(orderId)))
        .get()!.utr;
      expect(mail.text).toContain(`UPI transaction ID (UTR): ${utr}`);
    });

    it('lists a period for admins and gives the accountant a CSV', async () => {
      const token = admins[0]!.token;
      const list = await callProcedure(t.url, 'receipts.list', 'query', { from: '2027-03-01', to: '2027-03-31', page: 1 }, { token });
      expect(list.status).toBe(200);
      const data = trpcData(list.body);
      expect(data.total).toBe(20); // 21 approved in March, one receipt removed by the test above
      expect(data.receipts[0].number).toBe('MS/26-27/000001');
      const csv = await callProcedure(t.url, 'receipts.csv', 'query', { from: '2027-03-01', to: '2027-03-31' }, { token });
      const { fileName, csv: text } = trpcData(csv.body);
      expect(fileName).toBe('receipts-2027-03-01-to-2027-03-31.csv');
      const lines = (text as string)
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Document,Number,Date,Order,Buyer,Email,Phone,Buyer GSTIN,Package,SAC,Amount (INR),Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),GST rate (%),Place of supply,PIN,UTR,Reversed on,Credit note / against invoice',
      );
      expect(lines).toHaveLength(21);
      expect(lines[1]).toMatch(/^Receipt,MS\/26-27\/000001,2027-03-31,\d+,आशा पवार,.*,9876543210,,Share Market Basics,,4999\.00,,,,,,,,\d{12},,$/);
      expect(data.creditNotes).toEqual([]);
      // A plain receipt's order reversed: the receipt says so, and no credit note is made (there was no tax to credit).
      const reversedOrder = t.db
        .select()
        .from(orders)
        .where(eq(orders.id, Number(data.receipts[1].orderId)))
        .get()!;
      const reversed = await callProcedure(t.url, 'payouts.reverseOrder', 'mutation', { utr: reversedOrder.utr, reason: 'Fake UTR' }, { token });
      expect(reversed.status).toBe(200);
      expect(t.db.select().from(creditNotes).all()).toEqual([]);
      expect(trpcData((await receiptOf(t, String(reversedOrder.id), token)).body)).toMatchObject({ creditNote: null, reversedAt: expect.any(Number) });
      const bad = await callProcedure(t.url, 'receipts.list', 'query', { from: '2027-03-31', to: '2026-01-01', page: 1 }, { token });
      expect(bad.status).toBe(400);
      expect((await callProcedure(t.url, 'receipts.csv', 'query', { from: '2027-02-30', to: '2027-03-01' }, { token })).status).toBe(400);
    });
  });
});

describe('tax invoices (GSTIN set)', () => {
  let t: TestApp;
  let admin: { user: { id: number; email: string }; token: string };

  beforeAll(async () => {
    t = await startTestApp({ env: { GSTIN: '27AAPFU0939F1ZV', SELLER_STATE: '27', GST_RATE_PERCENT: '18' } });
    admin = await createUserWithToken(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('asks the state and PIN at checkout', async () => {
    const pkg = createPackage(t.db);
    const buyer = await createUserWithToken(t);
    const body = { name: 'Asha', email: buyer.user.email, courseId: String(pkg.id), transactionId: nextUtr() };
    const missing = await callJson(t.url, 'POST', '/api/course/purchase', { token: buyer.token, body });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Please choose your state and enter your PIN code');
    const badPin = await callJson(t.url, 'POST', '/api/course/purchase', { token: buyer.token, body: { ...body, state: '27', pin: '01234' } });
    expect(badPin.status).toBe(400);
    expect(badPin.body.message).toBe('Please enter the 6-digit PIN code of your address.');
  });

  it('splits a tax-inclusive price into CGST + SGST within Maharashtra and IGST from Karnataka, to the paisa', async () => {
    const intra = await placeOrder(t, { price: 4_999_00, extra: { state: '27', pin: '411005' } });
    const inter = await placeOrder(t, { price: 4_999_00, extra: { state: '29', pin: '560001' } });
    for (const { orderId } of [intra, inter]) expect((await approve(t, admin.token, orderId)).status).toBe(200);

    const intraView = trpcData((await receiptOf(t, intra.orderId, admin.token)).body);
    expect(intraView.tax).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      sac: '9992',
      rateBp: 1800,
      intraState: true,
      buyerState: { code: '27', en: 'Maharashtra', mr: 'महाराष्ट्र' },
      buyerPin: '411005',
      taxablePaise: 4_236_44,
      cgstPaise: 381_28,
      sgstPaise: 381_28,
      igstPaise: 0,
    });
    const interView = trpcData((await receiptOf(t, inter.orderId, admin.token)).body);
    expect(interView.tax).toMatchObject({
      intraState: false,
      buyerState: { code: '29', en: 'Karnataka' },
      taxablePaise: 4_236_44,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 762_56,
    });
    for (const view of [intraView, interView]) {
      expect(view.tax.taxablePaise + view.tax.cgstPaise + view.tax.sgstPaise + view.tax.igstPaise).toBe(4_999_00);
    }
    const mail = await waitForEmail(t.outbox, inter.buyer.user.email, (m) => m.subject.startsWith('Payment verified'));
    expect(mail.text).toContain('Tax invoice');
    expect(mail.text).toContain('IGST 18%: ₹762.56');
    expect(mail.text).toContain('GSTIN: 27AAPFU0939F1ZV');
  });

  it("takes a business buyer's GSTIN, checked by its check character; its state is the place of supply and the invoice carries it", async () => {
    const pkg = createPackage(t.db, { pricePaise: 1_180_00 });
    const buyer = await createUserWithToken(t);
    const body = { name: 'Bharat Traders', email: buyer.user.email, courseId: String(pkg.id), transactionId: nextUtr(), pin: '560001' };
    const typo = await callJson(t.url, 'POST', '/api/course/purchase', { token: buyer.token, body: { ...body, gstin: '29aagcb7383j1z5' } });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toContain('its last character does not match the rest');
    const shape = await callJson(t.url, 'POST', '/api/course/purchase', { token: buyer.token, body: { ...body, gstin: 'ABC' } });
    expect(shape.status).toBe(400);
    expect(shape.body.message).toBe('Please enter the GSTIN: 15 characters, e.g. 27AAPFU0939F1ZV.');
    // With a GSTIN the state is not asked: Karnataka (29) is the place of supply, whatever state was chosen.
    const placed = await callJson(t.url, 'POST', '/api/course/purchase', { token: buyer.token, body: { ...body, gstin: ' 29aagcb7383j1z4 ', state: '27' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.order._id as string;
    expect((await approve(t, admin.token, orderId)).status).toBe(200);
    const view = trpcData((await receiptOf(t, orderId, buyer.token)).body);
    expect(view.tax).toMatchObject({ buyerGstin: '29AAGCB7383J1Z4', buyerState: { code: '29' }, intraState: false, taxablePaise: 1_000_00, igstPaise: 180_00 });
    const mail = await waitForEmail(t.outbox, buyer.user.email, (m) => m.subject.startsWith('Payment verified'));
    expect(mail.text).toContain("Buyer's GSTIN: 29AAGCB7383J1Z4");
    // Each line of the receipt stands on its own line.
    expect(mail.text).toMatch(/\nTax invoice\nInvoice number: MS\/\d\d-\d\d\/\d{6}\n/);
  });

  it('issues a credit note in its own series when an order with a tax invoice is reversed: consecutive under concurrent reversals, once per order, with a PDF, beside the invoices in the list and the CSV', async () => {
    const placed = [];
    for (let i = 0; i < 6; i += 1) placed.push(await placeOrder(t, { price: 1_180_00, extra: { state: '27', pin: '411005' } }));
    for (const { orderId } of placed) expect((await approve(t, admin.token, orderId)).status).toBe(200);
    const admins = await Promise.all([1, 2, 3].map(() => createUserWithToken(t, { role: 'admin' })));
    const utrOf = (orderId: string) =>
      t.db
        .select({ utr: orders.utr })
        .from(orders)
        .where(eq(orders.id, Number(orderId)))
        .get()!.utr;
    // Three admins reverse all six at once, each order by each admin: every order reversed once, one credit note each.
    const answers = await Promise.all(
      placed.flatMap(({ orderId }) =>
        admins.map((who) => callProcedure(t.url, 'payouts.reverseOrder', 'mutation', { utr: utrOf(orderId), reason: 'Paid twice' }, { token: who.token })),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(6);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.body.error.data.code === 'ORDER_ALREADY_REVERSED')).toBe(true);
    const notes = t.db.select().from(creditNotes).all();
    expect(notes.map((note) => note.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(notes.map((note) => note.orderId)).size).toBe(6);
    const fy = financialYearOf(Date.now());
    expect(notes.every((note) => note.number === formatCreditNoteNumber('MS', fy, note.seq) && note.number.length <= 16)).toBe(true);
    expect(notes.every((note) => note.amountPaise === 1_180_00 && note.taxablePaise === 1_000_00 && note.cgstPaise + note.sgstPaise === 180_00)).toBe(true);

    const { buyer, orderId } = placed[0]!;
    const note = notes.find((row) => row.orderId === Number(orderId))!;
    const invoice = trpcData((await receiptOf(t, orderId, buyer.token)).body);
    expect(invoice.creditNote).toEqual({ number: note.number, issuedAt: note.issuedAt });
    const pdf = await callProcedure(t.url, 'receipts.creditNotePdf', 'query', { orderId }, { token: buyer.token });
    expect(pdf.status).toBe(200);
    expect(trpcData(pdf.body).fileName).toBe(`credit-note-${note.number.replace(/\//g, '-')}.pdf`);
    expect(Buffer.from(trpcData(pdf.body).base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await createUserWithToken(t);
    expect((await callProcedure(t.url, 'receipts.creditNotePdf', 'query', { orderId }, { token: stranger.token })).status).toBe(403);
    const unreversed = await placeOrder(t, { extra: { state: '27', pin: '411005' } });
    await approve(t, admin.token, unreversed.orderId);
    expect((await callProcedure(t.url, 'receipts.creditNotePdf', 'query', { orderId: unreversed.orderId }, { token: admin.token })).status).toBe(404);
    const mail = await waitForEmail(t.outbox, buyer.user.email, (m) => m.subject.includes('was reversed'));
    expect(mail.text).toContain(`Credit note ${note.number} cancels tax invoice ${invoice.number}`);

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const list = trpcData((await callProcedure(t.url, 'receipts.list', 'query', { from: today, to: today }, { token: admin.token })).body);
    expect(list.creditNotes).toHaveLength(6);
    expect(list.creditNotes.find((row: { number: string }) => row.number === note.number)).toMatchObject({
      invoiceNumber: invoice.number,
      amountPaise: 1_180_00,
      reason: 'Paid twice',
    });
    const csv = trpcData((await callProcedure(t.url, 'receipts.csv', 'query', { from: today, to: today }, { token: admin.token })).body).csv as string;
    const noteLine = csv.split('\r\n').find((line) => line.startsWith(`Credit note,${note.number},`))!;
    expect(noteLine).toContain(',9992,-1180.00,-1000.00,-90.00,-90.00,0.00,18.00,27 Maharashtra,411005,');
    expect(noteLine.endsWith(`,${invoice.number}`)).toBe(true);
    expect(
      csv
        .split('\r\n')
        .find((line) => line.startsWith(`Tax invoice,${invoice.number},`))!
        .endsWith(`,${note.number}`),
    ).toBe(true);
  });

  it('exports a month for GSTR-1: B2B invoices with the GSTIN, B2C by place of supply and rate net of credit notes, credit notes, and the SAC summary', async () => {
    // The month's documents so far come from the tests above; this one looks at what they add up to.
    const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7);
    const answer = await callProcedure(t.url, 'receipts.gstr1', 'query', { month }, { token: admin.token });
    expect(answer.status).toBe(200);
    const { fileName, csv, totals } = trpcData(answer.body);
    expect(fileName).toBe(`gstr1-${month}.csv`);
    expect(csv.startsWith(`\uFEFFGSTR-1,${month}\r\n`)).toBe(true);
    const lines = (csv as string).split('\r\n');
    const section = (name: string) => {
      const start = lines.findIndex((line) => line.startsWith(`${name},`));
      const end = lines.indexOf('', start);
      return { header: lines[start + 1]!, rows: lines.slice(start + 2, end === -1 ? undefined : end) };
    };
    const b2b = section('b2b');
    expect(b2b.header.startsWith('GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge')).toBe(true);
    expect(b2b.rows).toEqual([
      expect.stringMatching(
        /^29AAGCB7383J1Z4,Bharat Traders,MS\/\d\d-\d\d\/\d{6},\d\d-[A-Z][a-z]{2}-\d{4},1180\.00,29-Karnataka,N,,Regular B2B,,18,1000\.00,0\.00,9992,180\.00,0\.00,0\.00$/,
      ),
    ]);
    // Maharashtra: 2 × 4,999 and 6 × 1,180 invoiced, the 6 × 1,180 credited; Karnataka: 4,999.
    const b2cs = section('b2cs');
    expect(b2cs.rows).toEqual(['OE,27-Maharashtra,,18,8472.88,0.00,,9992,0.00,762.56,762.56', 'OE,29-Karnataka,,18,4236.44,0.00,,9992,762.56,0.00,0.00']);
    expect(section('cdnr').rows).toEqual([]);
    expect(section('b2cl').rows).toEqual([]);
    expect(section('hsn(b2b)').rows).toEqual(['9992,Education services,NA,1,1180.00,18,1000.00,180.00,0.00,0.00,0.00']);
    expect(totals).toEqual({ invoices: 10, creditNotes: 6, netTaxablePaise: 1_000_00 + 8_472_88 + 4_236_44, netTaxPaise: 180_00 + 1_525_12 + 762_56 });
    for (const month of ['2026-13', '2026-1', 'November', '=1+1']) {
      const bad = await callProcedure(t.url, 'receipts.gstr1', 'query', { month }, { token: admin.token });
      expect(bad.status, month).toBe(400);
      expect(bad.body.error.message).toBe('Please choose a month (YYYY-MM).');
    }
  });
});

describe('the UTR at checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('keeps the 12 digits of pasted text and refuses a number of one repeated digit', async () => {
    const pkg = createPackage(t.db);
    const buyer = await createUserWithToken(t);
    const body = { name: 'Asha', email: buyer.user.email, courseId: String(pkg.id) };
    const same = await callJson(t.url, 'POST', '/api/course/purchase', { token: buyer.token, body: { ...body, transactionId: '1111 1111 1111' } });
    expect(same.status).toBe(400);
    expect(same.body.message).toContain('every digit is the same');
    const pasted = await callJson(t.url, 'POST', '/api/course/purchase', { token: buyer.token, body: { ...body, transactionId: 'UTR: 5123 4567 8901' } });
    expect(pasted.status).toBe(200);
    expect(pasted.body.order.transactionId).toBe('512345678901');
  });

  it('gives the payment popup a UPI link with the reference (tr) and the package (tn)', async () => {
    const pkg = createPackage(t.db, { name: 'Tally Basics', pricePaise: 999_00 });
    const buyer = await createUserWithToken(t);
    const answer = await callProcedure(t.url, 'orders.paymentDetails', 'query', { packageId: String(pkg.id) }, { token: buyer.token });
    expect(trpcData(answer.body).upiLink).toBe(
      `upi://pay?pa=marathisuccess@okaxis&pn=Marathi%20Success&tr=U${buyer.user.id}P${pkg.id}N1&am=999.00&cu=INR&tn=Tally%20Basics`,
    );
  });
});
