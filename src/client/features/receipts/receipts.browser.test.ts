import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema.js';
import { decideOrder } from '../../../server/features/orders/order-decisions.service.js';
import { reverseOrder } from '../../../server/features/orders/order-reversal.service.js';
import { appStarted, launchBrowser, signIn, type TestBrowser } from '../../../test/browser.js';
import { createPackage, createUser, createUserWithToken } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import enOrders from '../../locales/en/orders.json';
import mrOrders from '../../locales/mr/orders.json';
import enCatalog from '../../locales/en/catalog.json';
import mrCatalog from '../../locales/mr/catalog.json';
import enReceipts from '../../locales/en/receipts.json';
import mrReceipts from '../../locales/mr/receipts.json';
import { interpolate as fill } from '../../../shared/texts.js';

/**
 * The learner's money side on a phone (360 px, an Android phone's browser), in English and in
 * Marathi: Save QR gives a picture whose code is the exact UPI link, a pasted UTR is cleaned,
 * the order's timeline shows each state, and the receipt shows every field and prints on one page.
 */

const languages = {
  en: { locale: 'en-IN', orders: enOrders, receipts: enReceipts, catalog: enCatalog },
  mr: { locale: 'mr-IN', orders: mrOrders, receipts: mrReceipts, catalog: mrCatalog },
} as const;

/** Reads the QR code in a PNG, the way a UPI app's "scan from gallery" does. */
async function decodeQr(png: Buffer): Promise<{ text: string | null; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  return { text: code?.data ?? null, width: info.width, height: info.height };
}

/** The page size of a PDF Chromium printed, in millimetres. */
function pdfPageMm(pdf: Buffer): { width: number; height: number } {
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
  const mm = (points: string) => Math.round((Number(points) / 72) * 25.4);
  return { width: mm(box![1]!), height: mm(box![2]!) };
}

/** Pages of a PDF Chromium printed. */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function approve(t: TestApp, orderId: number, action: 'approve' | 'reject' = 'approve', reason?: string) {
  const admin = await createUser(t.db, { role: 'admin' });
  decideOrder(t.deps, admin.id, { orderId, action, reason });
}

