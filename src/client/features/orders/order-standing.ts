type Standing = 'pending' | 'approved' | 'rejected' | 'reversed';

/** Where an order stands, as its badge says: an approved order taken back later shows as reversed. */
export function standingOf(order: { status: 'pending' | 'approved' | 'rejected'; reversal: { at: number } | null }): Standing {
  return order.reversal ? 'reversed' : order.status;
}
