import { formatRupees } from '../../../shared/money';

/** "10%" or "₹250": a code's discount as people say it. */
export function discountText(discount: { percentBp: number | null; amountPaise: number | null }): string {
  if (discount.percentBp !== null) return `${discount.percentBp / 100}%`;
  return formatRupees(discount.amountPaise ?? 0);
}
