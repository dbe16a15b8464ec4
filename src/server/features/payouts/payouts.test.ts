import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { earnCommission } from '../../../test/earnings.js';
import { createUserWithToken, TEST_PASSWORD } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { freshUtr } from '../../../test/world.js';
import { adminStats } from '../admin/stats.service.js';
import { orders } from '../../db/schema.js';
import { reverseOrder } from '../orders/order-reversal.service.js';
import { createSession } from '../auth/sessions.service.js';
import { batchView, makeBatch, markLineFailed, markLinePaid } from './batches.service.js';
import { payoutsHome, savePayoutDetails } from './payouts.service.js';
import { payoutDetailsInput } from '../../../shared/payout-details.js';
import { financialYear } from '../../../shared/financial-year.js';
import { statementOf } from './earning-statements.service.js';

/** A moment given in IST (UTC+05:30). */
const ist = (text: string) => Date.parse(`${text}+05:30`);

let t: TestApp;
const clock = testClock();
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let admin2: Awaited<ReturnType<typeof createUserWithToken>>;

async function start(env: Record<string, string> = {}) {
  clock.set(ist('2026-11-25T12:00:00'));
  t = await startTestApp({ now: clock.now, env });
  admin = await createUserWithToken(t.db, { role: 'admin', name: 'Meena Admin' });
  admin2 = await createUserWithToken(t.db, { role: 'admin', name: 'Kiran Admin' });
}

afterEach(async () => {
  await t.close();
});

const call = (token: string | undefined, path: string, type: 'query' | 'mutation', input?: unknown) => callProcedure(t.url, path, type, input, { token });
const data = async (promise: ReturnType<typeof call>) => {
  const answer = await promise;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return trpcData(answer.body);
};

async function earn(earnerId: number, rupees: number, at = clock.now()) {
  return earnCommission(t, { earnerId, adminId: admin.user.id, amountPaise: Math.round(rupees * 100), at });
}

const withPassword = (input: object) => ({ ...input, currentPassword: TEST_PASSWORD });

const upi = { method: 'upi', upiId: 'asha.patil@okaxis', pan: 'ABCDE1234F', panName: 'ASHA PATIL' } as const;

async function affiliate(name = 'Asha Patil', lang: 'en' | 'mr' = 'en') {
  return createUserWithToken(t.db, { name, lang });
}

const owedOf = (userId: number) => t.db.get<{ owed: number }>(sql`select earned_paise - paid_paise as owed from users where id = ${userId}`)!.owed;
const payoutLinesOf = (userId: number) =>
  t.db.all<{ amount_paise: number }>(sql`select amount_paise from ledger where user_id = ${userId} and kind = 'payout'`);

describe('payout details', () => {
  beforeEach(() => start());

  it('check the shape of a UPI id, account number, IFSC and PAN', () => {
    const bank = {
      method: 'bank',
      accountHolder: 'Asha Patil',
      accountNumber: '1234 5678 9012',
      accountNumberAgain: '123456789012',
      ifsc: 'sbin0001234',
      pan: 'abcde1234f',
      panName: 'ASHA PATIL',
    };
    expect(payoutDetailsInput.parse(bank)).toEqual({
      method: 'bank',
      upiId: null,
      accountHolder: 'Asha Patil',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      pan: 'ABCDE1234F',
      panName: 'ASHA PATIL',
    });
    expect(payoutDetailsInput.parse({ method: 'upi', upiId: ' Asha.Patil@OKAXIS ' })).toMatchObject({ upiId: 'asha.patil@okaxis', pan: null, panName: null });
    const issue = (value: unknown) => payoutDetailsInput.safeParse(value).error?.issues.map((i) => i.message);
    for (const upiId of ['asha', 'asha@', '@okaxis', 'as ha@ok axis!', 'asha@ok-axis', 'a@1bank'])
      expect(issue({ method: 'upi', upiId })).toEqual(['UPI_ID_INVALID']);
    for (const ifsc of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN00012345', '1234056789A']) expect(issue({ ...bank, ifsc })).toEqual(['IFSC_INVALID']);
    for (const pan of ['ABCD1234F', 'ABCDE12345', '12345ABCDE', 'ABCDE1234FF']) expect(issue({ ...bank, pan })).toEqual(['PAN_INVALID']);
    for (const accountNumber of ['12345678', '1234567890123456789', '12345678a'])
      expect(issue({ ...bank, accountNumber, accountNumberAgain: accountNumber })).toEqual(['ACCOUNT_NUMBER_INVALID']);
    expect(issue({ ...bank, accountNumberAgain: '123456789013' })).toEqual(['ACCOUNT_NUMBERS_DIFFER']);
    expect(issue({ ...bank, panName: ' ' })).toEqual(['PAN_NAME_REQUIRED']);
    // The account holder's name as the bank has it, in Latin letters: banks' bulk uploads refuse Devanagari.
    expect(issue({ ...bank, accountHolder: 'आशा पाटील' })).toEqual(['ACCOUNT_HOLDER_LATIN']);
    expect(issue({ method: 'upi', upiId: 'asha@okaxis', accountHolder: 'आशा' })).toEqual(['ACCOUNT_HOLDER_LATIN']);
    expect(issue({ method: 'upi', upiId: 'asha@okaxis', accountHolder: ' ' })).toEqual(['NAME_REQUIRED']);
    expect(payoutDetailsInput.parse({ method: 'upi', upiId: 'asha@okaxis', accountHolder: " Asha  D'Souza-Patil " }).accountHolder).toBe("Asha D'Souza-Patil");
    expect(issue({ method: 'cash' })).toBeDefined();
  });

  it('are shown back masked to their last 4, and a change is emailed', async () => {
    const asha = await affiliate();
    const saved = await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(upi)));
    expect(saved).toMatchObject({ method: 'upi', upiId: 'XXXXXXatil@okaxis', pan: 'XXXXXX234F', panName: 'ASHA PATIL' });
    const mine = await data(call(asha.token, 'payouts.mine', 'query'));
    expect(JSON.stringify(mine)).not.toContain('asha.patil');
    expect(JSON.stringify(mine)).not.toContain('ABCDE1234F');
    expect(mine.usualDays).toBe(7);
    const bank = await data(
      call(
        asha.token,
        'payouts.saveDetails',
        'mutation',
        withPassword({
          method: 'bank',
          accountHolder: 'Asha Patil',
          accountNumber: '123456789012',
          accountNumberAgain: '123456789012',
          ifsc: 'SBIN0001234',
        }),
      ),
    );
    expect(bank).toMatchObject({ method: 'bank', accountNumber: 'XXXXXXXX9012', ifsc: 'SBIN0001234', upiId: null, pan: null });
    const mail = await waitForEmail(t.outbox, asha.user.email, (m) => m.text.includes('XXXXXXXX9012'));
    expect(mail.subject).toBe('Marathi Success: your payout details were changed');
    expect(mail.text).toContain('If you did not make this change');
    const bad = await call(
      asha.token,
      'payouts.saveDetails',
      'mutation',
      withPassword({
        method: 'bank',
        accountHolder: 'A',
        accountNumber: '123456789012',
        accountNumberAgain: '1',
        ifsc: 'SBIN0001234',
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.data.fields).toEqual({ accountNumberAgain: 'The two account numbers are not the same.' });
  });

  it('apply to payouts requested after the change, not to a request already made', async () => {
    const asha = await affiliate();
    await earn(asha.user.id, 800);
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    await data(call(asha.token, 'payouts.request', 'mutation'));
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse({ method: 'upi', upiId: 'thief@ybl' }));
    const batch = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    const csv = trpcData((await call(admin.token, 'payouts.exportBatch', 'mutation', { batchId: batch.batchId })).body).csv as string;
    expect(csv).toContain('asha.patil@okaxis');
    expect(csv).not.toContain('thief@ybl');
  });
});

