import { SAC_TRAINING } from '../../../shared/gst.js';
import { stateByCode } from '../../../shared/indian-states.js';
import { istWallClock } from '../../../shared/ist.js';
import { paiseAsText } from '../../../shared/money.js';
import type { CreditNoteRow, ReceiptRow } from '../../db/schema.js';

/**
 * A month's outward supplies as GSTR-1 asks for them (CGST rule 59; the tables and column names
 * of the GST portal's offline tool): B2B invoices with the buyer's GSTIN (table 4A), large
 * inter-state B2C invoices (table 5, invoice value over ₹1,00,000), the other B2C sales summed by
 * place of supply and rate net of their credit notes (table 7), credit notes to registered buyers
 * (table 9B, CDNR) and to unregistered ones for large invoices (CDNUR), and the SAC summary
 * (table 12, B2B and B2C apart). Only tax invoices count: plain receipts carry no GST.
 */

/** Table 5 takes inter-state invoices to unregistered buyers above this value (from 1 August 2024, notification 12/2024-Central Tax). */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;

type Invoice = ReceiptRow & { taxRateBp: number; taxablePaise: number; sellerState: string; buyerState: string };
type Note = { note: CreditNoteRow; invoice: Invoice };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The offline tool's date: `05-Nov-2026`, in IST. */
function gstDate(at: number): string {
  const ist = istWallClock(at);
  return `${String(ist.getUTCDate()).padStart(2, '0')}-${MONTHS[ist.getUTCMonth()]}-${ist.getUTCFullYear()}`;
}

/** `27-Maharashtra`. */
function placeOfSupply(code: string): string {
  return `${code}-${stateByCode(code)?.en ?? code}`;
}

const rate = (invoice: Invoice) => String(invoice.taxRateBp / 100);
/** The offline tool's rate columns (applicable share, rate, taxable value, cess) and their cells: no reduced share, no cess. */
const RATE_COLUMNS = ['Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount'];
const rateCells = (taxRate: string, taxablePaise: number) => ['', taxRate, paiseAsText(taxablePaise), '0.00'];

/** A credit note names the invoice it reduces. */
const ORIGINAL_INVOICE_COLUMNS = ['Original Invoice Number', 'Original Invoice date'];
const originalInvoiceCells = (invoice: Invoice) => [invoice.number, gstDate(invoice.issuedAt)];

const isTaxInvoice = (row: ReceiptRow): row is Invoice =>
  row.gstin !== null && row.taxRateBp !== null && row.taxablePaise !== null && row.sellerState !== null && row.buyerState !== null;
const interState = (invoice: Invoice) => invoice.sellerState !== invoice.buyerState;
const isB2cl = (invoice: Invoice) => !invoice.buyerGstin && interState(invoice) && invoice.amountPaise > B2CL_THRESHOLD_PAISE;

type Amounts = { valuePaise: number; taxablePaise: number; igstPaise: number; cgstPaise: number; sgstPaise: number };
const zero = (): Amounts => ({ valuePaise: 0, taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 });
function add(
  total: Amounts,
  amounts: { amountPaise: number; taxablePaise: number | null; igstPaise: number | null; cgstPaise: number | null; sgstPaise: number | null },
  sign: 1 | -1,
) {
  total.valuePaise += sign * amounts.amountPaise;
  total.taxablePaise += sign * (amounts.taxablePaise ?? 0);
  total.igstPaise += sign * (amounts.igstPaise ?? 0);
  total.cgstPaise += sign * (amounts.cgstPaise ?? 0);
  total.sgstPaise += sign * (amounts.sgstPaise ?? 0);
}

export type Gstr1Section = { name: string; title: string; header: string[]; rows: string[][] };

export type Gstr1 = {
  month: string;
  sections: Gstr1Section[];
  /** What the month's tax invoices and credit notes add up to (net), for the screen. */
  totals: { invoices: number; creditNotes: number; netTaxablePaise: number; netTaxPaise: number };
};

