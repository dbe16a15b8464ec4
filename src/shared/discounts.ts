import { z } from 'zod';

/** A discount code as people type it: letters and digits, matched without regard to case. */
export const discountCodeText = z
  .string({ error: 'CODE_INVALID' })
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,20}$/, 'CODE_INVALID'));

/**
 * The one code box of the checkout, as people type it: a coupon, an affiliate's code or a friend's
 * referral ID (an old one may be a UUID, with its dashes), matched without regard to case.
 */
export const checkoutCodeText = z
  .string({ error: 'CODE_INVALID' })
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]{4,36}$/, 'CODE_INVALID'));

/** A discount: a percentage in hundredths of a percent (1000 = 10%), or an amount in paise. */
export type Discount = { percentBp: number; amountPaise?: undefined } | { amountPaise: number; percentBp?: undefined };

export type PriceAfterDiscount = { listPaise: number; discountPaise: number; pricePaise: number };

const RUPEE = 100;

/**
 * The price of a package after a discount. The discount is rounded down to whole rupees (the
 * buyer never gets less than the code says, the price stays in whole rupees when the list price
 * is), it never exceeds the list price, and the price never goes below ₹1 unless the code may
 * make the package free (then a discount of the whole price makes it ₹0).
 */
export function priceAfterDiscount(listPaise: number, discount: Discount, options: { freeAllowed: boolean }): PriceAfterDiscount {
  const raw = discount.percentBp !== undefined ? (listPaise * discount.percentBp) / 10_000 : discount.amountPaise;
  let discountPaise = Math.min(Math.floor(Math.max(0, raw) / RUPEE) * RUPEE, listPaise);
  const takesAll = discountPaise >= listPaise;
  if (takesAll && options.freeAllowed) return { listPaise, discountPaise: listPaise, pricePaise: 0 };
  if (listPaise - discountPaise < RUPEE) discountPaise = Math.max(0, listPaise - RUPEE);
  return { listPaise, discountPaise, pricePaise: listPaise - discountPaise };
}