describe('payout requests', () => {
  beforeEach(() => start());

  it('need details and at least the minimum; one open at a time; cancel until the bank file is made', async () => {
    const asha = await affiliate();
    const other = await affiliate('Other');
    await earn(asha.user.id, 499);
    expect((await call(asha.token, 'payouts.request', 'mutation')).body.error.data.code).toBe('NO_PAYOUT_DETAILS');
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(upi)));
    const low = await call(asha.token, 'payouts.request', 'mutation');
    expect(low.status).toBe(409);
    expect(low.body.error.message).toBe('You can ask for a payout once you are owed at least ₹500. Now: ₹499.');
    await earn(asha.user.id, 1);
    const request = await data(call(asha.token, 'payouts.request', 'mutation'));
    expect(request).toMatchObject({ status: 'open', amountPaise: 500_00 });
    expect((await call(asha.token, 'payouts.request', 'mutation')).body.error.data.code).toBe('REQUEST_ALREADY_OPEN');
    expect((await call(other.token, 'payouts.cancelRequest', 'mutation', { requestId: request.id })).status).toBe(404);
    expect(await data(call(asha.token, 'payouts.cancelRequest', 'mutation', { requestId: request.id }))).toMatchObject({ status: 'cancelled' });
    // In a batch whose bank file is not made yet, cancelling withdraws the line: nothing is paid, all stays owed.
    const again = await data(call(asha.token, 'payouts.request', 'mutation'));
    const first = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    expect(await data(call(asha.token, 'payouts.cancelRequest', 'mutation', { requestId: again.id }))).toMatchObject({ status: 'cancelled' });
    const withdrawn = (await data(call(admin.token, 'payouts.batch', 'query', { batchId: first.batchId }))).lines[0];
    expect(withdrawn).toMatchObject({ status: 'failed', failReason: 'Cancelled by the affiliate before the bank file was made' });
    expect(owedOf(asha.user.id)).toBe(500_00);
    // Once the bank file is made, the bank may pay: no more cancelling.
    const third = await data(call(asha.token, 'payouts.request', 'mutation'));
    const second = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    await data(call(admin.token, 'payouts.exportBatch', 'mutation', { batchId: second.batchId }));
    expect((await call(asha.token, 'payouts.cancelRequest', 'mutation', { requestId: third.id })).body.error.data.code).toBe('REQUEST_NOT_CANCELLABLE');
    expect((await data(call(admin.token, 'payouts.batch', 'query', { batchId: second.batchId }))).lines[0].status).toBe('pending');
  });

  it('answer what can be requested: not what is in an open request or on its way, and why not below the minimum', async () => {
    const asha = await affiliate();
    await earn(asha.user.id, 370);
    // Before any payout details: the minimum and what is owed are there from the start.
    expect((await data(call(asha.token, 'payouts.mine', 'query'))).balance).toMatchObject({
      owedPaise: 370_00,
      availablePaise: 370_00,
      requestablePaise: 0,
      minimumPaise: 500_00,
      notRequestable: 'below-minimum',
    });
    await earn(asha.user.id, 500);
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(upi)));
    expect((await data(call(asha.token, 'payouts.mine', 'query'))).balance).toMatchObject({ requestablePaise: 870_00, notRequestable: null });
    await data(call(asha.token, 'payouts.request', 'mutation'));
    const mine = await data(call(asha.token, 'payouts.mine', 'query'));
    expect(mine.balance).toMatchObject({ owedPaise: 870_00, inRequestPaise: 870_00, requestablePaise: 0, notRequestable: 'request-open' });
    expect(mine.canRequest).toBe(false);
    expect((await call(asha.token, 'payouts.request', 'mutation')).body.error.data.code).toBe('REQUEST_ALREADY_OPEN');
    // Batched: on its way, still nothing to request, even after a new commission.
    makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    await earn(asha.user.id, 600);
    expect((await data(call(asha.token, 'payouts.mine', 'query'))).balance).toMatchObject({
      onItsWayPaise: 870_00,
      availablePaise: 600_00,
      requestablePaise: 0,
      notRequestable: 'request-open',
    });
  });

  it('honour PAYOUT_MINIMUM_RUPEES', async () => {
    await t.close();
    await start({ PAYOUT_MINIMUM_RUPEES: '1000' });
    const asha = await affiliate();
    await earn(asha.user.id, 999);
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    expect(payoutsHome(t.db, t.deps.config, asha.user.id)).toMatchObject({ canRequest: false, balance: { requestablePaise: 0, minimumPaise: 1000_00 } });
    await earn(asha.user.id, 1);
    expect(payoutsHome(t.db, t.deps.config, asha.user.id)).toMatchObject({ canRequest: true, balance: { requestablePaise: 1000_00 } });
  });
});