export function gstr1(month: string, receipts: ReceiptRow[], creditNotes: { note: CreditNoteRow; invoice: ReceiptRow }[]): Gstr1 {
  const invoices = receipts.filter(isTaxInvoice);
  const notes = creditNotes.filter((entry): entry is Note => isTaxInvoice(entry.invoice));

  const b2b = invoices
    .filter((invoice) => invoice.buyerGstin)
    .map((invoice) => [
      invoice.buyerGstin!,
      invoice.buyerName,
      invoice.number,
      gstDate(invoice.issuedAt),
      paiseAsText(invoice.amountPaise),
      placeOfSupply(invoice.buyerState),
      'N',
      '',
      'Regular B2B',
      '',
      rate(invoice),
      paiseAsText(invoice.taxablePaise),
      '0.00',
      SAC_TRAINING,
      paiseAsText(invoice.igstPaise ?? 0),
      paiseAsText(invoice.cgstPaise ?? 0),
      paiseAsText(invoice.sgstPaise ?? 0),
    ]);

  const b2cl = invoices
    .filter(isB2cl)
    .map((invoice) => [
      invoice.number,
      gstDate(invoice.issuedAt),
      paiseAsText(invoice.amountPaise),
      placeOfSupply(invoice.buyerState),
      ...rateCells(rate(invoice), invoice.taxablePaise),
      '',
      SAC_TRAINING,
      paiseAsText(invoice.igstPaise ?? 0),
    ]);

  // B2C small: every other B2C invoice of the month, less the month's credit notes of such invoices, by place of supply and rate.
  const small = new Map<string, { place: string; rate: string; amounts: Amounts }>();
  const smallOf = (invoice: Invoice) => {
    const key = `${invoice.buyerState}:${invoice.taxRateBp}`;
    const entry = small.get(key) ?? { place: placeOfSupply(invoice.buyerState), rate: rate(invoice), amounts: zero() };
    small.set(key, entry);
    return entry.amounts;
  };
  for (const invoice of invoices) if (!invoice.buyerGstin && !isB2cl(invoice)) add(smallOf(invoice), invoice, 1);
  for (const { note, invoice } of notes) if (!invoice.buyerGstin && !isB2cl(invoice)) add(smallOf(invoice), note, -1);
  const b2cs = [...small.values()]
    .sort((a, b) => a.place.localeCompare(b.place) || Number(a.rate) - Number(b.rate))
    .map(({ place, rate: taxRate, amounts }) => [
      'OE',
      place,
      ...rateCells(taxRate, amounts.taxablePaise),
      '',
      SAC_TRAINING,
      paiseAsText(amounts.igstPaise),
      paiseAsText(amounts.cgstPaise),
      paiseAsText(amounts.sgstPaise),
    ]);

  const cdnr = notes
    .filter(({ invoice }) => invoice.buyerGstin)
    .map(({ note, invoice }) => [
      invoice.buyerGstin!,
      invoice.buyerName,
      note.number,
      gstDate(note.issuedAt),
      'C',
      placeOfSupply(invoice.buyerState),
      'N',
      'Regular B2B',
      paiseAsText(note.amountPaise),
      ...rateCells(rate(invoice), note.taxablePaise),
      ...originalInvoiceCells(invoice),
    ]);

  const cdnur = notes
    .filter(({ invoice }) => isB2cl(invoice))
    .map(({ note, invoice }) => [
      'B2CL',
      note.number,
      gstDate(note.issuedAt),
      'C',
      placeOfSupply(invoice.buyerState),
      paiseAsText(note.amountPaise),
      ...rateCells(rate(invoice), note.taxablePaise),
      ...originalInvoiceCells(invoice),
    ]);

  const hsn = (registered: boolean) => {
    const byRate = new Map<number, Amounts & { count: number }>();
    const of = (invoice: Invoice) => {
      const entry = byRate.get(invoice.taxRateBp) ?? { ...zero(), count: 0 };
      byRate.set(invoice.taxRateBp, entry);
      return entry;
    };
    for (const invoice of invoices) {
      if (!!invoice.buyerGstin !== registered) continue;
      const entry = of(invoice);
      entry.count += 1;
      add(entry, invoice, 1);
    }
    for (const { note, invoice } of notes) {
      if (!!invoice.buyerGstin !== registered) continue;
      const entry = of(invoice);
      entry.count -= 1;
      add(entry, note, -1);
    }
    return [...byRate.entries()]
      .sort(([a], [b]) => a - b)
      .map(([rateBp, entry]) => [
        SAC_TRAINING,
        'Education services',
        'NA',
        String(entry.count),
        paiseAsText(entry.valuePaise),
        String(rateBp / 100),
        paiseAsText(entry.taxablePaise),
        paiseAsText(entry.igstPaise),
        paiseAsText(entry.cgstPaise),
        paiseAsText(entry.sgstPaise),
        '0.00',
      ]);
  };
  const hsnHeader = [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ];

  const sections: Gstr1Section[] = [
    {
      name: 'b2b',
      title: 'B2B invoices (table 4A)',
      header: [
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Reverse Charge',
        'Applicable % of Tax Rate',
        'Invoice Type',
        'E-Commerce GSTIN',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'SAC',
        'Integrated Tax',
        'Central Tax',
        'State/UT Tax',
      ],
      rows: b2b,
    },
    {
      name: 'b2cl',
      title: 'B2C large: inter-state invoices over ₹1,00,000 to unregistered buyers (table 5)',
      header: ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', ...RATE_COLUMNS, 'E-Commerce GSTIN', 'SAC', 'Integrated Tax'],
      rows: b2cl,
    },
    {
      name: 'b2cs',
      title: 'B2C small, by place of supply and rate, net of credit notes (table 7)',
      header: ['Type', 'Place Of Supply', ...RATE_COLUMNS, 'E-Commerce GSTIN', 'SAC', 'Integrated Tax', 'Central Tax', 'State/UT Tax'],
      rows: b2cs,
    },
    {
      name: 'cdnr',
      title: 'Credit notes to registered buyers (table 9B)',
      header: [
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Reverse Charge',
        'Note Supply Type',
        'Note Value',
        ...RATE_COLUMNS,
        ...ORIGINAL_INVOICE_COLUMNS,
      ],
      rows: cdnr,
    },
    {
      name: 'cdnur',
      title: 'Credit notes to unregistered buyers of large invoices (table 9B)',
      header: ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', ...RATE_COLUMNS, ...ORIGINAL_INVOICE_COLUMNS],
      rows: cdnur,
    },
    { name: 'hsn(b2b)', title: 'SAC summary of B2B supplies, net of credit notes (table 12)', header: hsnHeader, rows: hsn(true) },
    { name: 'hsn(b2c)', title: 'SAC summary of B2C supplies, net of credit notes (table 12)', header: hsnHeader, rows: hsn(false) },
  ];

  const net = zero();
  for (const invoice of invoices) add(net, invoice, 1);
  for (const { note } of notes) add(net, note, -1);
  return {
    month,
    sections,
    totals: {
      invoices: invoices.length,
      creditNotes: notes.length,
      netTaxablePaise: net.taxablePaise,
      netTaxPaise: net.igstPaise + net.cgstPaise + net.sgstPaise,
    },
  };
}
