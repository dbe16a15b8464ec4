/** Vocabularies shared by the database, the server and the client. */

export const roles = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof roles)[number];

export const languages = ['en', 'mr'] as const;
export type Language = (typeof languages)[number];

/** How a person is told something: every message is a row of the notification outbox on one of these. */
export const notificationChannels = ['email', 'whatsapp'] as const;
export type NotificationChannelName = (typeof notificationChannels)[number];
/** The messages a learner may get on WhatsApp (utility templates); every other kind goes by email only. */
export const whatsAppKinds = [
  'payment-received',
  'order-approved',
  'order-rejected',
  'payout-paid',
  'lecture-opened',
  'certificate-issued',
  'difference-asked',
  'parts-refund-due',
  'parts-refunded',
] as const;
export type WhatsAppKind = (typeof whatsAppKinds)[number];
/** pending: waiting for (another) try; sent: the channel took it; failed: given up after the last try (an admin may retry). */
export const notificationStatuses = ['pending', 'sent', 'failed'] as const;

/**
 * Where an account stands towards "are you 18 or older?": an adult; a minor waiting for a
 * parent's verified consent; a minor whose parent consented. Null in the database: not asked yet.
 */
export const ageStatuses = ['adult', 'minor_waiting', 'minor_consented'] as const;
export type AgeStatus = (typeof ageStatuses)[number];

/** Package tier labels, lowest first: the order is the rank. */
export const tiers = ['Beginner', 'Elite', 'Silver', 'Gold', 'Diamond', 'Platinum'] as const;
export type Tier = (typeof tiers)[number];

/** `awaiting_difference`: part of the price arrived; the buyer is asked for the rest under the same order. */
export const orderStatuses = ['pending', 'approved', 'rejected', 'awaiting_difference'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const ledgerKinds = ['commission', 'payout', 'correction', 'tds'] as const;

/**
 * How an order is paid: a UPI transfer whose UTR the buyer types (checked by an admin), a payment
 * gateway's checkout (confirmed by the gateway), or nothing at all (a code that takes the whole price).
 */
export const paymentMethods = ['utr', 'gateway', 'free'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * What a gateway payment that could not simply confirm its order needs from an admin.
 * `utr_refund_due`: the gateway paid the full price of an order awaiting its difference; the UPI
 * part(s) that had arrived by UTR are now surplus, to be sent back from the bank (not through the gateway).
 */
export const paymentAlertKinds = ['double_payment', 'wrong_amount', 'paid_after_rejection', 'partial_refund', 'utr_refund_due'] as const;
export type PaymentAlertKind = (typeof paymentAlertKinds)[number];

/** A discount code: an admin's coupon, or an affiliate's own code (which also makes them the sponsor). */
export const discountCodeKinds = ['coupon', 'affiliate'] as const;
export type DiscountCodeKind = (typeof discountCodeKinds)[number];

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