describe('batches', () => {
  beforeEach(() => start());

  it('fix gross, TDS and net at the cutoff, export the bank file, and pay a line exactly once, even with two admins at once', async () => {
    const asha = await affiliate('Asha Patil', 'mr');
    const ravi = await affiliate('Ravi More');
    await earn(asha.user.id, 1200, ist('2026-11-20T10:00:00'));
    await earn(asha.user.id, 300, ist('2026-11-24T10:00:00'));
    await earn(ravi.user.id, 700, ist('2026-11-21T10:00:00'));
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    savePayoutDetails(
      t.deps,
      ravi.user.id,
      payoutDetailsInput.parse({
        method: 'bank',
        accountHolder: 'Ravi More',
        accountNumber: '000123456789',
        accountNumberAgain: '000123456789',
        ifsc: 'HDFC0000123',
      }),
    );
    await data(call(asha.token, 'payouts.request', 'mutation'));

    // Two admins make a batch of the same people at the same moment: one gets them, the other nothing.
    const both = await Promise.all([
      call(admin.token, 'payouts.makeBatch', 'mutation', { userIds: [String(asha.user.id), String(ravi.user.id)], cutoff: ist('2026-11-22T00:00:00') }),
      call(admin2.token, 'payouts.makeBatch', 'mutation', { userIds: [String(asha.user.id), String(ravi.user.id)] }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const made = both.find((answer) => answer.status === 200)!;
    const batchId = trpcData(made.body).batchId as string;
    const batch = await data(call(admin.token, 'payouts.batch', 'query', { batchId }));
    const byName = Object.fromEntries(batch.lines.map((line: { name: string }) => [line.name, line]));
    const cutoffFirst = made === both[0];
    // The cutoff leaves out what was earned after it.
    expect(byName['Asha Patil']).toMatchObject({ status: 'pending', grossPaise: cutoffFirst ? 1200_00 : 1500_00, tdsPaise: 0, fromRequest: true });
    expect(byName['Ravi More']).toMatchObject({ grossPaise: 700_00, netPaise: 700_00 });

    const csv = (await data(call(admin.token, 'payouts.exportBatch', 'mutation', { batchId }))).csv as string;
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe('Beneficiary Name,Payment Mode,Account Number / UPI ID,IFSC,Amount,Reference,Email');
    expect(rows).toContain(`ASHA PATIL,UPI,asha.patil@okaxis,,${cutoffFirst ? '1200.00' : '1500.00'},PAYOUT-${byName['Asha Patil'].id},${asha.user.email}`);
    expect(rows).toContain(`Ravi More,NEFT,000123456789,HDFC0000123,700.00,PAYOUT-${byName['Ravi More'].id},${ravi.user.email}`);

    // Two admins mark the same line paid at once: one ledger line, one refusal.
    const lineId = byName['Asha Patil'].id;
    const marks = await Promise.all([
      call(admin.token, 'payouts.markPaid', 'mutation', { lineId, utr: 'HDFCN52026112512345' }),
      call(admin2.token, 'payouts.markPaid', 'mutation', { lineId, utr: 'HDFCN52026112599999' }),
    ]);
    expect(marks.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(marks.find((answer) => answer.status === 409)!.body.error.data.code).toBe('LINE_ALREADY_PAID');
    expect(payoutLinesOf(asha.user.id)).toHaveLength(1);
    expect((await call(admin.token, 'payouts.markFailed', 'mutation', { lineId, reason: 'late' })).body.error.data.code).toBe('LINE_ALREADY_PAID');
    expect(owedOf(asha.user.id)).toBe(cutoffFirst ? 300_00 : 0);

    const mail = await waitForEmail(t.outbox, asha.user.email, (m) => m.subject.includes('दिले आहेत'));
    expect(mail.text).toContain('कापलेला TDS: ₹0');
    expect(mail.text).toMatch(/HDFCN520261125(12345|99999)/);

    // The affiliate sees it paid with the reference.
    const mine = await data(call(asha.token, 'payouts.mine', 'query'));
    expect(mine.lines[0]).toMatchObject({ status: 'paid', utr: expect.stringMatching(/^HDFCN5/) });
    expect(mine.requests[0]).toMatchObject({ status: 'paid' });
  });

  it('name each beneficiary as their bank has them, in Latin letters, even when the account is named in Marathi', async () => {
    const asha = await affiliate('आशा पाटील', 'mr');
    await earn(asha.user.id, 900);
    const refused = await callProcedure(
      t.url,
      'payouts.saveDetails',
      'mutation',
      withPassword({ method: 'upi', upiId: 'asha@okaxis', accountHolder: 'आशा पाटील' }),
      { token: asha.token, headers: { 'x-lang': 'mr' } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.data.fields).toEqual({ accountHolder: 'कृपया खातेधारकाचे नाव बँकेत आहे तसेच इंग्रजी अक्षरांत (A ते Z) लिहा.' });
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword({ method: 'upi', upiId: 'asha@okaxis', accountHolder: 'Asha Patil' })));
    expect((await data(call(asha.token, 'payouts.mine', 'query'))).details).toMatchObject({ accountHolder: 'Asha Patil' });
    const { batchId } = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    const csv = (await data(call(admin.token, 'payouts.exportBatch', 'mutation', { batchId }))).csv as string;
    // A bank's upload file: no byte-order mark, and the name the bank has.
    expect(csv.startsWith('Beneficiary Name,')).toBe(true);
    expect(csv).toContain('\r\nAsha Patil,UPI,asha@okaxis,,900.00,');
    expect(csv).not.toContain('आशा');
  });

  it('return a failed line to owed, close its request, and let the affiliate ask again', async () => {
    const asha = await affiliate();
    await earn(asha.user.id, 900);
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    await data(call(asha.token, 'payouts.request', 'mutation'));
    const { batchId } = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    const line = (await data(call(admin.token, 'payouts.batch', 'query', { batchId }))).lines[0];
    expect((await call(asha.token, 'payouts.request', 'mutation')).body.error.data.code).toBe('REQUEST_ALREADY_OPEN');
    const failed = await data(call(admin.token, 'payouts.markFailed', 'mutation', { lineId: line.id, reason: 'Beneficiary UPI id not found' }));
    expect(failed.status).toBe('failed');
    expect(owedOf(asha.user.id)).toBe(900_00);
    expect(payoutLinesOf(asha.user.id)).toEqual([]);
    expect((await call(admin.token, 'payouts.markPaid', 'mutation', { lineId: line.id, utr: 'ABC123456' })).body.error.data.code).toBe('LINE_ALREADY_FAILED');
    await waitForEmail(t.outbox, asha.user.email, (m) => m.text.includes('Beneficiary UPI id not found'));
    expect(await data(call(asha.token, 'payouts.request', 'mutation'))).toMatchObject({ status: 'open', amountPaise: 900_00 });
  });

  it('never pay more than owed: not twice to one person, not after a reversal, not beside a direct payout', async () => {
    const asha = await affiliate();
    const { order } = await earn(asha.user.id, 1000);
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    const { batchId } = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    expect(() => makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] })).toThrow(expect.objectContaining({ appCode: 'NOTHING_TO_BATCH' }));
    // What is in a batch cannot be paid again directly.
    const direct = await callJson(t.url, 'POST', '/api/admin/sendMail', { token: admin.token, body: { email: asha.user.email, amount: 1 } });
    expect(direct.body.code).toBe('NOTHING_OWED');
    // The order behind it is reversed before the bank paid: the line can no longer be marked paid.
    reverseOrder(t.deps, admin.user.id, { utr: order.utr!, reason: 'Fake UTR' });
    const line = (await data(call(admin.token, 'payouts.batch', 'query', { batchId }))).lines[0];
    const refused = await call(admin.token, 'payouts.markPaid', 'mutation', { lineId: line.id, utr: 'UTR123456789' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.data.code).toBe('PAYOUT_EXCEEDS_OWED');
    expect(payoutLinesOf(asha.user.id)).toEqual([]);
    markLineFailed(t.deps, admin.user.id, { lineId: Number(line.id), reason: 'Order reversed' });
    expect(owedOf(asha.user.id)).toBe(0);
  });

  it('list everyone owed, and the screen’s total equals the admin dashboard’s owed total', async () => {
    const people = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => affiliate(`Person ${name}`)));
    const [a, b, c, d, e] = people as [
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
    ];
    await earn(a.user.id, 600); // ready, no request
    await earn(b.user.id, 200); // below the minimum
    await earn(c.user.id, 700); // in a batch
    const { order } = await earn(d.user.id, 550); // paid, then reversed: below zero
    await earn(e.user.id, 800); // requested
    for (const person of people) savePayoutDetails(t.deps, person.user.id, payoutDetailsInput.parse(upi));
    await data(call(e.token, 'payouts.request', 'mutation'));
    makeBatch(t.deps, admin.user.id, { userIds: [c.user.id] });
    const { batchId } = makeBatch(t.deps, admin.user.id, { userIds: [d.user.id] });
    const line = (await data(call(admin.token, 'payouts.batch', 'query', { batchId }))).lines[0];
    markLinePaid(t.deps, admin.user.id, { lineId: Number(line.id), utr: 'UTR000000001' });
    reverseOrder(t.deps, admin.user.id, { utr: order.utr!, reason: 'Mistaken approval' });

    const overview = await data(call(admin.token, 'payouts.overview', 'query'));
    expect(overview.ready.map((row: { name: string }) => row.name)).toEqual(['Person E', 'Person A']);
    expect(overview.ready[0].request).not.toBeNull();
    expect(overview.others.map((row: { name: string; availablePaise: number }) => [row.name, row.availablePaise])).toEqual([
      ['Person B', 200_00],
      ['Person D', -550_00],
    ]);
    expect(overview.inFlight).toEqual([expect.objectContaining({ name: 'Person C', grossPaise: 700_00 })]);
    const listed =
      [...overview.ready, ...overview.others].reduce((sum: number, row: { availablePaise: number }) => sum + row.availablePaise, 0) +
      overview.inFlight.reduce((sum: number, row: { grossPaise: number }) => sum + row.grossPaise, 0);
    expect(overview.totalOwedPaise).toBe(listed);
    expect(adminStats(t.db, clock.now()).owedPaise).toBe(listed);
    expect(listed).toBe(600_00 + 200_00 + 700_00 - 550_00 + 800_00);
  });
});

