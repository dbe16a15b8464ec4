import { describe, expect, it } from 'vitest';
import type { CreditNoteRow, ReceiptRow } from '../../db/schema.js';
import { gstSplit } from '../../../shared/gst.js';
import { B2CL_THRESHOLD_PAISE, gstr1 } from './gstr1.js';

/** 5 Nov 2026, 10:00 IST. */
const NOV_5 = Date.parse('2026-11-05T10:00:00+05:30');
let id = 0;

function invoice(amountPaise: number, buyerState: string, buyerGstin: string | null = null): ReceiptRow {
  id += 1;
  const tax = gstSplit(amountPaise, 1800, buyerState === '27');
  return {
    id,
    orderId: id,
    number: `MS/26-27/${String(id).padStart(6, '0')}`,
    fyStart: 2026,
    seq: id,
    issuedAt: NOV_5,
    sellerName: 'Marathi Success',
    sellerAddress: null,
    sellerEmail: null,
    sellerPhone: null,
    buyerName: buyerGstin ? 'Bharat Traders' : 'Asha',
    buyerEmail: 'a@example.com',
    buyerPhone: null,
    packageName: 'Share Market Basics',
    amountPaise,
    listPricePaise: null,
    discountPaise: 0,
    discountCode: null,
    utr: '512345678901',
    paymentParts: null,
    paidAt: NOV_5,
    gstin: '27AAPFU0939F1ZV',
    sellerState: '27',
    buyerState,
    buyerPin: '411005',
    buyerGstin,
    taxRateBp: tax.rateBp,
    taxablePaise: tax.taxablePaise,
    cgstPaise: tax.cgstPaise,
    sgstPaise: tax.sgstPaise,
    igstPaise: tax.igstPaise,
  };
}

function creditNote(of: ReceiptRow, seq: number): { note: CreditNoteRow; invoice: ReceiptRow } {
  return {
    invoice: of,
    note: {
      id: seq,
      receiptId: of.id,
      orderId: of.orderId,
      number: `MS/26-27/C${String(seq).padStart(5, '0')}`,
      fyStart: 2026,
      seq,
      issuedAt: NOV_5 + 86_400_000,
      reason: 'Reversed',
      amountPaise: of.amountPaise,
      taxablePaise: of.taxablePaise!,
      cgstPaise: of.cgstPaise!,
      sgstPaise: of.sgstPaise!,
      igstPaise: of.igstPaise!,
    },
  };
}

describe('the GSTR-1 tables of a month', () => {
  it('puts each document in its table: B2B, B2C large and small (net of credit notes), credit notes registered and not, the SAC summary', () => {
    const b2b = invoice(1_180_00, '29', '29AAGCB7383J1Z4');
    const large = invoice(B2CL_THRESHOLD_PAISE + 1_180_00, '29');
    const notLarge = invoice(B2CL_THRESHOLD_PAISE, '29');
    const local = invoice(B2CL_THRESHOLD_PAISE + 1_180_00, '27');
    const reversedLocal = invoice(1_180_00, '27');
    // A plain receipt (no GST) is in no table.
    const plain = { ...invoice(500_00, '27'), gstin: null, taxRateBp: null, taxablePaise: null, cgstPaise: null, sgstPaise: null, igstPaise: null };
    const report = gstr1(
      '2026-11',
      [b2b, large, notLarge, local, reversedLocal, plain],
      [creditNote(b2b, 1), creditNote(large, 2), creditNote(reversedLocal, 3)],
    );
    const rows = Object.fromEntries(report.sections.map((section) => [section.name, section.rows]));
    expect(rows.b2b).toEqual([
      [
        '29AAGCB7383J1Z4',
        'Bharat Traders',
        b2b.number,
        '05-Nov-2026',
        '1180.00',
        '29-Karnataka',
        'N',
        '',
        'Regular B2B',
        '',
        '18',
        '1000.00',
        '0.00',
        '9992',
        '180.00',
        '0.00',
        '0.00',
      ],
    ]);
    // Only inter-state to an unregistered buyer, above ₹1,00,000.
    expect(rows.b2cl).toEqual([[large.number, '05-Nov-2026', '101180.00', '29-Karnataka', '', '18', '85745.76', '0.00', '', '9992', '15434.24']]);
    expect(rows.b2cs).toEqual([
      ['OE', '27-Maharashtra', '', '18', '85745.76', '0.00', '', '9992', '0.00', '7717.12', '7717.12'],
      ['OE', '29-Karnataka', '', '18', '84745.76', '0.00', '', '9992', '15254.24', '0.00', '0.00'],
    ]);
    expect(rows.cdnr).toEqual([
      [
        '29AAGCB7383J1Z4',
        'Bharat Traders',
        'MS/26-27/C00001',
        '06-Nov-2026',
        'C',
        '29-Karnataka',
        'N',
        'Regular B2B',
        '1180.00',
        '',
        '18',
        '1000.00',
        '0.00',
        b2b.number,
        '05-Nov-2026',
      ],
    ]);
    expect(rows.cdnur).toEqual([
      ['B2CL', 'MS/26-27/C00002', '06-Nov-2026', 'C', '29-Karnataka', '101180.00', '', '18', '85745.76', '0.00', large.number, '05-Nov-2026'],
    ]);
    expect(rows['hsn(b2b)']).toEqual([['9992', 'Education services', 'NA', '0', '0.00', '18', '0.00', '0.00', '0.00', '0.00', '0.00']]);
    expect(rows['hsn(b2c)']).toEqual([['9992', 'Education services', 'NA', '2', '201180.00', '18', '170491.52', '15254.24', '7717.12', '7717.12', '0.00']]);
    expect(report.totals).toEqual({ invoices: 5, creditNotes: 3, netTaxablePaise: 170_491_52, netTaxPaise: 15_254_24 + 7_717_12 * 2 });
  });
});
