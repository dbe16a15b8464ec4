/** An order just reversed: which, and the commission taken back. */
export function toReversalView(reversal: { orderId: number; commissionPaise: number }): { orderId: string; commissionPaise: number } {
  return { orderId: String(reversal.orderId), commissionPaise: reversal.commissionPaise };
}