describe('reversal', () => {
  beforeEach(() => start());

  it('takes the package back, books a correction, emails both, once; after a payout it nets in the next batch', async () => {
    const asha = await affiliate('Asha Patil');
    const { order, buyer, pkg } = await earn(asha.user.id, 1000, ist('2026-11-10T10:00:00'));
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    const first = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    const firstLine = (await data(call(admin.token, 'payouts.batch', 'query', { batchId: first.batchId }))).lines[0];
    markLinePaid(t.deps, admin.user.id, { lineId: Number(firstLine.id), utr: 'UTR000000002' });

    const reversed = await data(call(admin.token, 'payouts.reverseOrder', 'mutation', { utr: order.utr, reason: 'The UTR was fake' }));
    expect(reversed).toEqual({ orderId: String(order.id), commissionPaise: 1000_00 });
    expect(owedOf(asha.user.id)).toBe(-1000_00);
    const enrolled = t.db.all(sql`select 1 from enrollments where user_id = ${buyer.id} and package_id = ${pkg.id}`);
    expect(enrolled).toEqual([]);
    const lines = t.db.all<{ kind: string; amount_paise: number; note: string }>(
      sql`select kind, amount_paise, note from ledger where order_id = ${order.id} order by id`,
    );
    expect(lines).toEqual([
      { kind: 'commission', amount_paise: 1000_00, note: null },
      { kind: 'correction', amount_paise: -1000_00, note: 'The UTR was fake' },
    ]);
    expect(t.db.get<{ status: string }>(sql`select status from ${orders} where id = ${order.id}`)!.status).toBe('approved');
    // Its buyer and the admins see it taken back, with when and why.
    const buyerToken = createSession(t.db, buyer.id, clock.now()).token;
    const reversal = { at: clock.now(), reason: 'The UTR was fake' };
    expect((await data(call(buyerToken, 'orders.mine', 'query'))).find((mine: { id: string }) => mine.id === String(order.id)).reversal).toEqual(reversal);
    expect((await data(call(admin.token, 'orders.decided', 'query', {}))).orders.find((row: { id: string }) => row.id === String(order.id)).reversal).toEqual(
      reversal,
    );
    // Its receipt stays as issued, and says when the order was reversed.
    const receipt = await data(call(buyerToken, 'receipts.byOrder', 'query', { orderId: String(order.id) }));
    expect(receipt).toMatchObject({ amountPaise: pkg.pricePaise, reversedAt: clock.now() });
    await waitForEmail(t.outbox, buyer.email, (m) => m.text.includes('The UTR was fake'));
    const sponsorMail = await waitForEmail(t.outbox, asha.user.email, (m) => m.subject.includes('reversed'));
    expect(sponsorMail.text).toContain('Owed to you now: -₹1,000');
    const again = await call(admin2.token, 'payouts.reverseOrder', 'mutation', { utr: order.utr, reason: 'again' });
    expect(again.body.error.data.code).toBe('ORDER_ALREADY_REVERSED');
    expect((await call(admin.token, 'payouts.reverseOrder', 'mutation', { utr: freshUtr(), reason: 'x' })).status).toBe(404);

    // Nothing to pay while below zero; the next commissions net it.
    expect(() => makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] })).toThrow(expect.objectContaining({ appCode: 'NOTHING_TO_BATCH' }));
    await earn(asha.user.id, 1800);
    const next = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    const nextLine = (await data(call(admin.token, 'payouts.batch', 'query', { batchId: next.batchId }))).lines[0];
    expect(nextLine.grossPaise).toBe(800_00);
    markLinePaid(t.deps, admin.user.id, { lineId: Number(nextLine.id), utr: 'UTR000000003' });
    expect(owedOf(asha.user.id)).toBe(0);
    const statement = statementOf(t.db, asha.user.id, { label: '2026-11', from: ist('2026-11-01T00:00:00'), to: ist('2026-12-01T00:00:00') });
    expect(statement.lines.map((line) => [line.kind, line.reference.replace(/\d+/, 'N'), line.earnedPaise || -line.grossPaise, line.owedAfterPaise])).toEqual([
      ['commission', 'ORDER-N', 1000_00, 1000_00],
      ['payout', 'PAYOUT-N', -1000_00, 0],
      ['correction', 'ORDER-N', -1000_00, -1000_00],
      ['commission', 'ORDER-N', 1800_00, 800_00],
      ['payout', 'PAYOUT-N', -800_00, 0],
    ]);
    const home = payoutsHome(t.db, t.deps.config, asha.user.id);
    expect(home.balance).toMatchObject({ earnedPaise: 1800_00, paidPaise: 1800_00, tdsPaise: 0, owedPaise: 0 });
  });

  it('is for admins, needs a reason, and refuses an order that is not approved', async () => {
    const asha = await affiliate();
    const { order } = await earn(asha.user.id, 100);
    expect((await call(asha.token, 'payouts.reverseOrder', 'mutation', { utr: order.utr, reason: 'x' })).status).toBe(403);
    const noReason = await call(admin.token, 'payouts.reverseOrder', 'mutation', { utr: order.utr, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Please write the reason.');
    t.db.run(sql`update orders set status = 'rejected' where id = ${order.id}`);
    expect((await call(admin.token, 'payouts.reverseOrder', 'mutation', { utr: order.utr, reason: 'x' })).body.error.data.code).toBe('ORDER_NOT_APPROVED');
  });
});

