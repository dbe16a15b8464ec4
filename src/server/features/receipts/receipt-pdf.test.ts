import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { FONTS, scriptRuns } from '../../lib/pdf-text.js';
import { creditNotePdf, receiptPdf } from './receipt-pdf.js';
import type { CreditNoteView, ReceiptView } from './receipts.views.js';

/** The Unicode code points behind each glyph fontkit (pdfkit's text engine) lays out, in drawing order. */
function shaped(text: string): number[][] {
  const font = fontkit.openSync(FONTS.deva) as fontkit.Font;
  return font.layout(text).glyphs.map((glyph) => glyph.codePoints);
}

describe('Devanagari in the PDF', () => {
  it('is shaped as a browser shapes it: the i-sign drawn before its consonant, conjuncts as one glyph', () => {
    // कि: the vowel sign ि (U+093F) is written after क in text but drawn before it.
    expect(shaped('कि')[0]).toContain(0x093f);
    // क्ष and श्री: conjuncts become ligature glyphs, never a visible virama.
    expect(shaped('क्ष')).toHaveLength(1);
    expect(shaped('श्री').length).toBeLessThanOrEqual(2);
    // A Marathi name: आशा पवार, every letter a real glyph (no empty boxes).
    const font = fontkit.openSync(FONTS.deva) as fontkit.Font;
    expect(font.layout('आशा पवार').glyphs.every((glyph) => glyph.id !== 0)).toBe(true);
  });

  it('draws each script in the face that has it', () => {
    expect(scriptRuns('आशा पवार (9822012345), ₹2,499')).toEqual([
      { face: 'deva', text: 'आशा पवार ' },
      { face: 'latin', text: '(9822012345), ' },
      { face: 'deva', text: '₹' },
      { face: 'latin', text: '2,499' },
    ]);
  });

  it("makes a one-page A4 PDF with the fonts embedded, a reversed order's included", async () => {
    const view: ReceiptView = {
      orderId: '7',
      number: 'MS/26-27/000007',
      issuedAt: Date.UTC(2026, 10, 23, 6),
      paidAt: Date.UTC(2026, 10, 22, 6),
      seller: { name: 'Marathi Success', address: 'शिवाजीनगर, पुणे 411005', email: 'hello@example.com', phone: '+91 98765 43210' },
      buyer: { name: 'आशा पवार', email: 'asha@example.com', phone: '9822012345' },
      packageName: 'शेअर बाजार मूलभूत',
      amountPaise: 2_499_00,
      amountInWords: { en: 'Rupees Two Thousand Four Hundred Ninety-Nine Only', mr: 'दोन हजार चारशे नव्व्याण्णव रुपये फक्त' },
      utr: '512345678901',
      parts: [],
      tax: {
        gstin: '27AAPFU0939F1ZV',
        sac: '9992',
        rateBp: 1800,
        sellerState: { code: '27', en: 'Maharashtra', mr: 'महाराष्ट्र' },
        buyerState: { code: '27', en: 'Maharashtra', mr: 'महाराष्ट्र' },
        buyerPin: '411005',
        buyerGstin: '27AAGCB7383J1Z0',
        intraState: true,
        taxablePaise: 2_117_80,
        cgstPaise: 190_60,
        sgstPaise: 190_60,
        igstPaise: 0,
      },
      reversedAt: null,
      discount: { listPricePaise: 2_999_00, discountPaise: 500_00, code: 'DIWALI500' },
      creditNote: null,
    };
    for (const [lang, reversedAt] of [
      ['en', null],
      ['mr', null],
      ['en', Date.UTC(2026, 11, 1, 6)],
      ['mr', Date.UTC(2026, 11, 1, 6)],
    ] as const) {
      const creditNote = reversedAt === null ? null : { number: 'MS/26-27/C00001', issuedAt: reversedAt };
      const pdf = (await receiptPdf({ ...view, reversedAt, creditNote }, lang)).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf.match(/\/Type \/Page(?!s)/g)).toHaveLength(1);
      expect(pdf).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansDevanagari/);
    }
    // Its credit note: one A4 page too, in either language.
    const { discount: _discount, creditNote: _creditNote, reversedAt: _reversedAt, utr: _utr, paidAt: _paidAt, ...rest } = view;
    const note: CreditNoteView = {
      ...rest,
      number: 'MS/26-27/C00001',
      issuedAt: Date.UTC(2026, 11, 1, 6),
      reason: 'पैसे दोनदा भरले',
      invoice: { number: view.number, issuedAt: view.issuedAt },
      tax: view.tax!,
    };
    for (const lang of ['en', 'mr'] as const) {
      const pdf = (await creditNotePdf(note, lang)).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf.match(/\/Type \/Page(?!s)/g)).toHaveLength(1);
      expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansDevanagari/);
    }
  });
});
