import type { UserRow } from '../../db/schema.js';
import { profileImageUrl } from '../../lib/uploads.js';
import type { Affiliate } from './affiliates.service.js';
import type { CommissionLine, ReferredPurchase } from './earnings-history.service.js';
import { firstNameOf } from './earnings-history.service.js';

/** Earnings in paise: commissions and corrections of each IST period. Payouts do not lower them. */
export type Earnings = { today: number; week: number; month: number; total: number };

/** Ids as strings, money in paise, times in epoch ms, pictures as URLs. */

export type DashboardUserView = { id: string; name: string; profileImage: string | null; referralCode: string };

export function toDashboardUserView(user: UserRow): DashboardUserView {
  return { id: String(user.id), name: user.name, profileImage: profileImageUrl(user.profileImage), referralCode: user.referralCode };
}

export type PayoutView = { id: string; amountPaise: number; createdAt: number; paidBy: string | null };

export function toPayoutView(row: { id: number; amountPaise: number; createdAt: number; paidBy: string | null }): PayoutView {
  return { ...row, id: String(row.id) };
}

/** A board's line as read: the user's id, and the picture's file name (null without one). */
export type LeaderboardEntry = { rank: number; userId: number; name: string; profileImage: string | null; totalPaise: number };
export type Leaderboard = { entries: LeaderboardEntry[]; me: { rank: number; totalPaise: number } | null };

export type LeaderboardEntryView = Omit<LeaderboardEntry, 'userId'> & { userId: string };

/** A board as the app and REST show it: ids as strings, pictures as URLs, first names only (as the privacy notice says). */
export type LeaderboardView = { entries: LeaderboardEntryView[]; me: Leaderboard['me'] };

export function toLeaderboardEntryView(entry: LeaderboardEntry): LeaderboardEntryView {
  return { ...entry, name: firstNameOf(entry.name), userId: String(entry.userId), profileImage: profileImageUrl(entry.profileImage) };
}

export type AffiliateView = {
  id: string;
  name: string;
  phone: string | null;
  packageIds: string[];
  purchases: (Omit<ReferredPurchase, 'orderId'> & { orderId: string })[];
};

/** A person the user sponsors, with what they bought or are paying for. */
export function toAffiliateView(person: Affiliate, purchases: ReferredPurchase[]): AffiliateView {
  return {
    id: String(person.id),
    name: person.name,
    phone: person.phone,
    packageIds: person.packageIds.map(String),
    purchases: purchases.map((purchase) => ({ ...purchase, orderId: String(purchase.orderId) })),
  };
}

export type CommissionLineView = Omit<CommissionLine, 'id'> & { id: string };

export function toCommissionLineView(line: CommissionLine): CommissionLineView {
  return { ...line, id: String(line.id) };
}

/** A payout just recorded by an admin. */
export function toPaidView(row: { id: number; amountPaise: number }): { id: string; amountPaise: number } {
  return { id: String(row.id), amountPaise: row.amountPaise };
}
