import type { Language } from '../../../shared/domain.js';
import { amountInWordsEnglish, amountInWordsMarathi } from '../../../shared/amount-in-words.js';
import { SAC_TRAINING } from '../../../shared/gst.js';
import { stateByCode } from '../../../shared/indian-states.js';
import { formatIstDateTime } from '../../../shared/ist.js';
import { formatRupees } from '../../../shared/money.js';
import type { ReceiptRow } from '../../db/schema.js';

export type ReceiptTax = {
  gstin: string;
  sac: string;
  rateBp: number;
  sellerState: { code: string; en: string; mr: string };
  buyerState: { code: string; en: string; mr: string };
  buyerPin: string | null;
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
  /** Set when the receipt is a tax invoice. */
  tax: ReceiptTax | null;
  /** When its order was reversed (the package taken back); the receipt stays as issued. */
  reversedAt: number | null;
  /** With a discount code: the list price, the discount and the code (amountPaise, what was paid, carries the GST). */
  discount: { listPricePaise: number; discountPaise: number; code: string } | null;
};

function state(code: string) {
  const found = stateByCode(code);
  return { code, en: found?.en ?? code, mr: found?.mr ?? code };
}

/** A receipt read at approval has no reversal yet; one read later says whether its order was reversed. */
export function toReceiptView(row: ReceiptRow & { reversedAt?: number | null }): ReceiptView {
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
    reversedAt: row.reversedAt ?? null,
    discount:
      row.discountCode !== null && row.listPricePaise !== null ? { listPricePaise: row.listPricePaise, discountPaise: row.discountPaise, code: row.discountCode } : null,
    tax:
      row.gstin && row.sellerState && row.buyerState
        ? {
            gstin: row.gstin,
            sac: SAC_TRAINING,
            rateBp: row.taxRateBp ?? 0,
            sellerState: state(row.sellerState),
            buyerState: state(row.buyerState),
            buyerPin: row.buyerPin,
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
    number: 'Receipt number',
    date: 'Date',
    seller: 'From',
    buyer: 'Billed to',
    pkg: 'Package',
    amount: 'Amount paid',
    listPrice: 'Price',
    discount: (code: string) => `Discount (code ${code})`,
    words: 'In words',
    utr: 'UPI transaction ID (UTR)',
    gstin: 'GSTIN',
    sac: 'SAC',
    taxable: 'Taxable value',
    place: 'Place of supply',
    pin: 'PIN',
    paidOn: 'Paid by UPI on',
    inclusive: 'Price includes GST.',
    computer: 'This receipt is made by computer and needs no signature.',
    reversed: (date: string) => `This order was reversed on ${date} and the package taken back. The receipt is kept as the record of the payment.`,
  },
  mr: {
    receipt: 'पावती',
    invoice: 'कर बीजक (Tax invoice)',
    number: 'पावती क्रमांक',
    date: 'दिनांक',
    seller: 'देणारे',
    buyer: 'घेणारे',
    pkg: 'पॅकेज',
    amount: 'भरलेली रक्कम',
    listPrice: 'किंमत',
    discount: (code: string) => `सवलत (कोड ${code})`,
    words: 'अक्षरी',
    utr: 'UPI व्यवहार क्रमांक (UTR)',
    gstin: 'GSTIN',
    sac: 'SAC',
    taxable: 'करपात्र मूल्य',
    place: 'पुरवठ्याचे ठिकाण',
    pin: 'पिन',
    paidOn: 'UPI ने भरल्याची तारीख',
    inclusive: 'किमतीत GST समाविष्ट आहे.',
    computer: 'ही पावती संगणकाने तयार केली आहे, तिला सहीची गरज नाही.',
    reversed: (date: string) => `ही ऑर्डर ${date} रोजी उलट केली आणि पॅकेज परत घेतले. ही पावती पेमेंटची नोंद म्हणून ठेवली आहे.`,
  },
} as const;

/** The receipt as plain text, for the approval email: the same fields as the receipt page. */
export function receiptText(view: ReceiptView, lang: Language): string {
  const l = receiptLabels[lang];
  const lines = [
    `${view.tax ? l.invoice : l.receipt}`,
    `${l.number}: ${view.number}`,
    `${l.date}: ${formatIstDateTime(view.issuedAt, lang)}`,
    '',
    `${l.seller}: ${[view.seller.name, view.seller.address, view.seller.phone, view.seller.email].filter(Boolean).join(', ')}`,
    ...(view.tax ? [`${l.gstin}: ${view.tax.gstin}`] : []),
    `${l.buyer}: ${[view.buyer.name, view.buyer.email, view.buyer.phone].filter(Boolean).join(', ')}`,
    ...(view.tax
      ? [`${l.place}: ${view.tax.buyerState[lang]} (${view.tax.buyerState.code})${view.tax.buyerPin ? `, ${l.pin} ${view.tax.buyerPin}` : ''}`]
      : []),
    '',
    `${l.pkg}: ${view.packageName}${view.tax ? ` (${l.sac} ${view.tax.sac})` : ''}`,
    ...(view.tax
      ? [
          `${l.taxable}: ${formatRupees(view.tax.taxablePaise)}`,
          ...(view.tax.intraState
            ? [
                `CGST ${percent(view.tax.rateBp / 2)}: ${formatRupees(view.tax.cgstPaise)}`,
                `SGST ${percent(view.tax.rateBp / 2)}: ${formatRupees(view.tax.sgstPaise)}`,
              ]
            : [`IGST ${percent(view.tax.rateBp)}: ${formatRupees(view.tax.igstPaise)}`]),
        ]
      : []),
    `${l.amount}: ${formatRupees(view.amountPaise)}`,
    `${l.words}: ${view.amountInWords.en}`,
    `${l.words}: ${view.amountInWords.mr}`,
    `${l.utr}: ${view.utr}`,
    `${l.paidOn}: ${formatIstDateTime(view.paidAt, lang)}`,
  ];
  return lines.join('\n');
}

/** An IST calendar date, "2026-11-23", for spreadsheets. */
function istDate(at: number): string {
  return new Date(at + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const rupees = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2));

/** A CSV cell: quoted when needed; text that a spreadsheet would run as a formula is defused. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = [
  'Receipt number',
  'Date',
  'Order',
  'Buyer',
  'Email',
  'Phone',
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
];

/** Receipts for the accountant: one line each, amounts in rupees with two decimals. */
export function receiptsCsv(rows: (ReceiptRow & { reversedAt: number | null })[]): string {
  const lines = rows.map((row) =>
    [
      row.number,
      istDate(row.issuedAt),
      row.orderId,
      row.buyerName,
      row.buyerEmail,
      row.buyerPhone,
      row.packageName,
      row.gstin ? SAC_TRAINING : '',
      rupees(row.amountPaise),
      rupees(row.taxablePaise),
      rupees(row.cgstPaise),
      rupees(row.sgstPaise),
      rupees(row.igstPaise),
      row.taxRateBp === null ? '' : (row.taxRateBp / 100).toFixed(2),
      row.buyerState ? `${row.buyerState} ${stateByCode(row.buyerState)?.en ?? ''}`.trim() : '',
      row.buyerPin,
      row.utr,
      row.reversedAt === null ? '' : istDate(row.reversedAt),
    ]
      .map(cell)
      .join(','),
  );
  // A byte order mark so that spreadsheet programs read the names as UTF-8.
  return `\uFEFF${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}

/** A receipt's number by its order, for the links on the buyer's My orders. */
export function toOwnReceiptView(receipt: { orderId: number; number: string }): { orderId: string; number: string } {
  return { orderId: String(receipt.orderId), number: receipt.number };
}
