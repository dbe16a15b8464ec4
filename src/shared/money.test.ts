import { describe, expect, it } from 'vitest';
import { formatRupeeAmount, formatRupees, rupeesToPaise } from './money.js';

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

  it('turns rupees into whole paise without float noise', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(4999)).toBe(499_900);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
  });
});
