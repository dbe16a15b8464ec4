import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Language } from '../../../shared/domain.js';
import { formatIstDateTime } from '../../../shared/ist.js';
import { formatRupees } from '../../../shared/money.js';
import { percent, receiptLabels, type ReceiptView } from './receipts.views.js';

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

export function receiptPdf(view: ReceiptView, lang: Language): Promise<Buffer> {
  const l = receiptLabels[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${view.tax ? l.invoice : l.receipt} ${view.number}`, Author: view.seller.name } });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;
  const rule = (weight = 0.5) => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(weight).strokeColor('#000').stroke();
    doc.y += 8;
  };
  const field = (label: string, value: string) => write(doc, `${label}: ${value}`, { x: left, width, size: 11 });

  write(doc, view.tax ? l.invoice : l.receipt, { x: left, y: 50, width, size: 20, bold: true });
  doc.y += 4;
  field(l.number, view.number);
  field(l.date, formatIstDateTime(view.issuedAt, lang));
  if (view.reversedAt !== null) {
    doc.y += 4;
    write(doc, l.reversed(formatIstDateTime(view.reversedAt, lang)), { x: left, width, size: 11, bold: true, color: '#8c1d16' });
  }
  doc.y += 6;
  rule(1.2);

  write(doc, l.seller, { x: left, width, size: 9, color: '#444' });
  write(doc, view.seller.name, { x: left, width, size: 12, bold: true });
  for (const line of [view.seller.address, view.seller.phone, view.seller.email]) if (line) write(doc, line, { x: left, width, size: 11 });
  if (view.tax) field(l.gstin, view.tax.gstin);
  doc.y += 8;
  write(doc, l.buyer, { x: left, width, size: 9, color: '#444' });
  write(doc, view.buyer.name, { x: left, width, size: 12, bold: true });
  for (const line of [view.buyer.email, view.buyer.phone]) if (line) write(doc, line, { x: left, width, size: 11 });
  if (view.tax) field(l.place, `${view.tax.buyerState[lang]} (${view.tax.buyerState.code})${view.tax.buyerPin ? `, ${l.pin} ${view.tax.buyerPin}` : ''}`);
  doc.y += 10;
  rule();

  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    write(doc, label, { x: left, y, width: width - 130, size: 11, bold });
    const after = doc.y;
    writeRight(doc, amount, right, y, 11, bold);
    doc.y = Math.max(after, y + 16) + 4;
  };
  if (view.discount) {
    row(l.listPrice, formatRupees(view.discount.listPricePaise));
    row(l.discount(view.discount.code), `− ${formatRupees(view.discount.discountPaise)}`);
  }
  row(`${view.packageName}${view.tax ? ` (${l.sac} ${view.tax.sac})` : ''}`, formatRupees(view.tax ? view.tax.taxablePaise : view.amountPaise));
  if (view.tax) {
    if (view.tax.intraState) {
      row(`CGST ${percent(view.tax.rateBp / 2)}`, formatRupees(view.tax.cgstPaise));
      row(`SGST ${percent(view.tax.rateBp / 2)}`, formatRupees(view.tax.sgstPaise));
    } else {
      row(`IGST ${percent(view.tax.rateBp)}`, formatRupees(view.tax.igstPaise));
    }
  }
  rule();
  row(l.amount, formatRupees(view.amountPaise), true);
  rule(1.2);

  write(doc, l.words, { x: left, width, size: 9, color: '#444' });
  write(doc, view.amountInWords.en, { x: left, width, size: 11, bold: true });
  write(doc, view.amountInWords.mr, { x: left, width, size: 11, bold: true });
  doc.y += 8;
  field(l.utr, view.utr);
  field(l.paidOn, formatIstDateTime(view.paidAt, lang));
  doc.y += 12;
  if (view.tax) write(doc, l.inclusive, { x: left, width, size: 9, color: '#444' });
  write(doc, l.computer, { x: left, width, size: 9, color: '#444' });
  doc.end();
  return done;
}