describe('races on the money paths', () => {
  beforeEach(() => start());

  /** Owed never went below zero at a payout: the running sum of earnings less TDS and payouts, at each payout line. */
  const overpaidPayouts = () =>
    t.db.all(sql`
      select l.id from ledger l where l.kind = 'payout'
        and (select coalesce(sum(case when m.kind in ('payout', 'tds') then -m.amount_paise else m.amount_paise end), 0)
             from ledger m where m.user_id = l.user_id and m.id <= l.id) < 0`);

  it('two payout requests at once make one request', async () => {
    const asha = await affiliate();
    await earn(asha.user.id, 900);
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(upi)));
    const answers = await Promise.all([1, 2, 3].map(() => call(asha.token, 'payouts.request', 'mutation')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.error.data.code === 'REQUEST_ALREADY_OPEN')).toBe(true);
    expect(t.db.all(sql`select id from payout_requests where user_id = ${asha.user.id}`)).toHaveLength(1);
  });

  it('two batches at once put a person in one line; two marks at once pay it once', async () => {
    const asha = await affiliate();
    await earn(asha.user.id, 900);
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    const batches = await Promise.all([admin, admin2].map((who) => call(who.token, 'payouts.makeBatch', 'mutation', { userIds: [String(asha.user.id)] })));
    expect(batches.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lines = t.db.all<{ id: number }>(sql`select id from payout_lines where user_id = ${asha.user.id}`);
    expect(lines).toHaveLength(1);
    const marks = await Promise.all(
      [admin, admin2].map((who, i) => call(who.token, 'payouts.markPaid', 'mutation', { lineId: String(lines[0]!.id), utr: `HDFCN5202611250000${i}` })),
    );
    expect(marks.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(payoutLinesOf(asha.user.id)).toEqual([{ amount_paise: 900_00 }]);
  });

  it('a details change racing a batch pays nothing to details saved after the request, and a line keeps the details it was made with', async () => {
    const asha = await affiliate();
    await earn(asha.user.id, 900);
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(upi)));
    await data(call(asha.token, 'payouts.request', 'mutation'));
    const thief = { method: 'upi', upiId: 'thief@ybl', accountHolder: 'Thief' };
    const [saved, batched] = await Promise.all([
      call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(thief)),
      call(admin.token, 'payouts.makeBatch', 'mutation', { userIds: [String(asha.user.id)] }),
    ]);
    expect([saved.status, batched.status]).toEqual([200, 200]);
    const { batchId } = trpcData(batched.body);
    expect((await data(call(admin.token, 'payouts.batch', 'query', { batchId }))).lines[0].details).toMatchObject({ upiId: 'XXXXXXatil@okaxis' });
    // Without a request, a line takes the details of the moment it is made, and keeps them after a change.
    const ravi = await affiliate('Ravi More');
    await earn(ravi.user.id, 700);
    await data(call(ravi.token, 'payouts.saveDetails', 'mutation', withPassword({ method: 'upi', upiId: 'ravi@ybl' })));
    const second = makeBatch(t.deps, admin.user.id, { userIds: [ravi.user.id] });
    await data(call(ravi.token, 'payouts.saveDetails', 'mutation', withPassword({ method: 'upi', upiId: 'late@ybl' })));
    const files = [
      (await data(call(admin.token, 'payouts.exportBatch', 'mutation', { batchId }))).csv as string,
      (await data(call(admin.token, 'payouts.exportBatch', 'mutation', { batchId: second.batchId }))).csv as string,
    ].join('');
    expect(files).toContain('asha.patil@okaxis');
    expect(files).toContain('ravi@ybl');
    expect(files).not.toContain('thief@ybl');
    expect(files).not.toContain('late@ybl');
  });

  it('a reversal racing a payout never pays more than owed; what it leaves below zero the next batch nets', async () => {
    const people = await Promise.all(['A', 'B', 'C', 'D'].map((name) => affiliate(`Person ${name}`)));
    const orders: { utr: string | null }[] = [];
    for (const person of people) {
      orders.push((await earn(person.user.id, 1000)).order);
      savePayoutDetails(t.deps, person.user.id, payoutDetailsInput.parse(upi));
    }
    const { batchId } = makeBatch(t.deps, admin.user.id, { userIds: people.map((person) => person.user.id) });
    const lines = (await data(call(admin.token, 'payouts.batch', 'query', { batchId }))).lines as { id: string; userId: string }[];
    // Each line's markPaid and its order's reversal sent together, in both orders.
    const answers = await Promise.all(
      people.map((person, i) => {
        const line = lines.find((row) => row.userId === String(person.user.id))!;
        const pay = () => call(admin.token, 'payouts.markPaid', 'mutation', { lineId: line.id, utr: `UTR00000000${i}` });
        const reverse = () => call(admin2.token, 'payouts.reverseOrder', 'mutation', { utr: orders[i]!.utr, reason: 'Fake UTR' });
        return i % 2 === 0 ? Promise.all([pay(), reverse()]) : Promise.all([reverse(), pay()]).then(([r, p]) => [p, r] as const);
      }),
    );
    expect(overpaidPayouts()).toEqual([]);
    for (const [i, [paid, reversed]] of answers.entries()) {
      const person = people[i]!;
      expect(reversed.status).toBe(200);
      if (paid.status === 200) expect(owedOf(person.user.id)).toBe(-1000_00);
      else {
        expect(paid.body.error.data.code).toBe('PAYOUT_EXCEEDS_OWED');
        expect(owedOf(person.user.id)).toBe(0);
        markLineFailed(t.deps, admin.user.id, { lineId: Number(lines.find((row) => row.userId === String(person.user.id))!.id), reason: 'Order reversed' });
      }
      // The next commission nets what the reversal left below zero: a batch pays only what is owed.
      await earn(person.user.id, 1500);
      const next = makeBatch(t.deps, admin.user.id, { userIds: [person.user.id] });
      expect(batchView(t.db, Number(next.batchId)).lines[0]!.grossPaise).toBe(owedOf(person.user.id));
      expect(owedOf(person.user.id)).toBe(paid.status === 200 ? 500_00 : 1500_00);
    }
  });
});

describe('admins’ payout screens', () => {
  beforeEach(() => start());

  it('show PANs, UPI ids and account numbers masked to their last 4, and every read of them (and of the users list and GSTR-1) is in the audit log; the bank file alone has them whole', async () => {
    const asha = await affiliate();
    savePayoutDetails(
      t.deps,
      asha.user.id,
      payoutDetailsInput.parse({
        method: 'bank',
        accountHolder: 'Asha Patil',
        accountNumber: '123456789012',
        accountNumberAgain: '123456789012',
        ifsc: 'SBIN0001234',
        pan: 'ABCDE1234F',
        panName: 'ASHA PATIL',
      }),
    );
    await earn(asha.user.id, 1000);
    const overview = await data(call(admin.token, 'payouts.overview', 'query'));
    const { batchId } = await data(call(admin.token, 'payouts.makeBatch', 'mutation', { userIds: [String(asha.user.id)] }));
    const batch = await data(call(admin.token, 'payouts.batch', 'query', { batchId }));
    const batches = await data(call(admin.token, 'payouts.batches', 'query'));
    for (const shown of [JSON.stringify(overview), JSON.stringify(batch), JSON.stringify(batches)]) {
      expect(shown).not.toContain('123456789012');
      expect(shown).not.toContain('ABCDE1234F');
    }
    expect(batch.lines[0].details).toMatchObject({ accountNumber: 'XXXXXXXX9012', pan: 'XXXXXX234F' });
    await data(call(admin.token, 'admin.users', 'query', {}));
    await data(call(admin.token, 'receipts.gstr1', 'query', { month: '2026-11' }));
    const audited = t.db.all<{ action: string }>(sql`select action from audit_log where actor_id = ${admin.user.id}`).map((row) => row.action);
    expect(audited).toEqual(expect.arrayContaining(['payouts.overview', 'payouts.batch', 'payouts.batches', 'admin.users', 'receipts.gstr1']));
    const bankFile = (await data(call(admin.token, 'payouts.exportBatch', 'mutation', { batchId }))).csv as string;
    expect(bankFile).toContain('123456789012');
  });
});

