import type { Language } from '../../../shared/domain.js';
import { amountInWordsEnglish, amountInWordsMarathi } from '../../../shared/amount-in-words.js';
import { SAC_TRAINING } from '../../../shared/gst.js';
import { stateByCode } from '../../../shared/indian-states.js';
import { formatIstDateTime, istDateOf } from '../../../shared/ist.js';
import { formatRupees, paiseAsText } from '../../../shared/money.js';
import { spreadsheetCsv, type Cell } from '../../lib/csv.js';
import type { CreditNoteRow, ReceiptRow } from '../../db/schema.js';
import type { Gstr1 } from './gstr1.js';
import type { CreditNoteWithInvoice, ReceiptWithReversal } from './receipts.service.js';

export type ReceiptTax = {
  gstin: string;
  sac: string;
  rateBp: number;
  sellerState: { code: string; en: string; mr: string };
  buyerState: { code: string; en: string; mr: string };
  buyerPin: string | null;
  /** The buyer's GSTIN when they gave one: a B2B invoice. */
  buyerGstin: string | null;
  intraState: boolean;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/** A receipt as the receipt page shows it; money in paise, times in epoch ms. */
export type ReceiptView = {
  orderId: string;
  number: string;
  issuedAt: number;
  paidAt: number;
  seller: { name: string; address: string | null; email: string | null; phone: string | null };
  buyer: { name: string; email: string; phone: string | null };
  packageName: string;
  amountPaise: number;
  amountInWords: { en: string; mr: string };
  utr: string;
  /** An order paid in parts: each part's UTR and amount, first first (empty for one payment). */
  parts: { utr: string; amountPaise: number }[];
  /** Set when the receipt is a tax invoice. */
  tax: ReceiptTax | null;
  /** When its order was reversed (the package taken back); the receipt stays as issued. */
  reversedAt: number | null;
  /** With a discount code: the list price, the discount and the code (amountPaise, what was paid, carries the GST). */
  discount: { listPricePaise: number; discountPaise: number; code: string } | null;
  /** The credit note that cancelled this tax invoice when its order was reversed. */
  creditNote: { number: string; issuedAt: number } | null;
};

/** The parts a receipt keeps (JSON written at its issue), or none. */
function partsOf(text: string | null): { utr: string; amountPaise: number }[] {
  if (!text) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed)
    ? parsed.map((part: { utr: string; amountPaise: number }) => ({ utr: String(part.utr), amountPaise: Number(part.amountPaise) }))
    : [];
}

/** The receipt's UTR, or for an order paid in parts each UTR with the amount it brought ("111… (₹899), 222… (₹100)"). */
export function utrText(view: Pick<ReceiptView, 'utr' | 'parts'>, amount: (paise: number) => string = formatRupees): string {
  return view.parts.length > 0 ? view.parts.map((part) => `${part.utr} (${amount(part.amountPaise)})`).join(', ') : view.utr;
}

function state(code: string) {
  const found = stateByCode(code);
  return { code, en: found?.en ?? code, mr: found?.mr ?? code };
}

/** A receipt read at approval has no reversal yet; one read later says whether its order was reversed, and its credit note. */
export function toReceiptView(row: ReceiptRow & { reversedAt?: number | null; creditNote?: { number: string; issuedAt: number } | null }): ReceiptView {
  return {
    orderId: String(row.orderId),
    number: row.number,
    issuedAt: row.issuedAt,
    paidAt: row.paidAt,
    seller: { name: row.sellerName, address: row.sellerAddress, email: row.sellerEmail, phone: row.sellerPhone },
    buyer: { name: row.buyerName, email: row.buyerEmail, phone: row.buyerPhone },
    packageName: row.packageName,
    amountPaise: row.amountPaise,
    amountInWords: { en: amountInWordsEnglish(row.amountPaise), mr: amountInWordsMarathi(row.amountPaise) },
    utr: row.utr,
    parts: partsOf(row.paymentParts),
    reversedAt: row.reversedAt ?? null,
    creditNote: row.creditNote ?? null,
    discount:
      row.discountCode !== null && row.listPricePaise !== null
        ? { listPricePaise: row.listPricePaise, discountPaise: row.discountPaise, code: row.discountCode }
        : null,
    tax:
      row.gstin && row.sellerState && row.buyerState
        ? {
            gstin: row.gstin,
            sac: SAC_TRAINING,
            rateBp: row.taxRateBp ?? 0,
            sellerState: state(row.sellerState),
            buyerState: state(row.buyerState),
            buyerPin: row.buyerPin,
            buyerGstin: row.buyerGstin,
            intraState: row.sellerState === row.buyerState,
            taxablePaise: row.taxablePaise ?? 0,
            cgstPaise: row.cgstPaise ?? 0,
            sgstPaise: row.sgstPaise ?? 0,
            igstPaise: row.igstPaise ?? 0,
          }
        : null,
  };
}

