import type { Language } from '../../../shared/domain.js';
import { formatIstDateTime } from '../../../shared/ist.js';
import { formatRupees } from '../../../shared/money.js';
import { newPdf, rightAlignedLine, writeText, type PdfDoc } from '../../lib/pdf-text.js';
import { amountInWordsFor, percent, receiptLabels, type CreditNoteView, type ReceiptTax, type ReceiptView, utrText } from './receipts.views.js';

/** The receipt and the credit note as A4 PDFs in the reader's language, drawn in Noto Sans Devanagari (lib/pdf-text.ts). */

type Labels = (typeof receiptLabels)[Language];

/** A new A4 document with the fonts, and the promise of its bytes once ended. */
const newDocument = (title: string, author: string) => newPdf({ margin: 50, title, author });

/** The drawing helpers of one page: fields, rules, amount rows, the parties. */
function pageKit(doc: PdfDoc) {
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;
  const rule = (weight = 0.5) => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(weight).strokeColor('#000').stroke();
    doc.y += 8;
  };
  const field = (label: string, value: string) => writeText(doc, `${label}: ${value}`, { x: left, width, size: 11 });
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    writeText(doc, label, { x: left, y, width: width - 130, size: 11, bold });
    const after = doc.y;
    rightAlignedLine(doc, amount, { right, y, size: 11, bold });
    doc.y = Math.max(after, y + 16) + 4;
  };
  const party = (label: string, name: string, lines: (string | null)[]) => {
    writeText(doc, label, { x: left, width, size: 9, color: '#444' });
    writeText(doc, name, { x: left, width, size: 12, bold: true });
    for (const line of lines) if (line) writeText(doc, line, { x: left, width, size: 11 });
  };
  const note = (text: string, options: { bold?: boolean; color?: string; size?: number } = {}) =>
    writeText(doc, text, { x: left, width, size: options.size ?? 9, bold: options.bold ?? false, color: options.color ?? '#444' });
  return { left, width, rule, field, row, party, note };
}

type Kit = ReturnType<typeof pageKit>;

/** The document's title, its number and date. */
function heading(doc: PdfDoc, kit: Kit, title: string, number: [label: string, value: string], date: [label: string, value: string]) {
  writeText(doc, title, { x: kit.left, y: 50, width: kit.width, size: 20, bold: true });
  doc.y += 4;
  kit.field(...number);
  kit.field(...date);
}

/** Seller and buyer (with GSTINs and the place of supply on a tax document), between rules. */
function parties(doc: PdfDoc, kit: Kit, view: Pick<ReceiptView, 'seller' | 'buyer'> & { tax: ReceiptTax | null }, lang: Language, l: Labels) {
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
}

/** The total between rules, then the amount in words. */
function total(doc: PdfDoc, kit: Kit, label: string, amountPaise: number, words: string[], l: Labels) {
  kit.rule();
  kit.row(label, formatRupees(amountPaise), true);
  kit.rule(1.2);
  kit.note(l.words);
  for (const line of words) writeText(doc, line, { x: kit.left, width: kit.width, size: 11, bold: true });
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

  heading(doc, kit, view.tax ? l.invoice : l.receipt, [view.tax ? l.invoiceNumber : l.number, view.number], [l.date, formatIstDateTime(view.issuedAt, lang)]);
  if (view.reversedAt !== null) {
    doc.y += 4;
    kit.note(l.reversed(formatIstDateTime(view.reversedAt, lang)), { size: 11, bold: true, color: '#8c1d16' });
  }
  if (view.creditNote)
    kit.note(l.cancelledBy(view.creditNote.number, formatIstDateTime(view.creditNote.issuedAt, lang)), { size: 11, bold: true, color: '#8c1d16' });
  parties(doc, kit, view, lang, l);

  if (view.discount) {
    kit.row(l.listPrice, formatRupees(view.discount.listPricePaise));
    kit.row(l.discount(view.discount.code), `− ${formatRupees(view.discount.discountPaise)}`);
  }
  kit.row(`${view.packageName}${view.tax ? ` (${l.sac} ${view.tax.sac})` : ''}`, formatRupees(view.tax ? view.tax.taxablePaise : view.amountPaise));
  if (view.tax) taxRows(kit, view.tax, view.tax);
  total(doc, kit, l.amount, view.amountPaise, amountInWordsFor(view.amountInWords, lang), l);
  doc.y += 8;
  kit.field(l.utr, utrText(view));
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

  heading(doc, kit, l.creditNote, [l.creditNoteNumber, view.number], [l.date, formatIstDateTime(view.issuedAt, lang)]);
  kit.note(l.against(view.invoice.number, formatIstDateTime(view.invoice.issuedAt, lang)), { size: 11, bold: true, color: '#000' });
  kit.field(l.reason, view.reason);
  parties(doc, kit, view, lang, l);

  kit.row(`${view.packageName} (${l.sac} ${view.tax.sac})`, formatRupees(view.tax.taxablePaise));
  taxRows(kit, view.tax, view.tax);
  total(doc, kit, l.credited, view.amountPaise, amountInWordsFor(view.amountInWords, lang), l);
  doc.y += 12;
  kit.note(l.noteComputer);
  doc.end();
  return done;
}
