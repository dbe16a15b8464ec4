import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { earnCommission } from '../../../test/earnings.js';
import { type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { createUserWithToken, TEST_PASSWORD } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import type { TestApp } from '../../../test/test-app.js';
import { catalogueText as text } from '../../../test/catalogue-text.js';
import { formatRupees } from '../../../shared/money.js';
import { validationMessages } from '../../../shared/validation-messages.js';
import enDashboard from '../../locales/en/admin.json';
import mrDashboard from '../../locales/mr/admin.json';
import enAdmin from '../../locales/en/payouts-admin.json';
import en from '../../locales/en/payouts.json';
import mrAdmin from '../../locales/mr/payouts-admin.json';
import mr from '../../locales/mr/payouts.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; content: string; bom: boolean }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, undefined];
  const file = await download.path();
  const raw = await readFile(file!, 'utf8');
  return { name: download.suggestedFilename(), content: raw.replace(/^\uFEFF/, ''), bom: raw.startsWith('\uFEFF') };
}

const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each([
  {
    lang: 'en',
    locale: 'en-IN',
    mine: en,
    admin: enAdmin,
    name: 'Asha Patil',
    upi: 'asha.patil@okaxis',
    utr: 'HDFCN52026112300001',
    kinds: { commission: 'commission', payout: 'payout' },
  },
  {
    lang: 'mr',
    locale: 'mr-IN',
    mine: mr,
    admin: mrAdmin,
    name: 'आशा पाटील',
    upi: 'asha.mr@ybl',
    utr: 'SBIN426112300002',
    kinds: { commission: 'कमिशन', payout: 'पेआउट' },
  },
] as const)('the payout loop at 360 px ($lang)', ({ lang, locale, mine, admin: adminText, name, upi, utr, kinds }) => {
  it('affiliate adds UPI details and requests; admin batches, downloads the bank file, marks paid; affiliate sees it and downloads the statement', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', name: 'Meena Admin', lang });
    const affiliate = await createUserWithToken(t.db, { name, lang });
    await earnCommission(t, { earnerId: affiliate.user.id, adminId: admin.user.id, amountPaise: 370_00, at: Date.now() });

    // The affiliate, on a phone.
    const phone = await browser.newPage({ width: 360, locale, phone: true });
    await phone.context.addCookies([{ name: 'session', value: affiliate.token, url: t.url }]);
    const page = phone.page;
    await page.goto(`${t.url}/${affiliate.user.id}/dashboard`);
    await page.getByRole('link', { name: text(mine, 'balance.link') }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text(mine, 'title'));
    expect(await page.getByText(text(mine, 'request.needDetails')).isVisible()).toBe(true);
    // Below the minimum, before any payout details: why not yet, with the minimum and what is owed.
    const belowMinimum = text(mine, 'balance.belowMinimum', { minimum: formatRupees(500_00), owed: formatRupees(370_00), more: formatRupees(130_00) });
    expect(await page.getByText(belowMinimum).isVisible()).toBe(true);
    await earnCommission(t, { earnerId: affiliate.user.id, adminId: admin.user.id, amountPaise: 380_00, at: Date.now() });
    await page.reload();
    await expect.poll(() => page.getByText(text(mine, 'balance.minimumAlways', { amount: formatRupees(500_00) })).isVisible()).toBe(true);

    await page.getByRole('button', { name: text(mine, 'details.add') }).click();
    const holder = page.getByRole('textbox', { name: text(mine, 'details.holder') });
    // The wait after a change is told in days, as configured (PAYOUT_DETAILS_HOLD_DAYS, 3 by default).
    expect(await page.getByText(text(mine, 'details.noteHeld.other', { count: 3 })).isVisible()).toBe(true);
    await holder.fill(name);
    await page.getByRole('textbox', { name: text(mine, 'details.upi') }).fill('not a upi id');
    await page.getByRole('button', { name: text(mine, 'details.save') }).click();
    // A wrong shape is told at the field (the server's message, in the page's language).
    await expect.poll(() => page.getByText(validationMessages.UPI_ID_INVALID[lang]).first().isVisible()).toBe(true);
    // The bank's name for the account, in Latin letters: a name in Devanagari is refused at its field.
    if (lang === 'mr') expect(await page.getByText(validationMessages.ACCOUNT_HOLDER_LATIN[lang]).isVisible()).toBe(true);
    await holder.fill('Asha Patil');
    await page.getByRole('textbox', { name: text(mine, 'details.upi') }).fill(upi);
    // Where the money goes changes only with the password typed again.
    await page.getByLabel(text(mine, 'details.password'), { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: text(mine, 'details.save') }).click();
    const masked = `${'X'.repeat(upi.indexOf('@') - 4)}${upi.slice(upi.indexOf('@') - 4)}`;
    await expect.poll(() => page.getByText(masked, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(upi, { exact: true }).count()).toBe(0);
    await waitForEmail(t.outbox, affiliate.user.email, (m) => m.text.includes(masked));

    await page.getByRole('button', { name: text(mine, 'request.button', { amount: formatRupees(750_00) }) }).click();
    await expect.poll(() => page.getByRole('button', { name: text(mine, 'request.cancel') }).isVisible()).toBe(true);
    // Money in the open request is not requestable again: the card says ₹0, and why.
    const requestableCard = page.locator('.balance-card--requestable dd');
    await expect.poll(() => requestableCard.textContent()).toBe(formatRupees(0));
    expect(await page.getByText(text(mine, 'balance.inRequest', { amount: formatRupees(750_00) })).isVisible()).toBe(true);
    expect(await fitsPhone(page)).toBeLessThanOrEqual(360);

    // The admin, also on a phone.
    const adminPhone = await browser.newPage({ width: 360, locale, phone: true });
    await adminPhone.context.addCookies([{ name: 'session', value: admin.token, url: t.url }]);
    const desk = adminPhone.page;
    await desk.goto(`${t.url}/admin/payouts`);
    await expect.poll(() => desk.getByRole('heading', { level: 1 }).textContent()).toBe(text(adminText, 'title'));
    await desk.getByRole('checkbox', { name: text(adminText, 'ready.select', { name }) }).check();
    await desk.getByRole('button', { name: text(adminText, 'ready.make', { count: 1 }) }).click();
    // The new batch (newest first) is the one holding this affiliate's line.
    const batchHeading = desk.getByRole('article').filter({ hasText: name }).first().getByRole('heading', { level: 3 });
    await expect.poll(() => batchHeading.isVisible()).toBe(true);
    const batchId = (await batchHeading.textContent())!.replace(/\D/g, '');
    expect(await fitsPhone(desk)).toBeLessThanOrEqual(360);

    const bankFile = await downloaded(desk, () => desk.getByRole('button', { name: text(adminText, 'batches.download', { id: batchId }) }).click());
    expect(bankFile.name).toBe(`payout-batch-${batchId}.csv`);
    const rows = bankFile.content.trim().split('\r\n');
    expect(rows[0]).toBe('Beneficiary Name,Payment Mode,Account Number / UPI ID,IFSC,Amount,Reference,Email');
    expect(bankFile.bom).toBe(false);
    // The beneficiary is named as the bank has them, in Latin letters, whatever the account's name.
    expect(rows[1]).toMatch(new RegExp(`^Asha Patil,UPI,${upi.replace('.', '\\.')},,750\\.00,PAYOUT-\\d+,`));

    await desk.getByLabel(text(adminText, 'batches.utr', { name })).fill(utr);
    await desk.getByRole('button', { name: text(adminText, 'batches.markPaid') }).click();
    await expect.poll(() => desk.getByText(text(adminText, 'batches.paid', { utr })).isVisible()).toBe(true);
    // The dashboard's owed total is what the payouts screen lists, and leads there.
    await desk.goto(`${t.url}/admin/dashboard`);
    const owedLink = desk.getByRole('link', { name: text(lang === 'en' ? enDashboard : mrDashboard, 'dashboard.owed'), exact: true });
    const owedCard = desk.locator('.admin-stats > div').filter({ has: owedLink });
    const dashboardOwed = await owedCard.locator('dd').textContent();
    await owedCard.getByRole('link').click();
    await expect.poll(() => desk.getByRole('heading', { level: 1 }).textContent()).toBe(text(adminText, 'title'));
    expect(await desk.getByTestId('total-owed').textContent()).toBe(dashboardOwed);
    const paidMail = await waitForEmail(t.outbox, affiliate.user.email, (m) => m.text.includes(utr));
    expect(paidMail.text).toContain(formatRupees(750_00));

    // The affiliate sees it paid with the bank's reference, and downloads the statement.
    await page.reload();
    await expect.poll(() => page.getByText(text(mine, 'lines.utr', { utr })).isVisible()).toBe(true);
    expect(await page.getByText(text(mine, 'lines.paid'), { exact: true }).isVisible()).toBe(true);
    const statement = await downloaded(page, () => page.getByRole('button', { name: text(mine, 'statement.download') }).click());
    expect(statement.name).toMatch(/^statement-\d{4}-\d{2}\.csv$/);
    // For spreadsheets, with a byte-order mark; in the affiliate's language.
    expect(statement.bom).toBe(true);
    const lines = statement.content.trim().split('\r\n');
    expect(lines.some((line) => line.includes(`,${kinds.commission},ORDER-`) && line.includes('380.00'))).toBe(true);
    expect(lines.some((line) => line.includes(`,${kinds.payout},PAYOUT-`) && line.includes(`,750.00,0.00,750.00,${utr},0.00`))).toBe(true);
    expect(await fitsPhone(page)).toBeLessThanOrEqual(360);

    await phone.context.close();
    await adminPhone.context.close();
  });
});
