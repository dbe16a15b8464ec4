/**
 * GST on a tax-inclusive price. The price the buyer paid is the invoice total; the taxable value is
 * the total divided by (1 + rate), rounded to the paisa, and the tax is the rest, so the parts always
 * add up to the price exactly. Within the seller's state the tax is CGST + SGST, half each (an odd
 * paisa goes to SGST); from another state it is IGST.
 */

export type GstSplit = {
  /** Rate in basis points (1800 = 18%). */
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/** SAC for commercial training and coaching services. */
export const SAC_TRAINING = '9992';

export function gstSplit(totalPaise: number, rateBp: number, intraState: boolean): GstSplit {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError('total must be whole paise, not negative');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new RangeError('rate must be 0 to 100%');
  // Integer arithmetic: total * 10000 / (10000 + rate), rounded half up.
  const taxablePaise = Math.floor((totalPaise * 10_000 * 2 + (10_000 + rateBp)) / (2 * (10_000 + rateBp)));
  const tax = totalPaise - taxablePaise;
  if (!intraState) return { rateBp, taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.floor(tax / 2);
  return { rateBp, taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}
