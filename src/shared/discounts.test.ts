import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountCodeText, priceAfterDiscount } from './discounts';

describe('the price after a discount code', () => {
  it('rounds the discount down to whole rupees', () => {
    expect(priceAfterDiscount(999_00, { percentBp: 1000 }, { freeAllowed: false })).toEqual({ listPaise: 999_00, discountPaise: 99_00, pricePaise: 900_00 });
    expect(priceAfterDiscount(4_999_00, { amountPaise: 500_00 }, { freeAllowed: false }).pricePaise).toBe(4_499_00);
    expect(priceAfterDiscount(999_00, { amountPaise: 150_75 }, { freeAllowed: false }).pricePaise).toBe(849_00);
  });

  it('never goes below ₹1, unless the code may make the package free', () => {
    expect(priceAfterDiscount(999_00, { percentBp: 10_000 }, { freeAllowed: false }).pricePaise).toBe(1_00);
    expect(priceAfterDiscount(999_00, { amountPaise: 5_000_00 }, { freeAllowed: false }).pricePaise).toBe(1_00);
    expect(priceAfterDiscount(999_00, { percentBp: 10_000 }, { freeAllowed: true })).toEqual({ listPaise: 999_00, discountPaise: 999_00, pricePaise: 0 });
    expect(priceAfterDiscount(999_00, { percentBp: 9_999 }, { freeAllowed: true }).pricePaise).toBe(1_00);
  });

  it('for any list price and discount: whole rupees off, never below ₹1 (or free when allowed), never above the list price, and the parts add up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_00_000 }).map((rupees) => rupees * 100),
        fc.oneof(
          fc.integer({ min: 0, max: 10_000 }).map((percentBp) => ({ percentBp })),
          fc.integer({ min: 0, max: 2_00_00_000 }).map((amountPaise) => ({ amountPaise })),
        ),
        fc.boolean(),
        (listPaise, discount, freeAllowed) => {
          const price = priceAfterDiscount(listPaise, discount, { freeAllowed });
          expect(price.pricePaise + price.discountPaise).toBe(listPaise);
          expect(price.pricePaise).toBeLessThanOrEqual(listPaise);
          expect(price.discountPaise % 100).toBe(price.pricePaise === 0 ? listPaise % 100 : 0);
          if (price.pricePaise === 0) expect(freeAllowed).toBe(true);
          else expect(price.pricePaise).toBeGreaterThanOrEqual(Math.min(100, listPaise));
        },
      ),
    );
  });
});

describe('a discount code as typed', () => {
  it('is matched without regard to case or spaces around it, letters and digits only', () => {
    expect(discountCodeText.parse(' sunil10 ')).toBe('SUNIL10');
    for (const bad of ['ab', 'SUNIL-10', 'सुनील10', 'A'.repeat(21), "X' OR 1=1"]) expect(discountCodeText.safeParse(bad).success).toBe(false);
  });
});