for (const [lang, text] of Object.entries(languages) as [keyof typeof languages, (typeof languages)[keyof typeof languages]][]) {
  const tax = lang === 'mr';
  describe(`paying from one phone and keeping the receipt (${lang}${tax ? ', tax invoice' : ''})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({
        env: {
          CONTACT_PHONE: '+91 98765 43210',
          CONTACT_EMAIL: 'hello@marathisuccess.in',
          SELLER_ADDRESS: 'Shivajinagar, Pune 411005',
          APPROVAL_HOURS_HINT: '12',
          ...(tax && { GSTIN: '27AAPFU0939F1ZV', SELLER_STATE: '27' }),
        },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('Save QR, the UTR pasted, the timeline, and the receipt on one page', async () => {
      const o = text.orders;
      const r = text.receipts;
      const pkg = createPackage(t.db, { name: tax ? 'शेअर बाजार मूलभूत' : 'Share Market Basics', pricePaise: 2_499_00 });
      const learner = await createUserWithToken(t.db, { name: tax ? 'आशा पवार' : 'Asha Pawar', phone: '9822012345', lang });
      const { page, context } = await browser.newPage({ width: 360, phone: true, locale: text.locale });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
      await signIn(context, t.url, learner.token);
      // A phone whose browser can share files (Chromium on Linux cannot): what the share sheet gets is kept.
      await context.addInitScript(() => {
        const shared: unknown[] = [];
        Object.assign(window, { shared });
        Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => Array.isArray(data.files) });
        Object.defineProperty(navigator, 'share', {
          value: async (data: ShareData) => {
            const file = data.files![0]!;
            shared.push({ name: file.name, type: file.type, size: file.size, title: data.title });
          },
        });
      });
      await page.goto(`${t.url}/course/${pkg.id}?lang=${lang}`);
      await appStarted(page);

      await page.getByRole('link', { name: text.catalog.packages.buyNow }).first().tap();
      const pay = page.getByRole('dialog', { name: fill(o.pay.title, { name: pkg.name }) });
      await expect.poll(() => pay.isVisible()).toBe(true);
      await pay.getByRole('button', { name: o.code.skip }).tap();
      const expectedLink = `upi://pay?pa=marathisuccess@okaxis&pn=Marathi%20Success&tr=U${learner.user.id}P${pkg.id}N1&am=2499.00&cu=INR&tn=${encodeURIComponent(pkg.name)}`;

      // The quick way stays, labelled honestly, with the same link.
      const openApp = pay.getByRole('link', { name: o.pay.openApp });
      expect(await openApp.getAttribute('href')).toBe(expectedLink);
      expect(await pay.getByText(o.pay.openAppNote).isVisible()).toBe(true);
      // The two illustrated steps.
      expect(await pay.getByText(o.pay.stepSave).isVisible()).toBe(true);
      expect(await pay.getByText(o.pay.stepScan).isVisible()).toBe(true);

      // Save QR: a PNG whose code is exactly the UPI link, with room for the words under it.
      const [download] = await Promise.all([page.waitForEvent('download'), pay.getByRole('button', { name: o.pay.saveQr, exact: true }).click()]);
      expect(download.suggestedFilename()).toMatch(/^upi-qr-[a-z0-9-]+-2499\.png$/);
      const png = await readFile((await download.path())!);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const qr = await decodeQr(png);
      expect(qr.text).toBe(expectedLink);
      expect(qr.height).toBeGreaterThan(qr.width + 150);
      // Where the picture went stays said on screen, by its file name, while the learner opens their UPI app.
      expect(await pay.locator('.one-phone__saved').textContent()).toBe(fill(o.pay.qrSaved, { file: download.suggestedFilename() }));

      // Share QR hands the same picture to the phone's share sheet.
      await pay.getByRole('button', { name: o.pay.shareQr }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
        .toEqual([{ name: download.suggestedFilename(), type: 'image/png', size: png.length, title: fill(o.pay.shareTitle, { name: pkg.name }) }]);

      // Copy the amount, for typing it into a UPI app by hand.
      await pay.getByRole('button', { name: o.pay.copyAmount }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('2499');

      // Where is my UTR?
      expect(await pay.getByText(o.utrHelp.phonepe, { exact: false }).isVisible()).toBe(false);
      await pay.getByText(o.utrHelp.title).click();
      await expect.poll(() => pay.getByText(o.utrHelp.phonepe, { exact: false }).isVisible()).toBe(true);

      // A number of one repeated digit is refused before it is sent.
      const utr = pay.getByLabel(o.pay.utr);
      await utr.fill('1111 1111 1111');
      await pay.getByRole('button', { name: o.pay.submit }).click();
      await expect.poll(() => pay.getByText(o.pay.utrNotReal).isVisible()).toBe(true);

      // Pasted text around the UTR: only the 12 digits are kept.
      await utr.fill('');
      await utr.focus();
      await page.keyboard.insertText('UTR: 5123 4567 8901');
      expect(await utr.inputValue()).toBe('512345678901');

      if (tax) {
        await pay.getByRole('button', { name: o.pay.submit }).click();
        await expect.poll(() => pay.getByText(o.pay.taxRequired).isVisible()).toBe(true);
        await pay.getByLabel(o.pay.state).selectOption({ label: 'महाराष्ट्र' });
        await pay.getByLabel(o.pay.pin).fill('411005');
        // A business gives its GSTIN: a typing mistake in it is told beside the field, before anything is sent.
        const gstin = pay.getByLabel(o.pay.gstin);
        await gstin.fill('27AAGCB7383J1Z9');
        await expect.poll(() => pay.getByText(o.pay.gstinCheck).isVisible()).toBe(true);
        await gstin.fill('27aagcb7383j1z8');
        expect(await pay.getByText(o.pay.gstinCheck).count()).toBe(0);
      }
      await pay.getByRole('button', { name: o.pay.submit }).click();
      await expect.poll(() => pay.getByText(o.pay.success).isVisible()).toBe(true);
      const order = t.db.select().from(orders).where(eq(orders.userId, learner.user.id)).get()!;
      expect(order.utr).toBe('512345678901');

      // My Courses: submitted, being checked (with the usual time), and a WhatsApp link for help.
      await page.goto(`${t.url}/myCourses`);
      const card = page.getByRole('listitem').filter({ hasText: '512345678901' });
      const timeline = card.getByRole('list', { name: o.mine.timeline });
      await expect.poll(() => timeline.isVisible()).toBe(true);
      expect(await timeline.getByText(o.mine.submitted).isVisible()).toBe(true);
      expect(await timeline.locator('[aria-current="step"]').textContent()).toContain(o.mine.checking);
      expect(await timeline.getByText(fill(o.mine.checkingHint.other, { count: 12 })).isVisible()).toBe(true);
      const whatsapp = card.getByRole('link', { name: o.mine.whatsapp });
      expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);

      // Approved: the last step, and the receipt.
      await approve(t, order.id);
      await page.reload();
      await expect.poll(() => timeline.locator('[aria-current="step"]').textContent()).toContain(o.mine.approvedStep);
      await card.getByRole('link', { name: o.mine.receipt }).click();
      await page.waitForURL(`${t.url}/receipt/${order.id}`);
      const receipt = page.getByRole('article');
      await expect.poll(() => receipt.getByRole('heading', { level: 1 }).textContent()).toBe(tax ? r.receipt.taxInvoice : r.receipt.title);
      const body = (await receipt.textContent())!;
      const expected = [
        'MS/',
        'Marathi Success',
        'Shivajinagar, Pune 411005',
        '+91 98765 43210',
        'hello@marathisuccess.in',
        learner.user.name,
        learner.user.email,
        '9822012345',
        pkg.name,
        '₹2,499',
        'Rupees Two Thousand Four Hundred Ninety-Nine Only',
        'दोन हजार चारशे नव्व्याण्णव रुपये फक्त',
        '512345678901',
        tax ? r.receipt.invoiceNumber : r.receipt.number,
        r.receipt.date,
        // The seller sold, the buyer bought: "विक्रेता" and "खरेदीदार" (never "देणारे/घेणारे").
        r.receipt.from,
        r.receipt.to,
        ...(tax ? ['27AAPFU0939F1ZV', 'SAC 9992', '₹2,117.80', 'CGST 9%', 'SGST 9%', '₹190.60', 'महाराष्ट्र (27)', '411005', '27AAGCB7383J1Z8'] : []),
      ];
      for (const field of expected) expect(body, field).toContain(field);
      expect(body).toMatch(/MS\/\d\d-\d\d\/000001/);
      // The amount in words in the reader's language first.
      const english = body.indexOf('Rupees Two Thousand');
      const marathi = body.indexOf('दोन हजार चारशे');
      expect(lang === 'mr' ? marathi < english : english < marathi).toBe(true);
      // The Marathi words are as bold as the English: the same weight, drawn with a real semi-bold Devanagari face.
      const weights = await page.evaluate(async () => {
        await document.fonts.ready;
        const style = (lang: string) => getComputedStyle(document.querySelector(`.receipt__words p[lang='${lang}']`)!);
        return {
          en: style('en').fontWeight,
          mr: style('mr').fontWeight,
          family: style('mr').fontFamily,
          loaded: document.fonts.check("600 16px 'Receipt Devanagari'", 'दोन'),
        };
      });
      expect(weights).toMatchObject({ en: '600', mr: '600', loaded: true });
      expect(weights.family).toContain('Receipt Devanagari');
      // It opens with the receipt and one button to download it; no English "Save as PDF", printing folded away.
      const pageText = (await page.locator('main').textContent())!;
      expect(pageText).not.toContain('Save as PDF');
      expect(await page.getByLabel(r.receipt.roll).isVisible()).toBe(false);
      const buttons = await page
        .locator('.receipt-actions .button')
        .evaluateAll((elements) =>
          elements.map((element) => element.getBoundingClientRect()).map(({ left, right, top, bottom }) => ({ left, right, top, bottom })),
        );
      for (const [i, a] of buttons.entries())
        for (const b of buttons.slice(i + 1))
          expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top, 'buttons overlap').toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // Download PDF: the same receipt drawn on the server, one A4 page.
      const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: r.receipt.downloadPdf }).click()]);
      expect(pdfDownload.suggestedFilename()).toMatch(/^receipt-MS-\d\d-\d\d-000001\.pdf$/);
      const pdf = await readFile((await pdfDownload.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfPages(pdf)).toBe(1);

      // Printed (or saved as PDF) it is one A4 page; on an 80 mm receipt printer, one 80 mm strip.
      const a4 = await page.pdf({ preferCSSPageSize: true });
      expect(pdfPages(a4)).toBe(1);
      expect(pdfPageMm(a4)).toEqual({ width: 210, height: 297 });
      await page.getByText(r.receipt.printOptions).click();
      await page.getByLabel(r.receipt.roll).check();
      const roll = await page.pdf({ preferCSSPageSize: true });
      expect(pdfPages(roll)).toBe(1);
      expect(pdfPageMm(roll).width).toBe(80);
      await context.close();
    });

    it('lets an admin list the receipts of this month and download them as CSV', async () => {
      const r = text.receipts;
      const admin = await createUserWithToken(t.db, { role: 'admin', lang });
      const { page, context } = await browser.newPage({ width: 360, locale: text.locale });
      await signIn(context, t.url, admin.token);
      await page.goto(`${t.url}/admin/receipts?lang=${lang}`);
      // Each number opens its receipt ("Open receipt MS/…", "पावती MS/… उघडा").
      const first = page.getByRole('link', { name: /MS\/\d\d-\d\d\/\d{6}/ });
      await expect.poll(() => first.first().isVisible(), { timeout: 10_000 }).toBe(true);
      const number = (await first.first().textContent())!;
      expect(number).toMatch(/^MS\/\d\d-\d\d\/000001$/);
      expect(await first.first().getAttribute('aria-label')).toBe(fill(r.admin.open, { number }));
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: r.admin.download }).click()]);
      expect(download.suggestedFilename()).toMatch(/^receipts-\d{4}-\d\d-01-to-\d{4}-\d\d-\d\d\.csv$/);
      const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
      expect(csv.split('\r\n')[0]).toMatch(/^Document,Number,Date,Order,Buyer/);
      expect(csv).toContain(`${number},`);
      if (tax) {
        // The order reversed: its credit note is listed beside the invoices, opens from the invoice as a PDF, and is in the month's GSTR-1.
        const order = t.db.select().from(orders).where(eq(orders.utr, '512345678901')).get()!;
        reverseOrder(t.deps, (await createUser(t.db, { role: 'admin' })).id, { orderId: order.id, reason: 'पैसे परत केले' });
        await page.reload();
        const notes = page.getByRole('region', { name: r.admin.creditNotes });
        await expect.poll(() => notes.getByText(/MS\/\d\d-\d\d\/C00001/).isVisible()).toBe(true);
        expect(await page.getByText(fill(r.admin.creditNote, { number: (await notes.getByText(/C00001/).textContent())! })).isVisible()).toBe(true);
        const [gstr1] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: r.admin.gstr1Download }).click()]);
        expect(gstr1.suggestedFilename()).toMatch(/^gstr1-\d{4}-\d\d\.csv$/);
        const gstr1Csv = await readFile((await gstr1.path())!, 'utf8');
        expect(gstr1Csv.startsWith('\uFEFFGSTR-1,')).toBe(true);
        expect(gstr1Csv).toMatch(/\r\n27AAGCB7383J1Z8,[^,]+,MS\/\d\d-\d\d\/000001,/);
        expect(gstr1Csv).toMatch(/\r\n27AAGCB7383J1Z8,[^,]+,MS\/\d\d-\d\d\/C00001,/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.goto(`${t.url}/receipt/${order.id}`);
        const [notePdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /C00001/ }).click()]);
        expect(notePdf.suggestedFilename()).toMatch(/^credit-note-MS-\d\d-\d\d-C00001\.pdf$/);
        expect((await readFile((await notePdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
      }
      await context.close();
    });

    it('shows a rejected order with its reason', async () => {
      const o = text.orders;
      const pkg = createPackage(t.db, { name: 'Tally Basics' });
      const learner = await createUserWithToken(t.db, { lang });
      const { page, context } = await browser.newPage({ width: 360, phone: true, locale: text.locale });
      await signIn(context, t.url, learner.token);
      const order = t.db
        .insert(orders)
        .values({
          userId: learner.user.id,
          packageId: pkg.id,
          amountPaise: pkg.pricePaise,
          utr: '623456789012',
          buyerName: 'Ravi',
          buyerEmail: learner.user.email,
          createdAt: Date.now(),
        })
        .returning()
        .get();
      await approve(t, order.id, 'reject', 'No payment with this UTR reached our bank');
      await page.goto(`${t.url}/myCourses?lang=${lang}`);
      const timeline = page.getByRole('list', { name: o.mine.timeline });
      await expect.poll(() => timeline.locator('[aria-current="step"]').textContent()).toContain(o.mine.rejectedStep);
      expect(await timeline.getByText('No payment with this UTR reached our bank', { exact: false }).isVisible()).toBe(true);
      // A rejected order has no receipt, and its page says why.
      await page.goto(`${t.url}/receipt/${order.id}`);
      await expect
        .poll(
          () =>
            page
              .getByRole('alert')
              .filter({ hasText: 'UTR' })
              .or(page.getByRole('alert').filter({ hasText: /receipt|पावती/ }))
              .first()
              .isVisible(),
          { timeout: 10_000 },
        )
        .toBe(true);
      await context.close();
    });
  });
}
