import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Language } from '../../../shared/domain.js';
import { formatIstDateTime } from '../../../shared/ist.js';
import { formatRupees } from '../../../shared/money.js';
import { amountInWordsFor, percent, receiptLabels, type CreditNoteView, type ReceiptTax, type ReceiptView } from './receipts.views.js';

/**
 * The receipt as an A4 PDF, drawn by pdfkit with Noto Sans Devanagari (the same font files the
 * site serves). pdfkit shapes text with fontkit, which reorders vowel signs and forms conjuncts as
 * a browser does (receipt-pdf.test.ts checks "कि", "क्ष", "श्री"). The font's files are split by
 * script, so text is drawn in runs: Devanagari (and ₹) in one face, everything else in the Latin one.
 */

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-devanagari')), 'files');
const fontFile = (subset: 'devanagari' | 'latin' | 'latin-ext', weight: 400 | 700) =>
  path.join(fontDir, `noto-sans-devanagari-${subset}-${weight}-normal.woff`);

export const FONTS = {
  deva: fontFile('devanagari', 400),
  devaBold: fontFile('devanagari', 700),
  latin: fontFile('latin', 400),
  latinBold: fontFile('latin', 700),
  latinExt: fontFile('latin-ext', 400),
  latinExtBold: fontFile('latin-ext', 700),
} as const;

type Face = 'deva' | 'latin' | 'latinExt';

function faceOf(codePoint: number): Face | null {
  if (codePoint === 0x20 || codePoint === 0xa0) return null; // joins whichever run it is in
  if (
    (codePoint >= 0x0900 && codePoint <= 0x097f) ||
    (codePoint >= 0x1cd0 && codePoint <= 0x1cf9) ||
    codePoint === 0x200c ||
    codePoint === 0x200d ||
    codePoint === 0x20b9 ||
    (codePoint >= 0xa8e0 && codePoint <= 0xa8ff)
  )
    return 'deva';
  if (codePoint <= 0xff || (codePoint >= 0x2000 && codePoint <= 0x206f)) return 'latin';
  return 'latinExt';
}

/** Splits text into runs of one font face each. */
export function scriptRuns(text: string): { face: Face; text: string }[] {
  const runs: { face: Face; text: string }[] = [];
  for (const char of text) {
    const face = faceOf(char.codePointAt(0)!);
    const last = runs.at(-1);
    if (last && (face === null || face === last.face)) last.text += char;
    else runs.push({ face: face ?? 'latin', text: char });
  }
  return runs;
}

type Doc = InstanceType<typeof PDFDocument>;

function fontFor(face: Face, bold: boolean): string {
  if (face === 'deva') return bold ? 'devaBold' : 'deva';
  if (face === 'latin') return bold ? 'latinBold' : 'latin';
  return bold ? 'latinExtBold' : 'latinExt';
}

/** Mixed-script text from the current position, wrapped at `width`. */
function write(doc: Doc, text: string, options: { x: number; y?: number; width: number; size: number; bold?: boolean; color?: string }) {
  const runs = scriptRuns(text || ' ');
  doc.fontSize(options.size).fillColor(options.color ?? '#000');
  runs.forEach((run, index) => {
    doc.font(fontFor(run.face, options.bold ?? false));
    const last = index === runs.length - 1;
    if (index === 0) doc.text(run.text, options.x, options.y ?? doc.y, { width: options.width, continued: !last, lineGap: 2 });
    else doc.text(run.text, { continued: !last });
  });
}

/** One line of mixed-script text ending at `right`, at height `y` (amounts in a column). */
function writeRight(doc: Doc, text: string, right: number, y: number, size: number, bold = false) {
  const runs = scriptRuns(text);
  doc.fontSize(size).fillColor('#000');
  const widths = runs.map((run) => doc.font(fontFor(run.face, bold)).widthOfString(run.text));
  let x = right - widths.reduce((sum, w) => sum + w, 0);
  runs.forEach((run, index) => {
    doc.font(fontFor(run.face, bold)).text(run.text, x, y, { lineBreak: false });
    x += widths[index]!;
  });
}

type Labels = (typeof receiptLabels)[Language];

/** A new A4 document with the fonts, and the promise of its bytes once ended. */
function newDocument(title: string, author: string): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: author } });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The drawing helpers of one page: fields, rules, amount rows, the parties. */
function pageKit(doc: Doc) {
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;
  const rule = (weight = 0.5) => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(weight).strokeColor('#000').stroke();
    doc.y += 8;
  };
  const field = (label: string, value: string) => write(doc, `${label}: ${value}`, { x: left, width, size: 11 });
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    write(doc, label, { x: left, y, width: width - 130, size: 11, bold });
    const after = doc.y;
    writeRight(doc, amount, right, y, 11, bold);
    doc.y = Math.max(after, y + 16) + 4;
  };
  const party = (label: string, name: string, lines: (string | null)[]) => {
    write(doc, label, { x: left, width, size: 9, color: '#444' });
    write(doc, name, { x: left, width, size: 12, bold: true });
    for (const line of lines) if (line) write(doc, line, { x: left, width, size: 11 });
  };
  const note = (text: string, options: { bold?: boolean; color?: string; size?: number } = {}) =>
    write(doc, text, { x: left, width, size: options.size ?? 9, bold: options.bold ?? false, color: options.color ?? '#444' });
  return { left, width, rule, field, row, party, note };
}