export const percent = (rateBp: number) => `${rateBp / 100}%`;

export const receiptLabels = {
  en: {
    receipt: 'Receipt',
    invoice: 'Tax invoice',
    creditNote: 'Credit note',
    number: 'Receipt number',
    invoiceNumber: 'Invoice number',
    creditNoteNumber: 'Credit note number',
    date: 'Date',
    seller: 'Seller',
    buyer: 'Buyer',
    pkg: 'Package',
    amount: 'Amount paid',
    credited: 'Amount credited',
    listPrice: 'Price',
    discount: (code: string) => `Discount (code ${code})`,
    words: 'In words',
    utr: 'UPI transaction ID (UTR)',
    gstin: 'GSTIN',
    buyerGstin: "Buyer's GSTIN",
    sac: 'SAC',
    taxable: 'Taxable value',
    place: 'Place of supply',
    pin: 'PIN',
    paidOn: 'Paid by UPI on',
    inclusive: 'Price includes GST.',
    computer: 'This receipt is made by computer and needs no signature.',
    reversed: (date: string) => `This order was reversed on ${date} and the package taken back. The receipt is kept as the record of the payment.`,
    cancelledBy: (note: string, date: string) => `Credit note ${note} of ${date} cancels this invoice.`,
    against: (invoice: string, date: string) => `Against tax invoice ${invoice} of ${date}`,
    reason: 'Reason',
    noteComputer: 'This credit note is made by computer and needs no signature.',
  },
  mr: {
    receipt: 'पावती',
    invoice: 'कर बीजक (Tax invoice)',
    creditNote: 'क्रेडिट नोट (Credit note)',
    number: 'पावती क्रमांक',
    invoiceNumber: 'बीजक क्रमांक',
    creditNoteNumber: 'क्रेडिट नोट क्रमांक',
    date: 'दिनांक',
    seller: 'विक्रेता',
    buyer: 'खरेदीदार',
    pkg: 'पॅकेज',
    amount: 'भरलेली रक्कम',
    credited: 'परत जमा केलेली रक्कम',
    listPrice: 'किंमत',
    discount: (code: string) => `सवलत (कोड ${code})`,
    words: 'अक्षरी',
    utr: 'UPI व्यवहार क्रमांक (UTR)',
    gstin: 'GSTIN',
    buyerGstin: 'खरेदीदाराचा GSTIN',
    sac: 'SAC',
    taxable: 'करपात्र मूल्य',
    place: 'पुरवठ्याचे ठिकाण',
    pin: 'पिन',
    paidOn: 'UPI ने भरल्याची तारीख',
    inclusive: 'किमतीत GST समाविष्ट आहे.',
    computer: 'ही पावती संगणकाने तयार केली आहे, तिला सहीची गरज नाही.',
    reversed: (date: string) => `ही ऑर्डर ${date} रोजी उलट केली आणि पॅकेज परत घेतले. ही पावती पेमेंटची नोंद म्हणून ठेवली आहे.`,
    cancelledBy: (note: string, date: string) => `${date} च्या क्रेडिट नोट ${note} ने हे बीजक रद्द होते.`,
    against: (invoice: string, date: string) => `${date} च्या कर बीजक ${invoice} च्या बदल्यात`,
    reason: 'कारण',
    noteComputer: 'ही क्रेडिट नोट संगणकाने तयार केली आहे, तिला सहीची गरज नाही.',
  },
} as const;

/** The amount in words, the reader's language first. */
export function amountInWordsFor(words: { en: string; mr: string }, lang: Language): string[] {
  return lang === 'mr' ? [words.mr, words.en] : [words.en, words.mr];
}

