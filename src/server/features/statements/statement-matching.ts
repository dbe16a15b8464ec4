/**
 * Matching credit lines against orders by UTR. Pure: the caller looks the orders up.
 *
 * - exact: the UTR belongs to a pending order of exactly this amount;
 * - mismatch: the UTR belongs to a pending order of another amount;
 * - settled: the UTR belongs to an order already approved;
 * - no_order: no live order has the UTR, the line has no UTR, or an earlier line of the same
 *   statement already matched that order (money received twice).
 */
export type MatchKind = 'exact' | 'mismatch' | 'settled' | 'no_order';
export type MatchNote = 'no_utr' | 'repeated_utr' | null;

export type OrderToMatch = { orderId: number; utr: string; amountPaise: number; status: 'pending' | 'approved' | 'rejected' };

export type Match<L, O> = { line: L; kind: MatchKind; note: MatchNote; order: O | null };

/**
 * `liveOrders` maps a UTR to its pending or approved order (the database allows one per UTR;
 * a rejected order's UTR may be used again, so rejected orders never match).
 */
export function matchCredits<L extends { utr: string | null; amountPaise: number }, O extends OrderToMatch>(
  lines: readonly L[],
  liveOrders: ReadonlyMap<string, O>,
): Match<L, O>[] {
  const claimed = new Set<number>();
  return lines.map((line) => {
    if (!line.utr) return { line, kind: 'no_order', note: 'no_utr', order: null };
    const order = liveOrders.get(line.utr);
    if (!order || order.status === 'rejected') return { line, kind: 'no_order', note: null, order: null };
    if (claimed.has(order.orderId)) return { line, kind: 'no_order', note: 'repeated_utr', order: null };
    claimed.add(order.orderId);
    if (order.status === 'approved') return { line, kind: 'settled', note: null, order };
    return { line, kind: order.amountPaise === line.amountPaise ? 'exact' : 'mismatch', note: null, order };
  });
}