function placeText(tax: ReceiptTax, lang: Language, l: Labels): string {
  return `${tax.buyerState[lang]} (${tax.buyerState.code})${tax.buyerPin ? `, ${l.pin} ${tax.buyerPin}` : ''}`;
}

function taxRows(kit: ReturnType<typeof pageKit>, tax: ReceiptTax, amounts: { cgstPaise: number; sgstPaise: number; igstPaise: number }, sign = '') {
  if (tax.intraState) {
    kit.row(`CGST ${percent(tax.rateBp / 2)}`, `${sign}${formatRupees(amounts.cgstPaise)}`);
    kit.row(`SGST ${percent(tax.rateBp / 2)}`, `${sign}${formatRupees(amounts.sgstPaise)}`);
  } else {
    kit.row(`IGST ${percent(tax.rateBp)}`, `${sign}${formatRupees(amounts.igstPaise)}`);
  }
}

export function receiptPdf(view: ReceiptView, lang: Language): Promise<Buffer> {
  const l = receiptLabels[lang];
  const { doc, done } = newDocument(`${view.tax ? l.invoice : l.receipt} ${view.number}`, view.seller.name);
  const kit = pageKit(doc);

  write(doc, view.tax ? l.invoice : l.receipt, { x: kit.left, y: 50, width: kit.width, size: 20, bold: true });
  doc.y += 4;
  kit.field(view.tax ? l.invoiceNumber : l.number, view.number);
  kit.field(l.date, formatIstDateTime(view.issuedAt, lang));
  if (view.reversedAt !== null) {
    doc.y += 4;
    kit.note(l.reversed(formatIstDateTime(view.reversedAt, lang)), { size: 11, bold: true, color: '#8c1d16' });
  }
  if (view.creditNote)
    kit.note(l.cancelledBy(view.creditNote.number, formatIstDateTime(view.creditNote.issuedAt, lang)), { size: 11, bold: true, color: '#8c1d16' });
  doc.y += 6;
  kit.rule(1.2);

  kit.party(l.seller, view.seller.name, [view.seller.address, view.seller.phone, view.seller.email]);
  if (view.tax) kit.field(l.gstin, view.tax.gstin);
  doc.y += 8;
  kit.party(l.buyer, view.buyer.name, [view.buyer.email, view.buyer.phone]);
  if (view.tax?.buyerGstin) kit.field(l.buyerGstin, view.tax.buyerGstin);
  if (view.tax) kit.field(l.place, placeText(view.tax, lang, l));
  doc.y += 10;
  kit.rule();

  if (view.discount) {
    kit.row(l.listPrice, formatRupees(view.discount.listPricePaise));
    kit.row(l.discount(view.discount.code), `− ${formatRupees(view.discount.discountPaise)}`);
  }
  kit.row(`${view.packageName}${view.tax ? ` (${l.sac} ${view.tax.sac})` : ''}`, formatRupees(view.tax ? view.tax.taxablePaise : view.amountPaise));
  if (view.tax) taxRows(kit, view.tax, view.tax);
  kit.rule();
  kit.row(l.amount, formatRupees(view.amountPaise), true);
  kit.rule(1.2);

  kit.note(l.words);
  for (const words of amountInWordsFor(view.amountInWords, lang)) write(doc, words, { x: kit.left, width: kit.width, size: 11, bold: true });
  doc.y += 8;
  kit.field(l.utr, view.utr);
  kit.field(l.paidOn, formatIstDateTime(view.paidAt, lang));
  doc.y += 12;
  if (view.tax) kit.note(l.inclusive);
  kit.note(l.computer);
  doc.end();
  return done;
}

/** A credit note as an A4 PDF, in the reader's language: the invoice it refers to, and the value and tax it credits. */
export function creditNotePdf(view: CreditNoteView, lang: Language): Promise<Buffer> {
  const l = receiptLabels[lang];
  const { doc, done } = newDocument(`${l.creditNote} ${view.number}`, view.seller.name);
  const kit = pageKit(doc);

  write(doc, l.creditNote, { x: kit.left, y: 50, width: kit.width, size: 20, bold: true });
  doc.y += 4;
  kit.field(l.creditNoteNumber, view.number);
  kit.field(l.date, formatIstDateTime(view.issuedAt, lang));
  kit.note(l.against(view.invoice.number, formatIstDateTime(view.invoice.issuedAt, lang)), { size: 11, bold: true, color: '#000' });
  kit.field(l.reason, view.reason);
  doc.y += 6;
  kit.rule(1.2);

  kit.party(l.seller, view.seller.name, [view.seller.address, view.seller.phone, view.seller.email]);
  kit.field(l.gstin, view.tax.gstin);
  doc.y += 8;
  kit.party(l.buyer, view.buyer.name, [view.buyer.email, view.buyer.phone]);
  if (view.tax.buyerGstin) kit.field(l.buyerGstin, view.tax.buyerGstin);
  kit.field(l.place, placeText(view.tax, lang, l));
  doc.y += 10;
  kit.rule();

  kit.row(`${view.packageName} (${l.sac} ${view.tax.sac})`, formatRupees(view.tax.taxablePaise));
  taxRows(kit, view.tax, view.tax);
  kit.rule();
  kit.row(l.credited, formatRupees(view.amountPaise), true);
  kit.rule(1.2);
  kit.note(l.words);
  for (const words of amountInWordsFor(view.amountInWords, lang)) write(doc, words, { x: kit.left, width: kit.width, size: 11, bold: true });
  doc.y += 12;
  kit.note(l.noteComputer);
  doc.end();
  return done;
}
