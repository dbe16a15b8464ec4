/**
 * "Affiliates to look at": the fraud screen's signs that an affiliate's buyers may not be other
 * people. A shared address is not one: behind Indian mobile carriers' NAT thousands of phones share
 * an address, so it never flags alone (it is told beside a real sign, as context). What flags:
 *
 * - a buyer who looks like the affiliate's own second account: the same phone number, a browser
 *   the affiliate logged in from or ordered from (`login_devices`, orders' `placed_device`), or a
 *   payment from the UPI id the affiliate pays from or is paid to;
 * - one browser used to order by two or more of the affiliate's buyers;
 * - one UPI id paying for two or more of the affiliate's buyers.
 *
 * The UPI id that paid an order is read from the bank statement line of its UTR (the narration
 * names the payer's UPI id); it is compared, never shown. A hint to look, not a verdict.
 */
import { and, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { loginDevices, orders, payoutDetails, statementCredits, users } from '../../db/schema.js';

export type OwnAccountSign = 'phone' | 'device' | 'payer';

export type AffiliateFlag = {
  affiliateId: number;
  name: string;
  /** Buyers who look like the affiliate's own second account, and by what. */
  ownAccounts: { buyerId: number; name: string; signs: OwnAccountSign[] }[];
  /** Browsers each used to order by two or more of the affiliate's buyers. */
  sharedDevices: number;
  /** UPI ids each paying for two or more of the affiliate's buyers. */
  sharedPayers: number;
  /** Addresses shared by more than two buyers or with the affiliate: context only, never a reason. */
  sharedNetworks: number;
};

/**
 * The UPI ids (`name@handle`, lower-cased) a bank statement's narration names. Banks join the
 * narration's parts with hyphens ("UPI-RAVI K-ravi.k@okaxis-UTIB0000123-…"), so a hyphen ends an id.
 */
export function upiIdsIn(narration: string): string[] {
  return [...new Set([...narration.matchAll(/(?<![a-z0-9._])[a-z0-9._]{2,256}@[a-z][a-z0-9]{1,63}(?![a-z0-9])/gi)].map((match) => match[0].toLowerCase()))];
}

type Placed = {
  affiliateId: number;
  buyerId: number;
  buyerName: string;
  buyerPhone: string | null;
  device: string | null;
  network: string | null;
  utr: string | null;
};

const group = <K, V>(entries: Iterable<[K, V]>) => {
  const map = new Map<K, Set<V>>();
  for (const [key, value] of entries) {
    const set = map.get(key) ?? new Set<V>();
    set.add(value);
    map.set(key, set);
  }
  return map;
};

/** How many values are each shared by two or more keys (`minimum` and more). */
function sharedCount<V>(byBuyer: Map<number, Set<V>>, minimum = 2): number {
  const buyersOf = group([...byBuyer].flatMap(([buyer, values]) => [...values].map((value) => [value, buyer] as [V, number])));
  return [...buyersOf.values()].filter((buyers) => buyers.size >= minimum).length;
}

/** The flagged affiliates (or only `onlyAffiliateId`), each with the signs that flag them. */
export function affiliateFlags(db: Queryable, onlyAffiliateId?: number): AffiliateFlag[] {
  const placed = db.all<Placed>(sql`
    select o.referrer_id as affiliateId, o.user_id as buyerId, b.name as buyerName, b.phone as buyerPhone,
      o.placed_device as device, o.placed_network as network, o.utr as utr
    from ${orders} o join ${users} b on b.id = o.user_id join ${users} a on a.id = o.referrer_id
    where o.referrer_id is not null and o.user_id <> o.referrer_id and o.status in ('pending', 'approved') and a.deleted_at is null
      ${onlyAffiliateId === undefined ? sql`` : sql`and o.referrer_id = ${onlyAffiliateId}`}`);
  if (placed.length === 0) return [];
  const affiliateIds = [...new Set(placed.map((row) => row.affiliateId))];
  const buyerIds = [...new Set(placed.map((row) => row.buyerId))];
  const affiliates = db.select({ id: users.id, name: users.name, phone: users.phone }).from(users).where(inArray(users.id, affiliateIds)).all();
  const ownOrders = db
    .select({ userId: orders.userId, device: orders.placedDevice, network: orders.placedNetwork, utr: orders.utr })
    .from(orders)
    .where(inArray(orders.userId, affiliateIds))
    .all();
  const loggedIn = group(
    db
      .select({ userId: loginDevices.userId, device: loginDevices.deviceHash })
      .from(loginDevices)
      .where(inArray(loginDevices.userId, [...new Set([...affiliateIds, ...buyerIds])]))
      .all()
      .map((row) => [row.userId, row.device] as [number, string]),
  );
  const utrs = [...new Set([...placed, ...ownOrders].map((row) => row.utr).filter((utr): utr is string => utr !== null))];
  const payersOfUtr = group(
    (utrs.length
      ? db
          .select({ utr: statementCredits.utr, description: statementCredits.description })
          .from(statementCredits)
          .where(and(isNotNull(statementCredits.utr), inArray(statementCredits.utr, utrs)))
          .all()
      : []
    ).flatMap((credit) => upiIdsIn(credit.description).map((upi) => [credit.utr!, upi] as [string, string])),
  );
  const paidTo = new Map(
    db
      .select({ userId: payoutDetails.userId, upiId: payoutDetails.upiId })
      .from(payoutDetails)
      .where(and(inArray(payoutDetails.userId, affiliateIds), isNotNull(payoutDetails.upiId), ne(payoutDetails.upiId, '')))
      .all()
      .map((row) => [row.userId, row.upiId!.toLowerCase()]),
  );
  const payersOf = (utr: string | null) => (utr ? [...(payersOfUtr.get(utr) ?? [])] : []);

  const flags: AffiliateFlag[] = [];
  for (const affiliate of affiliates) {
    const own = ownOrders.filter((order) => order.userId === affiliate.id);
    const affiliateDevices = new Set([...(loggedIn.get(affiliate.id) ?? []), ...own.flatMap((order) => (order.device ? [order.device] : []))]);
    const affiliatePayers = new Set([...own.flatMap((order) => payersOf(order.utr)), ...(paidTo.has(affiliate.id) ? [paidTo.get(affiliate.id)!] : [])]);
    const affiliateNetworks = new Set(own.flatMap((order) => (order.network ? [order.network] : [])));
    const rows = placed.filter((row) => row.affiliateId === affiliate.id);

    const devicesByBuyer = group(rows.flatMap((row) => (row.device ? [[row.buyerId, row.device] as [number, string]] : [])));
    const payersByBuyer = group(rows.flatMap((row) => payersOf(row.utr).map((upi) => [row.buyerId, upi] as [number, string])));
    const networksByBuyer = group(rows.flatMap((row) => (row.network ? [[row.buyerId, row.network] as [number, string]] : [])));

    const ownAccounts: AffiliateFlag['ownAccounts'] = [];
    for (const buyerId of new Set(rows.map((row) => row.buyerId))) {
      const buyer = rows.find((row) => row.buyerId === buyerId)!;
      const devices = new Set([...(devicesByBuyer.get(buyerId) ?? []), ...(loggedIn.get(buyerId) ?? [])]);
      const signs: OwnAccountSign[] = [];
      if (affiliate.phone && buyer.buyerPhone === affiliate.phone) signs.push('phone');
      if ([...devices].some((device) => affiliateDevices.has(device))) signs.push('device');
      if ([...(payersByBuyer.get(buyerId) ?? [])].some((upi) => affiliatePayers.has(upi))) signs.push('payer');
      if (signs.length) ownAccounts.push({ buyerId, name: buyer.buyerName, signs });
    }
    const sharedDevices = sharedCount(devicesByBuyer);
    const sharedPayers = sharedCount(payersByBuyer);
    if (ownAccounts.length === 0 && sharedDevices === 0 && sharedPayers === 0) continue;
    const networksWithAffiliate = [...networksByBuyer.values()].flatMap((set) => [...set]).filter((network) => affiliateNetworks.has(network));
    flags.push({
      affiliateId: affiliate.id,
      name: affiliate.name,
      ownAccounts,
      sharedDevices,
      sharedPayers,
      sharedNetworks: sharedCount(networksByBuyer, 3) + new Set(networksWithAffiliate).size,
    });
  }
  return flags.sort((a, b) => a.affiliateId - b.affiliateId);
}
