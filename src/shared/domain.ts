/** Vocabularies shared by the database, the server and the client. */

export const roles = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof roles)[number];

export const languages = ['en', 'mr'] as const;
export type Language = (typeof languages)[number];

/** Package tier labels, lowest first: the order is the rank. */
export const tiers = ['Beginner', 'Elite', 'Silver', 'Gold', 'Diamond', 'Platinum'] as const;
export type Tier = (typeof tiers)[number];

export const orderStatuses = ['pending', 'approved', 'rejected'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const ledgerKinds = ['commission', 'payout', 'correction'] as const;

export function isAdminRole(role: Role | null | undefined): boolean {
  return role === 'admin' || role === 'superadmin';
}

/** The highest-ranked tier among the given labels, or null. */
export function highestTier(labels: Iterable<Tier | null | undefined>): Tier | null {
  let best = -1;
  for (const label of labels) {
    if (label) best = Math.max(best, tiers.indexOf(label));
  }
  return best >= 0 ? (tiers[best] ?? null) : null;
}