describe('TDS (section 194H), booked when commission is credited', () => {
  beforeEach(() => start({ TDS_ENABLED: 'true' }));

  const tdsLines = (userId: number) =>
    t.db.all<{ amount_paise: number; created_at: number; order_id: number }>(
      sql`select amount_paise, created_at, order_id from ledger where user_id = ${userId} and kind = 'tds' order by id`,
    );
  const register = async (quarter: string) => {
    const answer = await data(call(admin.token, 'payouts.tdsRegister', 'query', { quarter }));
    return { ...answer, lines: (answer.csv as string).replace(/^\uFEFF/, '').split('\r\n') };
  };

  it('withholds in March what a March credit owes, so the April payout pays what is left and the register lists it in Q4 (the clock crosses 31 March)', async () => {
    const asha = await affiliate();
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(upi)));
    clock.set(ist('2026-03-20T11:00:00'));
    const { order } = await earn(asha.user.id, 30000);
    // Booked at credit, before anyone asked for a payout: 2% of the year's ₹30,000.
    expect(tdsLines(asha.user.id)).toEqual([{ amount_paise: 600_00, created_at: ist('2026-03-20T11:00:00'), order_id: order.id }]);
    expect((await data(call(asha.token, 'payouts.mine', 'query'))).balance).toMatchObject({
      earnedPaise: 30000_00,
      tdsPaise: 600_00,
      owedPaise: 29400_00,
      requestablePaise: 29400_00,
    });

    clock.set(ist('2026-04-05T10:00:00'));
    expect(await data(call(asha.token, 'payouts.request', 'mutation'))).toMatchObject({ amountPaise: 29400_00 });
    const { batchId } = await data(call(admin.token, 'payouts.makeBatch', 'mutation', { userIds: [String(asha.user.id)] }));
    const [line] = (await data(call(admin.token, 'payouts.batch', 'query', { batchId }))).lines;
    expect(line).toMatchObject({ grossPaise: 29400_00, tdsPaise: 0, netPaise: 29400_00 });
    const bankFile = (await data(call(admin.token, 'payouts.exportBatch', 'mutation', { batchId }))).csv as string;
    expect(bankFile).toContain(',29400.00,');
    await data(call(admin.token, 'payouts.markPaid', 'mutation', { lineId: line.id, utr: 'HDFCN52026040512345' }));
    expect((await data(call(asha.token, 'payouts.mine', 'query'))).balance).toMatchObject({
      earnedPaise: 30000_00,
      paidPaise: 29400_00,
      tdsPaise: 600_00,
      owedPaise: 0,
    });

    const q4 = await register('FY2025-26 Q4');
    expect(q4.count).toBe(1);
    expect(q4.lines[1]).toBe(
      `194H,ABCDE1234F,ASHA PATIL,Asha Patil,${asha.user.email},30000.00,2.00,600.00,2026-03-20,FY2025-26 Q4,2026-04-30,ORDER-${order.id},Form 26Q`,
    );
    expect(q4.deposits).toEqual([{ month: '2026-03', tdsPaise: 600_00, dueDate: '2026-04-30' }]);
    expect(q4.lines).toContain('2026-03,600.00,2026-04-30');
    // The payout in April is no credit: the new year's first quarter has nothing.
    expect((await register('FY2026-27 Q1')).count).toBe(0);
  });

  it('withholds nothing up to the threshold, then on the whole year at the crossing, then on each credit, and starts again on 1 April IST', async () => {
    const asha = await affiliate();
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    await earn(asha.user.id, 15000, ist('2026-05-10T10:00:00'));
    await earn(asha.user.id, 5000, ist('2026-06-10T10:00:00')); // exactly 20,000: not over
    expect(tdsLines(asha.user.id)).toEqual([]);
    await earn(asha.user.id, 5000, ist('2026-07-10T10:00:00')); // 25,000 in the year: 2% of all of it
    await earn(asha.user.id, 1000, ist('2027-03-31T23:59:00')); // still the same year: 2% of 1,000
    await earn(asha.user.id, 1000, ist('2027-04-01T00:00:00')); // a new year counts from zero
    expect(tdsLines(asha.user.id).map((line) => line.amount_paise)).toEqual([500_00, 20_00]);

    const q2 = await register('FY2026-27 Q2');
    expect(q2.lines.slice(1, 2).map((line: string) => line.split(',').slice(5, 11))).toEqual([
      ['25000.00', '2.00', '500.00', '2026-07-10', 'FY2026-27 Q2', '2026-08-07'],
    ]);
    const q4 = await register('FY2026-27 Q4');
    expect(q4.lines[1]!.split(',').slice(5, 11)).toEqual(['1000.00', '2.00', '20.00', '2027-03-31', 'FY2026-27 Q4', '2027-04-30']);
    expect((await register('FY2027-28 Q1')).count).toBe(0);

    const fy = statementOf(t.db, asha.user.id, financialYear(2026));
    expect(fy.totals).toEqual({ earnedPaise: 26000_00, grossPaise: 0, tdsPaise: 520_00, netPaise: 0 });
    expect(fy.closingOwedPaise).toBe(26000_00 - 520_00);
    expect(fy.lines.filter((line) => line.kind === 'tds').map((line) => [line.tdsPaise, line.tds])).toEqual([
      [500_00, { rateBp: 200, basePaise: 25000_00, section: '393(1) [Table: Sl. No. 1(ii)]' }],
      [20_00, { rateBp: 200, basePaise: 1000_00, section: '393(1) [Table: Sl. No. 1(ii)]' }],
    ]);
    clock.set(ist('2027-04-02T10:00:00'));
    const { batchId } = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    expect(batchView(t.db, Number(batchId)).lines[0]).toMatchObject({ grossPaise: 27000_00 - 520_00, tdsPaise: 0, netPaise: 27000_00 - 520_00 });
  });

  it('names the section in force for each year (194H and Form 26Q to March 2026, section 393 and Form 140 from April), and tells the affiliate the TDS of each credit and of the credits a payout pays, as the register has it', async () => {
    const asha = await affiliate();
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    const commissionMail = (rupees: string) => waitForEmail(t.outbox, asha.user.email, (mail) => mail.subject.startsWith(`You earned ${rupees}:`));

    await earn(asha.user.id, 15000, ist('2026-03-10T10:00:00'));
    expect((await commissionMail('₹15,000')).text).toContain(
      'No TDS was withheld on it: your commission this financial year (₹15,000) is within the ₹20,000 threshold.',
    );
    const march = await earn(asha.user.id, 7000.5, ist('2026-03-20T10:00:00'));
    expect((await commissionMail('₹7,000.50')).text).toContain(
      'TDS withheld on it: ₹440.01 (2% on ₹22,000.50, Income-tax Act, 1961, section 194H). It is paid to the government against your PAN.',
    );
    await earn(asha.user.id, 1000, ist('2026-04-10T10:00:00'));
    expect((await commissionMail('₹1,000')).text).toContain(
      'No TDS was withheld on it: your commission this financial year (₹1,000) is within the ₹20,000 threshold.',
    );
    const april = await earn(asha.user.id, 20000, ist('2026-04-11T10:00:00'));
    expect((await commissionMail('₹20,000')).text).toContain(
      'TDS withheld on it: ₹420 (2% on ₹21,000, Income-tax Act, 2025, section 393(1) [Table: Sl. No. 1(ii)]). It is paid to the government against your PAN.',
    );

    const q4 = await register('FY2025-26 Q4');
    expect(q4.lines[0]!.split(',').at(-1)).toBe('Return form');
    expect(q4.lines[1]).toBe(
      `194H,ABCDE1234F,ASHA PATIL,Asha Patil,${asha.user.email},22000.50,2.00,440.01,2026-03-20,FY2025-26 Q4,2026-04-30,ORDER-${march.order.id},Form 26Q`,
    );
    const q1 = await register('FY2026-27 Q1');
    expect(q1.lines[1]).toBe(
      `393(1) [Table: Sl. No. 1(ii)],ABCDE1234F,ASHA PATIL,Asha Patil,${asha.user.email},21000.00,2.00,420.00,2026-04-11,FY2026-27 Q1,2026-05-07,ORDER-${april.order.id},Form 140`,
    );
    const statement = statementOf(t.db, asha.user.id, financialYear(2025));
    expect(statement.lines.find((line) => line.kind === 'tds')!.tds).toEqual({ rateBp: 200, basePaise: 22000_50, section: '194H' });

    // One payout pays all four credits: its email names the TDS withheld on them, the register's 440.01 + 420.00.
    clock.set(ist('2026-04-20T10:00:00'));
    const { batchId } = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    const [line] = batchView(t.db, Number(batchId)).lines;
    expect(line!.grossPaise).toBe(43000_50 - 860_01);
    markLinePaid(t.deps, admin.user.id, { lineId: Number(line!.id), utr: 'HDFCN52026042012345' });
    const paid = await waitForEmail(t.outbox, asha.user.email, (mail) => mail.subject.includes('has paid you'));
    expect(paid.text).toContain(
      'TDS withheld on the commissions this pays: ₹860.01 (section 194H, 393(1) [Table: Sl. No. 1(ii)]), withheld when they were credited',
    );
    expect(paid.text).toContain('Sent to you: ₹42,140.49');
  });

  it('gives TDS back through a TDS correction line when a credit of the same year is reversed, never for an earlier year', async () => {
    const asha = await affiliate();
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    await earn(asha.user.id, 15000, ist('2026-05-10T10:00:00'));
    const crossing = await earn(asha.user.id, 10000, ist('2026-05-11T10:00:00')); // 2% of 25,000
    const later = await earn(asha.user.id, 6000, ist('2026-05-12T10:00:00')); // 2% of 6,000
    expect(tdsLines(asha.user.id).map((line) => line.amount_paise)).toEqual([500_00, 120_00]);
    clock.set(ist('2026-05-20T10:00:00'));
    reverseOrder(t.deps, admin.user.id, { utr: later.order.utr!, reason: 'Fake UTR' });
    expect(tdsLines(asha.user.id).at(-1)).toEqual({ amount_paise: -120_00, created_at: clock.now(), order_id: later.order.id });
    // Back to 15,000: within the threshold, so all of the year's TDS comes back.
    reverseOrder(t.deps, admin.user.id, { utr: crossing.order.utr!, reason: 'Mistaken approval' });
    expect(tdsLines(asha.user.id).map((line) => line.amount_paise)).toEqual([500_00, 120_00, -120_00, -500_00]);
    expect(payoutsHome(t.db, t.deps.config, asha.user.id, clock.now()).balance).toMatchObject({ earnedPaise: 15000_00, tdsPaise: 0, owedPaise: 15000_00 });
    const q1 = await register('FY2026-27 Q1');
    expect(q1.lines.slice(1, 5).map((line: string) => line.split(',').slice(5, 8))).toEqual([
      ['25000.00', '2.00', '500.00'],
      ['6000.00', '2.00', '120.00'],
      ['-6000.00', '2.00', '-120.00'],
      ['-10000.00', '2.00', '-500.00'],
    ]);
    expect(q1.deposits).toEqual([{ month: '2026-05', tdsPaise: 0, dueDate: '2026-06-07' }]);

    // Over the threshold again; a reversal in the next financial year gives nothing back.
    const again = await earn(asha.user.id, 10000, ist('2026-06-01T10:00:00'));
    expect(tdsLines(asha.user.id).at(-1)!.amount_paise).toBe(500_00);
    clock.set(ist('2027-04-01T00:00:00'));
    reverseOrder(t.deps, admin.user.id, { utr: again.order.utr!, reason: 'Found out late' });
    expect(tdsLines(asha.user.id).at(-1)!.amount_paise).toBe(500_00);
    expect(payoutsHome(t.db, t.deps.config, asha.user.id, clock.now()).balance).toMatchObject({ tdsPaise: 500_00, owedPaise: 15000_00 - 500_00 });
  });

  it('withholds the higher rate without a PAN; a PAN given later gives nothing back, and a reversal gives back only at the rate withheld', async () => {
    const ravi = await affiliate('Ravi More');
    savePayoutDetails(t.deps, ravi.user.id, payoutDetailsInput.parse({ method: 'upi', upiId: 'ravi@ybl' }));
    await earn(ravi.user.id, 21000, ist('2026-06-01T10:00:00'));
    expect(tdsLines(ravi.user.id).map((line) => line.amount_paise)).toEqual([4200_00]);
    savePayoutDetails(t.deps, ravi.user.id, payoutDetailsInput.parse({ method: 'upi', upiId: 'ravi@ybl', pan: 'ABCDE1234F', panName: 'RAVI MORE' }));
    const small = await earn(ravi.user.id, 1000, ist('2026-06-02T10:00:00'));
    // At 2% the year's TDS (440) is below what was withheld (4,200): nothing more, nothing back.
    expect(tdsLines(ravi.user.id).map((line) => line.amount_paise)).toEqual([4200_00]);
    clock.set(ist('2026-06-03T10:00:00'));
    reverseOrder(t.deps, admin.user.id, { utr: small.order.utr!, reason: 'Fake UTR' });
    // 20% of the 21,000 that stays credited is what was withheld: nothing to give back.
    expect(tdsLines(ravi.user.id).map((line) => line.amount_paise)).toEqual([4200_00]);

    // The legacy send-earnings call pays what is left, withholding nothing more.
    const answer = await callJson(t.url, 'POST', '/api/admin/sendMail', { token: admin.token, body: { email: ravi.user.email, amount: 16800 } });
    expect(answer.status).toBe(200);
    const line = t.db.get<{ gross_paise: number; tds_paise: number; net_paise: number }>(sql`select * from payout_lines where user_id = ${ravi.user.id}`)!;
    expect(line).toMatchObject({ gross_paise: 16800_00, tds_paise: 0, net_paise: 16800_00 });
    const more = await callJson(t.url, 'POST', '/api/admin/sendMail', { token: admin.token, body: { email: ravi.user.email, amount: 1 } });
    expect(more.body.code).toBe('NOTHING_OWED');
    const mine = await data(call(ravi.token, 'payouts.mine', 'query'));
    expect(mine.balance).toMatchObject({ earnedPaise: 21000_00, tdsPaise: 4200_00, paidPaise: 16800_00, owedPaise: 0 });
  });

  it('is never booked while TDS_ENABLED is off', async () => {
    await t.close();
    await start();
    const asha = await affiliate();
    await earn(asha.user.id, 50000);
    expect(tdsLines(asha.user.id)).toEqual([]);
    expect((await register('FY2026-27 Q3')).count).toBe(0);
  });
});