/** The place of supply as printed: the state in the reader's language, its code, and the PIN. */
function placeOfSupply(tax: ReceiptTax, lang: Language, l: (typeof receiptLabels)[Language]): string {
  return `${tax.buyerState[lang]} (${tax.buyerState.code})${tax.buyerPin ? `, ${l.pin} ${tax.buyerPin}` : ''}`;
}

/** The tax lines of an invoice or credit note: taxable value, then CGST + SGST or IGST. */
function taxLines(
  tax: Pick<ReceiptTax, 'rateBp' | 'intraState'>,
  amounts: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number },
  l: (typeof receiptLabels)[Language],
) {
  return [
    `${l.taxable}: ${formatRupees(amounts.taxablePaise)}`,
    ...(tax.intraState
      ? [`CGST ${percent(tax.rateBp / 2)}: ${formatRupees(amounts.cgstPaise)}`, `SGST ${percent(tax.rateBp / 2)}: ${formatRupees(amounts.sgstPaise)}`]
      : [`IGST ${percent(tax.rateBp)}: ${formatRupees(amounts.igstPaise)}`]),
  ];
}

/**
 * The receipt as lines of plain text, for the approval email: the same fields as the receipt
 * page, each on its own line (a blank line between parts), the amount in words in the reader's
 * language first.
 */
export function receiptLines(view: ReceiptView, lang: Language): string[] {
  const l = receiptLabels[lang];
  return [
    `${view.tax ? l.invoice : l.receipt}`,
    `${view.tax ? l.invoiceNumber : l.number}: ${view.number}`,
    `${l.date}: ${formatIstDateTime(view.issuedAt, lang)}`,
    '',
    `${l.seller}: ${[view.seller.name, view.seller.address, view.seller.phone, view.seller.email].filter(Boolean).join(', ')}`,
    ...(view.tax ? [`${l.gstin}: ${view.tax.gstin}`] : []),
    `${l.buyer}: ${[view.buyer.name, view.buyer.email, view.buyer.phone].filter(Boolean).join(', ')}`,
    ...(view.tax?.buyerGstin ? [`${l.buyerGstin}: ${view.tax.buyerGstin}`] : []),
    ...(view.tax ? [`${l.place}: ${placeOfSupply(view.tax, lang, l)}`] : []),
    '',
    `${l.pkg}: ${view.packageName}${view.tax ? ` (${l.sac} ${view.tax.sac})` : ''}`,
    ...(view.discount
      ? [`${l.listPrice}: ${formatRupees(view.discount.listPricePaise)}`, `${l.discount(view.discount.code)}: − ${formatRupees(view.discount.discountPaise)}`]
      : []),
    ...(view.tax ? taxLines(view.tax, view.tax, l) : []),
    `${l.amount}: ${formatRupees(view.amountPaise)}`,
    ...amountInWordsFor(view.amountInWords, lang).map((words) => `${l.words}: ${words}`),
    `${l.utr}: ${utrText(view)}`,
    `${l.paidOn}: ${formatIstDateTime(view.paidAt, lang)}`,
  ];
}

/** A credit note as the buyer and admins get it (its PDF): what it credits and the invoice it refers to. */
export type CreditNoteView = {
  orderId: string;
  number: string;
  issuedAt: number;
  reason: string;
  invoice: { number: string; issuedAt: number };
  seller: ReceiptView['seller'];
  buyer: ReceiptView['buyer'];
  packageName: string;
  amountPaise: number;
  amountInWords: { en: string; mr: string };
  tax: ReceiptTax & { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };
};

export function toCreditNoteView({ note, invoice }: { note: CreditNoteRow; invoice: ReceiptRow }): CreditNoteView {
  const receipt = toReceiptView(invoice);
  return {
    orderId: String(note.orderId),
    number: note.number,
    issuedAt: note.issuedAt,
    reason: note.reason,
    invoice: { number: invoice.number, issuedAt: invoice.issuedAt },
    seller: receipt.seller,
    buyer: receipt.buyer,
    packageName: invoice.packageName,
    amountPaise: note.amountPaise,
    amountInWords: { en: amountInWordsEnglish(note.amountPaise), mr: amountInWordsMarathi(note.amountPaise) },
    // A credit note is issued for tax invoices only, which always have their tax part.
    tax: { ...receipt.tax!, taxablePaise: note.taxablePaise, cgstPaise: note.cgstPaise, sgstPaise: note.sgstPaise, igstPaise: note.igstPaise },
  };
}

const rupees = (paise: number | null) => (paise === null ? '' : paiseAsText(paise));

