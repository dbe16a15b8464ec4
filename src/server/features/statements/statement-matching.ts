/**
 * Matching credit lines against orders by UTR. Pure: the caller looks the orders up.
 *
 * - exact: the UTR belongs to a pending order of exactly this amount;
 * - mismatch: the UTR belongs to a pending order of another amount;
 * - settled: the UTR belongs to an order already approved, or is a part of an order paid in parts
 *   that the admin has already counted (the part that fell short, or any while the rest is awaited);
 *
 * A part of an order paid in parts is matched on its own amount, not the order's price.
 * - no_order: no live order has the UTR, the line has no UTR, or an earlier line of the same
 *   statement already matched that order (money received twice).
 */
export type MatchKind = 'exact' | 'mismatch' | 'settled' | 'no_order';
export type MatchNote = 'no_utr' | 'repeated_utr' | null;

export type OrderToMatch = {
  orderId: number;
  utr: string;
  /** What this UTR should bring: the price, or for a part of an order paid in parts the part's amount. */
  amountPaise: number;
  status: 'pending' | 'approved' | 'rejected' | 'awaiting_difference';
  /** A part before the latest of an order paid in parts: the admin counted it already. */
  earlierPart?: boolean | undefined;
};

export type Match<L, O> = { line: L; kind: MatchKind; note: MatchNote; order: O | null };

/**
 * `liveOrders` maps a UTR to its pending or approved order (the database allows one per UTR;
 * a rejected order's UTR may be used again, so rejected orders never match).
 */
export function matchCredits<L extends { utr: string | null; amountPaise: number }, O extends OrderToMatch>(
  lines: readonly L[],
  liveOrders: ReadonlyMap<string, O>,
): Match<L, O>[] {
  const claimed = new Set<string>();
  return lines.map((line) => {
    if (!line.utr) return { line, kind: 'no_order', note: 'no_utr', order: null };
    const order = liveOrders.get(line.utr);
    if (!order || order.status === 'rejected') return { line, kind: 'no_order', note: null, order: null };
    // Each UTR of an order once: two lines with the same UTR are money received twice.
    const key = `${order.orderId}:${line.utr}`;
    if (claimed.has(key)) return { line, kind: 'no_order', note: 'repeated_utr', order: null };
    claimed.add(key);
    if (order.status === 'approved' || order.status === 'awaiting_difference' || order.earlierPart) return { line, kind: 'settled', note: null, order };
    return { line, kind: order.amountPaise === line.amountPaise ? 'exact' : 'mismatch', note: null, order };
  });
}