describe('statements', () => {
  beforeEach(() => start());

  it('list the lines of an IST month or a financial year, as CSV, for the signed-in affiliate only', async () => {
    const asha = await affiliate();
    await earn(asha.user.id, 600, ist('2026-10-31T23:59:00'));
    await earn(asha.user.id, 400, ist('2026-11-01T00:00:00'));
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(upi));
    const { batchId } = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    const line = (await data(call(admin.token, 'payouts.batch', 'query', { batchId }))).lines[0];
    markLinePaid(t.deps, admin.user.id, { lineId: Number(line.id), utr: 'SBIN123456789' });
    const november = await data(call(asha.token, 'payouts.statement', 'query', { period: '2026-11' }));
    expect(november).toMatchObject({ openingOwedPaise: 600_00, closingOwedPaise: 0 });
    expect(november.lines.map((l: { kind: string }) => l.kind)).toEqual(['commission', 'payout']);
    const october = await data(call(asha.token, 'payouts.statement', 'query', { period: '2026-10' }));
    expect(october).toMatchObject({ openingOwedPaise: 0, closingOwedPaise: 600_00 });
    const csv = await data(call(asha.token, 'payouts.statementCsv', 'query', { period: 'FY2026-27' }));
    expect(csv.fileName).toBe('statement-FY2026-27.csv');
    const rows = (csv.csv as string).trim().split('\r\n');
    expect(rows[1]).toBe('Date,Type,Reference,Details,Earned,Paid out (gross),TDS,Net paid,Bank reference,Owed after');
    expect(rows.at(-2)).toBe(`2026-11-25,payout,PAYOUT-${line.id},,,1000.00,0.00,1000.00,SBIN123456789,0.00`);
    expect(rows.at(-1)).toBe(',total,,,1000.00,1000.00,0.00,1000.00,,0.00');
    expect((csv.csv as string).startsWith('\uFEFFStatement,')).toBe(true);
    // A learner reading Marathi gets Marathi headers and kinds; dates and amounts stay as spreadsheets read them.
    const marathi = trpcData(
      (await callProcedure(t.url, 'payouts.statementCsv', 'query', { period: 'FY2026-27' }, { token: asha.token, headers: { 'x-lang': 'mr' } })).body,
    );
    const marathiRows = (marathi.csv as string).split('\r\n');
    expect(marathiRows[0]).toMatch(/^\uFEFFस्टेटमेंट,/);
    expect(marathiRows[1]).toBe('दिनांक,प्रकार,संदर्भ,तपशील,कमाई,दिलेली रक्कम (एकूण),TDS,प्रत्यक्ष दिलेले,बँक संदर्भ,यानंतर मिळणे बाकी');
    expect(marathiRows.at(-3)).toBe(`2026-11-25,पेआउट,PAYOUT-${line.id},,,1000.00,0.00,1000.00,SBIN123456789,0.00`);
    expect(marathiRows.at(-2)).toBe(',एकूण,,,1000.00,1000.00,0.00,1000.00,,0.00');
    for (const period of ['2026-13', 'FY2026-28', '2026', 'november', '=1+1']) {
      const bad = await call(asha.token, 'payouts.statement', 'query', { period });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('Please choose a month (YYYY-MM) or a financial year (YYYY-YY).');
    }
    const other = await affiliate('Other');
    expect((await data(call(other.token, 'payouts.statement', 'query', { period: '2026-11' }))).lines).toEqual([]);
  });
});

