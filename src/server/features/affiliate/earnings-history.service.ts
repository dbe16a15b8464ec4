import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** One commission as its earner sees it: who bought (first name only), what, and when. */
export type CommissionLine = { id: number; amountPaise: number; at: number; buyerFirstName: string | null; packageName: string | null };

export const EARNINGS_HISTORY_LIMIT = 200;

/** The buyer's first name only: the sponsor learns who bought, not their full name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * A user's commissions, newest first (at most EARNINGS_HISTORY_LIMIT), each with the buyer's
 * first name and the package. Corrections and imported legacy totals have no order: they show
 * without a buyer or package.
 */
export function earningsHistory(db: Db, userId: number): CommissionLine[] {
  const rows = db.all<{ id: number; amountPaise: number; at: number; buyerName: string | null; packageName: string | null }>(sql`
    select l.id as id, l.amount_paise as amountPaise, l.created_at as at, b.name as buyerName, p.name as packageName
    from ledger l
    left join orders o on o.id = l.order_id
    left join users b on b.id = o.user_id
    left join packages p on p.id = o.package_id
    where l.user_id = ${userId} and l.kind in ('commission', 'correction')
    order by l.created_at desc, l.id desc
    limit ${EARNINGS_HISTORY_LIMIT}
  `);
  return rows.map((row) => ({
    id: row.id,
    amountPaise: row.amountPaise,
    at: row.at,
    buyerFirstName: row.buyerName === null ? null : firstNameOf(row.buyerName),
    packageName: row.packageName,
  }));
}

/** What each person a sponsor brought has bought or is paying for: approved and pending orders. */
export type ReferredPurchase = { orderId: number; packageName: string; status: 'pending' | 'approved'; at: number };

export function purchasesOfReferred(db: Db, sponsorId: number): Map<number, ReferredPurchase[]> {
  const rows = db.all<{ userId: number; orderId: number; packageName: string; status: 'pending' | 'approved'; at: number }>(sql`
    select o.user_id as userId, o.id as orderId, p.name as packageName, o.status as status, o.created_at as at
    from orders o
    join users u on u.id = o.user_id
    join packages p on p.id = o.package_id
    where u.sponsor_id = ${sponsorId} and u.deleted_at is null and o.status in ('pending', 'approved')
    order by o.created_at, o.id
  `);
  const byUser = new Map<number, ReferredPurchase[]>();
  for (const { userId, ...purchase } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), purchase]);
  return byUser;
}
