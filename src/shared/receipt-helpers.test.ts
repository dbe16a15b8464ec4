import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWordsEnglish, amountInWordsMarathi } from './amount-in-words.js';
import { gstSplit } from './gst.js';
import { cleanUtr, isImplausibleUtr } from './utr.js';

describe('UTR cleaning', () => {
  it.each([
    ['UTR: 5123 4567 8901', '512345678901'],
    ['5123 4567 8901', '512345678901'],
    ['UPI Ref No. 512345678901', '512345678901'],
    ['5123-4567-8901\n', '512345678901'],
    ['UPI transaction ID\n512345678901\nPaid to Marathi Success', '512345678901'],
    ['51234', '51234'],
    ['', ''],
  ])('%j -> %j', (raw, clean) => expect(cleanUtr(raw)).toBe(clean));

  it('does not guess between two 12-digit numbers', () => {
    expect(cleanUtr('512345678901 or 612345678901')).toBe('512345678901 or 612345678901');
  });

  it('knows all-same-digit numbers are not UTRs', () => {
    expect(isImplausibleUtr('000000000000')).toBe(true);
    expect(isImplausibleUtr('999999999999')).toBe(true);
    expect(isImplausibleUtr('512345678901')).toBe(false);
  });
});

describe('amount in words', () => {
  it.each([
    [499_900, 'Rupees Four Thousand Nine Hundred Ninety-Nine Only', 'चार हजार नऊशे नव्व्याण्णव रुपये फक्त'],
    [149_950, 'Rupees One Thousand Four Hundred Ninety-Nine and Fifty Paise Only', 'एक हजार चारशे नव्व्याण्णव रुपये आणि पन्नास पैसे फक्त'],
    [1_00_000_00, 'Rupees One Lakh Only', 'एक लाख रुपये फक्त'],
    [
      12_34_56_789_05,
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
      'बारा कोटी चौतीस लाख छप्पन्न हजार सातशे एकोणनव्वद रुपये आणि पाच पैसे फक्त',
    ],
    [100_00, 'Rupees One Hundred Only', 'शंभर रुपये फक्त'],
    [101_00, 'Rupees One Hundred One Only', 'एकशे एक रुपये फक्त'],
    [0, 'Rupees Zero Only', 'शून्य रुपये फक्त'],
  ])('%i paise', (paise, en, mr) => {
    expect(amountInWordsEnglish(paise)).toBe(en);
    expect(amountInWordsMarathi(paise)).toBe(mr);
  });
});

describe('GST split of a tax-inclusive price', () => {
  it('splits ₹4,999 at 18%: taxable ₹4,236.44, tax ₹762.56', () => {
    expect(gstSplit(499_900, 1800, true)).toEqual({ rateBp: 1800, taxablePaise: 423_644, cgstPaise: 38_128, sgstPaise: 38_128, igstPaise: 0 });
    expect(gstSplit(499_900, 1800, false)).toEqual({ rateBp: 1800, taxablePaise: 423_644, cgstPaise: 0, sgstPaise: 0, igstPaise: 76_256 });
  });

  it('sums to the price to the paisa, intra- and inter-state, at any rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_00_00_000_00 }), fc.integer({ min: 0, max: 10_000 }), fc.boolean(), (total, rateBp, intra) => {
        const split = gstSplit(total, rateBp, intra);
        expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(total);
        expect(Math.abs(split.cgstPaise - split.sgstPaise)).toBeLessThanOrEqual(1);
        if (intra) expect(split.igstPaise).toBe(0);
        else expect(split.cgstPaise + split.sgstPaise).toBe(0);
        // The taxable value is the price over (1 + rate), to the nearest paisa.
        expect(Math.abs(split.taxablePaise - (total * 10_000) / (10_000 + rateBp))).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