describe('changing payout details (issue 38 item 4)', () => {
  beforeEach(() => start());

  it('needs the current password, counted by the same limiter as the copy of one’s data', async () => {
    const asha = await affiliate();
    const missing = await call(asha.token, 'payouts.saveDetails', 'mutation', upi);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.data.fields)).toEqual(['currentPassword']);
    const wrong = await call(asha.token, 'payouts.saveDetails', 'mutation', { ...upi, currentPassword: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.data.code).toBe('PASSWORD_NOT_CONFIRMED');
    expect(t.db.get(sql`select user_id from payout_details where user_id = ${asha.user.id}`)).toBeUndefined();
    // Ten guesses an hour across every step that asks for the password: here 1 + 4 + 5.
    for (let i = 0; i < 4; i += 1) expect((await call(asha.token, 'privacy.myData', 'mutation', { password: 'guess' })).status).toBe(403);
    for (let i = 0; i < 5; i += 1) expect((await call(asha.token, 'payouts.saveDetails', 'mutation', { ...upi, currentPassword: 'guess' })).status).toBe(403);
    const limited = await call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(upi));
    expect(limited.status).toBe(429);
    expect((await call(asha.token, 'privacy.myData', 'mutation', { password: TEST_PASSWORD })).status).toBe(429);
  });

  it('hold requests to new details for PAYOUT_DETAILS_HOLD_DAYS (not the first ones), and batches leave the affiliate out with the reason', async () => {
    const asha = await affiliate();
    const ravi = await affiliate('Ravi More');
    await earn(asha.user.id, 900);
    await earn(ravi.user.id, 700);
    // The first details are not held.
    await data(call(ravi.token, 'payouts.saveDetails', 'mutation', withPassword({ method: 'upi', upiId: 'ravi@ybl' })));
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(upi)));
    expect((await data(call(asha.token, 'payouts.mine', 'query'))).detailsHeldUntil).toBeNull();
    clock.advance(60_000);
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword({ method: 'upi', upiId: 'asha.new@ybl' })));
    // Every change is emailed (email is the one channel the product reaches people on).
    const mails = async () => (await waitForEmail(t.outbox, asha.user.email, (m) => m.text.includes('XXXX.new@ybl'))).subject;
    expect(await mails()).toBe('Marathi Success: your payout details were changed');
    const heldUntil = ist('2026-11-28T12:01:00');
    const mine = await data(call(asha.token, 'payouts.mine', 'query'));
    expect(mine).toMatchObject({ detailsHeldUntil: heldUntil, canRequest: false });
    const held = await call(asha.token, 'payouts.request', 'mutation');
    expect(held.status).toBe(409);
    expect(held.body.error.data.code).toBe('PAYOUT_DETAILS_HELD');
    expect(held.body.error.message).toBe('Your payout details were changed recently. For your safety you can ask for a payout from 28 Nov 2026, 12:01 pm IST.');
    // The admin sees why Asha is not ready; a batch leaves her out and says why.
    const overview = await data(call(admin.token, 'payouts.overview', 'query'));
    expect(overview.ready.map((row: { name: string }) => row.name)).toEqual(['Ravi More']);
    expect(overview.others).toMatchObject([{ name: 'Asha Patil', payable: false, heldUntil }]);
    const batch = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id, ravi.user.id] });
    expect(batch).toMatchObject({ lines: 1, skipped: [{ name: 'Asha Patil', why: 'details-held' }] });
    // Once the hold is over she can ask, and is paid to the new details.
    clock.set(heldUntil);
    expect(await data(call(asha.token, 'payouts.request', 'mutation'))).toMatchObject({ status: 'open', amountPaise: 900_00 });
    const next = makeBatch(t.deps, admin.user.id, { userIds: [asha.user.id] });
    const csv = (await data(call(admin.token, 'payouts.exportBatch', 'mutation', { batchId: next.batchId }))).csv as string;
    expect(csv).toContain('asha.new@ybl');
  });

  it('PAYOUT_DETAILS_HOLD_DAYS=0 holds nothing', async () => {
    await t.close();
    await start({ PAYOUT_DETAILS_HOLD_DAYS: '0' });
    const asha = await affiliate();
    await earn(asha.user.id, 900);
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword(upi)));
    await data(call(asha.token, 'payouts.saveDetails', 'mutation', withPassword({ method: 'upi', upiId: 'asha.new@ybl' })));
    expect(await data(call(asha.token, 'payouts.request', 'mutation'))).toMatchObject({ status: 'open' });
  });
});