const CSV_HEADER = [
  'Document',
  'Number',
  'Date',
  'Order',
  'Buyer',
  'Email',
  'Phone',
  'Buyer GSTIN',
  'Package',
  'SAC',
  'Amount (INR)',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'GST rate (%)',
  'Place of supply',
  'PIN',
  'UTR',
  'Reversed on',
  'Credit note / against invoice',
];

const placeCell = (code: string | null) => (code ? `${code} ${stateByCode(code)?.en ?? ''}`.trim() : '');
const negative = (paise: number | null) => (paise === null ? null : -paise);

/**
 * Receipts and credit notes for the accountant, in date order: one line each, amounts in rupees
 * with two decimals, a credit note's negative, each naming the other (an invoice its credit note,
 * a credit note its invoice). UTF-8 with a byte-order mark so spreadsheet programs read Marathi.
 */
export function receiptsCsv(rows: ReceiptWithReversal[], notes: CreditNoteWithInvoice[] = []): string {
  const documents = [
    ...rows.map((row) => ({
      at: row.issuedAt,
      cells: [
        row.gstin ? 'Tax invoice' : 'Receipt',
        row.number,
        istDateOf(row.issuedAt),
        row.orderId,
        row.buyerName,
        row.buyerEmail,
        row.buyerPhone,
        row.buyerGstin,
        row.packageName,
        row.gstin ? SAC_TRAINING : '',
        rupees(row.amountPaise),
        rupees(row.taxablePaise),
        rupees(row.cgstPaise),
        rupees(row.sgstPaise),
        rupees(row.igstPaise),
        row.taxRateBp === null ? '' : (row.taxRateBp / 100).toFixed(2),
        placeCell(row.buyerState),
        row.buyerPin,
        utrText({ utr: row.utr, parts: partsOf(row.paymentParts) }, rupees),
        row.reversedAt === null ? '' : istDateOf(row.reversedAt),
        row.creditNote?.number ?? '',
      ],
    })),
    ...notes.map(({ note, invoice }) => ({
      at: note.issuedAt,
      cells: [
        'Credit note',
        note.number,
        istDateOf(note.issuedAt),
        note.orderId,
        invoice.buyerName,
        invoice.buyerEmail,
        invoice.buyerPhone,
        invoice.buyerGstin,
        invoice.packageName,
        SAC_TRAINING,
        rupees(negative(note.amountPaise)),
        rupees(negative(note.taxablePaise)),
        rupees(negative(note.cgstPaise)),
        rupees(negative(note.sgstPaise)),
        rupees(negative(note.igstPaise)),
        invoice.taxRateBp === null ? '' : (invoice.taxRateBp / 100).toFixed(2),
        placeCell(invoice.buyerState),
        invoice.buyerPin,
        invoice.utr,
        '',
        invoice.number,
      ],
    })),
  ].sort((a, b) => a.at - b.at);
  return spreadsheetCsv([CSV_HEADER, ...documents.map((document) => document.cells)]);
}

/** A credit note in the admin's list, beside the receipts of the period. */
export type CreditNoteListRow = {
  orderId: string;
  number: string;
  issuedAt: number;
  invoiceNumber: string;
  buyerName: string;
  amountPaise: number;
  reason: string;
};

export function toCreditNoteListRow({ note, invoice }: CreditNoteWithInvoice): CreditNoteListRow {
  return {
    orderId: String(note.orderId),
    number: note.number,
    issuedAt: note.issuedAt,
    invoiceNumber: invoice.number,
    buyerName: invoice.buyerName,
    amountPaise: note.amountPaise,
    reason: note.reason,
  };
}

/** The GSTR-1 export as one spreadsheet file: each table under its offline-tool name and title, with a byte-order mark. */
export function gstr1Csv(report: Gstr1): { fileName: string; csv: string } {
  const rows: Cell[][] = [['GSTR-1', report.month]];
  for (const section of report.sections) rows.push([], [section.name, section.title], section.header, ...section.rows);
  return { fileName: `gstr1-${report.month}.csv`, csv: spreadsheetCsv(rows) };
}

/** A receipt's number by its order, for the links on the buyer's My orders. */
export function toOwnReceiptView(receipt: { orderId: number; number: string }): { orderId: string; number: string } {
  return { orderId: String(receipt.orderId), number: receipt.number };
}
