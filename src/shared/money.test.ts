import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupeeAmount, formatRupees, paiseAsText, parseRupees, rupeesToPaise } from './money.js';

describe('money', () => {
  it('shows rupees with Indian digit grouping', () => {
    expect(formatRupees(100_000_00)).toBe('₹1,00,000');
    expect(formatRupees(1_23_45_678_00)).toBe('₹1,23,45,678');
    expect(formatRupees(499_900)).toBe('₹4,999');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('puts the minus before the rupee sign (owed below zero after a reversal)', () => {
    expect(formatRupees(-1_000_00)).toBe('-₹1,000');
    expect(formatRupees(-50)).toBe('-₹0.50');
  });

  it('shows paise only when there are some', () => {
    expect(formatRupees(149_950)).toBe('₹1,499.50');
    expect(formatRupeeAmount(50)).toBe('0.50');
    expect(formatRupeeAmount(2_50_000_00)).toBe('2,50,000');
  });

  it('groups whole paise exactly as Intl.NumberFormat does for en-IN, at every size', () => {
    const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const withPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const byIntl = (paise: number) => {
      const rupees = Math.abs(paise) / 100;
      return (Number.isInteger(rupees) ? whole : withPaise).format(rupees);
    };
    const amounts = fc.oneof(
      fc.integer({ min: -1_00_00_000_00, max: 1_00_00_000_00 }),
      fc.integer({ min: -1e14, max: 1e14 }),
      fc.integer({ min: -999, max: 999 }),
    );
    fc.assert(
      fc.property(amounts, (paise) => {
        expect(formatRupees(paise)).toBe(`${paise < 0 ? '-' : ''}₹${byIntl(paise)}`);
        expect(formatRupeeAmount(paise)).toBe(`${paise < 0 ? '-' : ''}${byIntl(paise)}`);
      }),
      { numRuns: 2000 },
    );
    // Beyond that, rupees as a float lose the paise, and Intl with them; whole paise stay exact.
    expect(formatRupees(8_330_517_430_047_982)).toBe('₹8,33,05,17,43,00,479.82');
    // Not whole paise (never money here, but not lost either): Intl's rounding.
    expect(formatRupees(12_345.6)).toBe('₹123.46');
  });

  it('turns rupees into whole paise without float noise', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(4999)).toBe(499_900);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
  });

  it('reads typed rupees as decimal only, in paise', () => {
    expect(parseRupees('500')).toBe(500_00);
    expect(parseRupees(' ₹ 1,00,000.5 ')).toBe(1_00_000_50);
    expect(parseRupees('100,000.25')).toBe(100_000_25);
    expect(parseRupees('0.75')).toBe(75);
    for (const text of [
      '0x1F4',
      '1e3',
      '1E3',
      '0b101',
      '0o17',
      '+500',
      '-500',
      'Infinity',
      'NaN',
      '',
      '.5',
      '5.',
      '5.123',
      '1,0',
      '1,,000',
      '500 rupees',
      '५००',
      '1_000',
    ]) {
      expect(parseRupees(text), text).toBeNull();
    }
  });
});

describe('paiseAsText', () => {
  it('writes paise as plain rupees with two decimals, and whole rupees bare when asked', () => {
    expect(paiseAsText(123450)).toBe('1234.50');
    expect(paiseAsText(5)).toBe('0.05');
    expect(paiseAsText(-5)).toBe('-0.05');
    expect(paiseAsText(-150)).toBe('-1.50');
    expect(paiseAsText(0)).toBe('0.00');
    expect(paiseAsText(249900, { wholeAsInteger: true })).toBe('2499');
    expect(paiseAsText(149950, { wholeAsInteger: true })).toBe('1499.50');
    for (const paise of [1, 99, 1005, 123456789, -1005]) expect(paiseAsText(paise)).toBe((paise / 100).toFixed(2));
  });
});
