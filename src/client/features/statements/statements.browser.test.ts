import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments, ledger, orders } from '../../../server/db/schema.js';
import { type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { createPackage, createUser, createUserWithToken } from '../../../test/factories.js';
import { hdfcStatement, toCsv, unknownLayoutStatement } from '../../../test/statements.js';
import { callJson, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

/** Today's date in India, as a statement shows it. */
const todayInIndia = () => new Date(Date.now() + 330 * 60 * 1000).toISOString().slice(0, 10);

describe('matching a bank statement, in a phone browser', () => {
  it('uploads a statement, shows three exact matches and one mismatch, and approves the matches', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', name: 'Meena Admin' });
    const pkg = createPackage(t.db, { name: 'Tally Course', pricePaise: 2_999_00, commissionPaise: 300_00 });
    const names = ['Asha Pawar', 'Ravi Jadhav', 'Kiran More', 'Sunita Patil'];
    const utrs = ['611111111101', '611111111102', '611111111103', '611111111104'];
    const buyers = [];
    const orderIds: number[] = [];
    for (const [index, name] of names.entries()) {
      const sponsor = await createUser(t.db, { name: `Sponsor of ${name}` });
      const buyer = await createUserWithToken(t.db, { name, sponsorId: sponsor.id });
      const answer = await callJson(t.url, 'POST', '/api/course/purchase', {
        token: buyer.token,
        body: { name, email: buyer.user.email, courseId: String(pkg.id), transactionId: utrs[index] },
      });
      expect(answer.status).toBe(200);
      buyers.push(buyer);
      orderIds.push(Number(answer.body.order._id));
    }
    const today = todayInIndia();
    const statement = toCsv(
      hdfcStatement([
        { date: today, credit: 2999, utr: utrs[0], payer: 'ASHA PAWAR' },
        { date: today, credit: 2999, utr: utrs[1], payer: 'RAVI JADHAV' },
        { date: today, debit: 450 },
        { date: today, credit: 2999, utr: utrs[2], payer: 'KIRAN MORE' },
        { date: today, credit: 2000, utr: utrs[3], payer: 'SUNITA PATIL' },
      ]),
    );

    const { page, context } = await browser.newPage({ width: 360 });
    await context.addCookies([{ name: 'session', value: admin.token, url: t.url }]);
    const heading = () => page.getByRole('heading', { level: 1 }).textContent();

    await page.goto(`${t.url}/admin/pending-orders`);
    await expect.poll(heading).toBe('Pending orders');
    await page.getByRole('link', { name: 'Match a bank statement' }).click();
    await expect.poll(heading).toBe('Match a bank statement');

    // Uploading without a file says what to do.
    await page.getByRole('button', { name: 'Upload and match' }).click();
    await expect.poll(() => page.getByText('Please choose the statement file first.').isVisible()).toBe(true);

    await page.getByLabel('Bank statement (CSV or Excel .xlsx)').setInputFiles({ name: 'hdfc-statement.csv', mimeType: 'text/csv', buffer: statement });
    await page.getByRole('button', { name: 'Upload and match' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Exact matches (3)' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Amount differs (1)' }).isVisible()).toBe(true);
    expect(await page.getByText('Sunita Patil').first().isVisible()).toBe(true);
    expect(orderIds.map((id) => t.db.select().from(orders).where(eq(orders.id, id)).get()!.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    // Usable on a 360 px phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Approve all 3 exact matches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 3 orders?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Approve 3 orders' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'What the approval did' }).isVisible()).toBe(true);
    expect(await page.getByRole('status').getByText('3 approved, 0 not approved.').isVisible()).toBe(true);
    expect(await page.getByRole('status').getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Asha Pawar'),
      expect.stringContaining('Ravi Jadhav'),
      expect.stringContaining('Kiran More'),
    ]);
    await expect.poll(() => page.getByRole('heading', { name: 'Exact matches (0)' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Already approved (3)' }).isVisible()).toBe(true);

    for (const [index, buyer] of buyers.slice(0, 3).entries()) {
      const owned = t.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, buyer.user.id), eq(enrollments.packageId, pkg.id)))
        .get();
      expect(owned?.orderId).toBe(orderIds[index]);
      expect(t.db.select().from(ledger).where(eq(ledger.orderId, orderIds[index]!)).all()).toHaveLength(1);
    }
    expect(t.db.select().from(enrollments).where(eq(enrollments.userId, buyers[3]!.user.id)).get()).toBeUndefined();
    expect(t.db.select().from(orders).where(eq(orders.id, orderIds[3]!)).get()!.status).toBe('pending');

    if (process.env.STATEMENTS_SCREENSHOT) await page.screenshot({ path: process.env.STATEMENTS_SCREENSHOT, fullPage: true });
    // The same screen in Marathi.
    await page.getByRole('button', { name: 'मराठी' }).first().click();
    await expect.poll(heading).toBe('बँक स्टेटमेंट जुळवा');
    expect(await page.getByRole('heading', { name: 'रक्कम वेगळी (1)' }).isVisible()).toBe(true);
    await context.close();
  });

  it('asks once which column is which for a bank it does not know, with labelled choices', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', name: 'Meena Admin' });
    const statement = toCsv(unknownLayoutStatement([{ date: todayInIndia(), credit: 750, utr: '622222222201' }]));
    const { page, context } = await browser.newPage({ width: 360 });
    await context.addCookies([{ name: 'session', value: admin.token, url: t.url }]);
    await page.goto(`${t.url}/admin/statements`);
    await page.getByLabel('Bank statement (CSV or Excel .xlsx)').setInputFiles({ name: 'coop.csv', mimeType: 'text/csv', buffer: statement });
    await page.getByRole('button', { name: 'Upload and match' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Which column is which?' }).isVisible()).toBe(true);
    // The first guesses from the header texts, which the admin can change.
    expect(await page.getByLabel('Transaction date').inputValue()).toBe('0');
    expect(await page.getByLabel('Description (narration)').inputValue()).toBe('1');
    expect(await page.getByLabel('Reference or UTR (optional)').inputValue()).toBe('2');
    expect(await page.getByLabel('Credit (deposit) amount').inputValue()).toBe('4');
    await page.getByLabel('Description (narration)').selectOption({ label: 'Choose a column' });
    await page.getByRole('button', { name: 'Remember these columns and match' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Please choose the columns' }).isVisible()).toBe(true);
    await page.getByLabel('Description (narration)').selectOption({ label: 'Remarks Text' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (process.env.STATEMENTS_SCREENSHOT) await page.screenshot({ path: process.env.STATEMENTS_SCREENSHOT.replace('.png', '-mapping.png'), fullPage: true });
    await page.getByRole('button', { name: 'Remember these columns and match' }).click();
    await expect.poll(() => page.getByText('Columns chosen by an admin').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Credits with no order (1)' }).isVisible()).toBe(true);
    await context.close();
  });
});
