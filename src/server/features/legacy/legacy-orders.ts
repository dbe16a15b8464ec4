import { and, eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.js';
import { enrollments, orders, packages, reservedUtrs, users } from '../../db/schema.js';
import type { Accounts } from './legacy-accounts.js';
import { mappedId, remember } from './legacy-ids.js';
import { dateOf, idText, utrText, type LegacyTransaction } from './legacy-records.js';
import type { ImportRun } from './legacy-run.js';

/** Purchases: an approved order per buyer and package, from purchasedCourses and successful transactions. */
export function importPurchases(run: ImportRun, { accountOf, legacyOf }: Accounts, packageOf: Map<string, number>): void {
  const { tx, data, now, problems, counts } = run;
  const payments = new Map<string, LegacyTransaction>();
  const sortedTransactions = [...data.transactions].sort((a, b) => dateOf(a.timestamp, a._id) - dateOf(b.timestamp, b._id));
  for (const payment of sortedTransactions) {
    const where = `transactions.json ${payment._id}`;
    if (payment.status !== 'Success') {
      counts.failedTransactions += 1;
      problems.add('note', where, `status ${payment.status ?? '(none)'}: grants nothing`);
      continue;
    }
    const accountId = payment.user ? accountOf.get(payment.user) : undefined;
    const courseKey = payment.courseId === undefined ? '' : idText(payment.courseId);
    const packageId = packageOf.get(courseKey);
    if (accountId === undefined) {
      counts.purchasesSkipped += 1;
      problems.add('warning', where, `buyer ${payment.user ?? '(none)'} is not in the export: not imported`);
      continue;
    }
    if (packageId === undefined) {
      counts.purchasesSkipped += 1;
      problems.add('warning', where, `course id ${courseKey || '(none)'} matches no course: not imported`);
      continue;
    }
    const key = `${accountId}:${packageId}`;
    if (payments.has(key)) {
      problems.add(
        'warning',
        where,
        `a second successful payment (UTR ${utrText(payment.paymentId)}) for a package already paid by ${payments.get(key)!._id}: kept in this report only`,
      );
      continue;
    }
    payments.set(key, payment);
  }
  const owned = new Map<string, { accountId: number; packageId: number; legacyUser: string; course: string }>();
  for (const [accountId, group] of legacyOf) {
    for (const user of group) {
      for (const item of user.purchasedCourses ?? []) {
        const course = idText(item);
        const packageId = packageOf.get(course);
        if (packageId === undefined) {
          counts.purchasesSkipped += 1;
          problems.add('warning', `users.json ${user._id} (${user.email.trim()})`, `purchasedCourses item ${course} matches no course: not imported`);
          continue;
        }
        const key = `${accountId}:${packageId}`;
        if (!owned.has(key)) owned.set(key, { accountId, packageId, legacyUser: user._id, course });
      }
    }
  }
  for (const [key, payment] of payments) {
    const [accountId, packageId] = key.split(':').map(Number) as [number, number];
    if (!owned.has(key)) owned.set(key, { accountId, packageId, legacyUser: payment.user!, course: idText(payment.courseId) });
  }
  for (const [key, purchase] of owned) {
    const payment = payments.get(key);
    const where = payment ? `transactions.json ${payment._id}` : `users.json ${purchase.legacyUser}`;
    if (payment && mappedId(tx, 'order', payment._id) !== undefined) {
      counts.purchasesAlreadyThere += 1;
      continue;
    }
    const alreadyOwned = tx
      .select({ userId: enrollments.userId })
      .from(enrollments)
      .where(and(eq(enrollments.userId, purchase.accountId), eq(enrollments.packageId, purchase.packageId)))
      .get();
    if (alreadyOwned) {
      counts.purchasesAlreadyThere += 1;
      continue;
    }
    const pkg = tx.select().from(packages).where(eq(packages.id, purchase.packageId)).get()!;
    const buyer = tx.select().from(users).where(eq(users.id, purchase.accountId)).get()!;
    const utr = payment ? utrText(payment.paymentId) : '';
    if (payment && utr && !utrLive(tx, utr)) {
      const at = dateOf(payment.timestamp, payment._id);
      const order = insertImportedOrder(tx, buyer, pkg, { utr, status: 'approved', at });
      tx.insert(enrollments).values({ userId: buyer.id, packageId: pkg.id, orderId: order.id, createdAt: at }).run();
      remember(tx, 'order', payment._id, order.id, now);
      counts.ordersImported += 1;
      counts.utrsTaken += 1;
      continue;
    }
    // Owned without a payment record this app can keep (none, no UTR, or a UTR already used): granted without an order.
    const grantKey = `${purchase.legacyUser}:${purchase.course}`;
    if (mappedId(tx, 'grant', grantKey) !== undefined) {
      counts.purchasesAlreadyThere += 1;
      continue;
    }
    tx.insert(enrollments)
      .values({ userId: buyer.id, packageId: pkg.id, orderId: null, createdAt: payment ? dateOf(payment.timestamp, payment._id) : now })
      .run();
    remember(tx, 'grant', grantKey, buyer.id, now);
    counts.grantsImported += 1;
    problems.add(
      'note',
      where,
      payment
        ? `${buyer.email} owns ${pkg.name}, but its UTR "${utr}" is ${utr ? 'already used by another order' : 'empty'}: granted without an order`
        : `${buyer.email} owns ${pkg.name} without a successful transaction in the export: granted without an order`,
    );
  }
}

/**
 * Every legacy payment recorded as successful keeps its UTR from new orders, whatever became of
 * the rest of it (its buyer or course did not come over, it paid twice, or it was owned without an
 * order): a UTR no order here holds is reserved, and the report names each one.
 */
export function reserveLegacyUtrs(run: ImportRun): void {
  const { tx, data, now, problems, counts } = run;
  for (const payment of data.transactions) {
    const utr = utrText(payment.paymentId);
    if (payment.status !== 'Success' || !utr || utrLive(tx, utr)) continue;
    const reserved = tx
      .insert(reservedUtrs)
      .values({ utr, source: 'legacy', sourceId: payment._id, reservedAt: now })
      .onConflictDoNothing()
      .returning({ utr: reservedUtrs.utr })
      .get();
    if (!reserved) continue;
    counts.utrsReserved += 1;
    problems.add('note', `transactions.json ${payment._id}`, `UTR ${utr} is reserved without an order: no new order can use it`);
  }
}

/** Pending orders stay pending, unless their UTR is already taken. */
export function importPendingOrders(run: ImportRun, { accountOf }: Accounts, packageOf: Map<string, number>): void {
  const { tx, data, now, problems, counts } = run;
  for (const pending of data.pending) {
    const where = `pendingorders.json ${pending._id}`;
    if (mappedId(tx, 'order', pending._id) !== undefined) {
      counts.pendingAlreadyThere += 1;
      continue;
    }
    const skip = (message: string) => {
      counts.pendingSkipped += 1;
      problems.add('warning', where, `${message}: not imported`);
    };
    if (pending.status !== undefined && pending.status !== 'pending') {
      skip(`status ${pending.status}`);
      continue;
    }
    const accountId = pending.user ? accountOf.get(pending.user) : undefined;
    const packageId = pending.course === undefined ? undefined : packageOf.get(idText(pending.course));
    const utr = utrText(pending.transactionId);
    if (accountId === undefined) skip(`buyer ${pending.user ?? '(none)'} is not in the export`);
    else if (packageId === undefined) skip(`course ${pending.course === undefined ? '(none)' : idText(pending.course)} matches no course`);
    else if (!/^\d{12}$/.test(utr)) skip(`UTR "${utr}" is not 12 digits`);
    else if (utrLive(tx, utr)) skip(`UTR ${utr} is already taken by ${utrTaker(utrHolder(tx, utr))}`);
    else if (
      tx
        .select({ userId: enrollments.userId })
        .from(enrollments)
        .where(and(eq(enrollments.userId, accountId), eq(enrollments.packageId, packageId)))
        .get()
    ) {
      skip('the buyer already owns the package');
    } else if (
      tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, accountId), eq(orders.packageId, packageId), eq(orders.status, 'pending')))
        .get()
    ) {
      skip('the buyer already has an order of this package waiting');
    } else {
      const pkg = tx.select().from(packages).where(eq(packages.id, packageId)).get()!;
      const buyer = tx.select().from(users).where(eq(users.id, accountId)).get()!;
      const order = insertImportedOrder(tx, buyer, pkg, { utr, status: 'pending', at: dateOf(pending.createdAt, pending._id) });
      remember(tx, 'order', pending._id, order.id, now);
      counts.pendingImported += 1;
      counts.utrsTaken += 1;
    }
  }
}

/** The status of the live (pending or approved) order that holds this UTR, if any, or `reserved` when no order may use it. */
function utrHolder(tx: DbTransaction, utr: string): 'pending' | 'approved' | 'reserved' | undefined {
  const row = tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.utr, utr), inArray(orders.status, ['pending', 'approved'])))
    .get();
  if (row?.status === 'pending' || row?.status === 'approved') return row.status;
  return tx.select({ utr: reservedUtrs.utr }).from(reservedUtrs).where(eq(reservedUtrs.utr, utr)).get() ? 'reserved' : undefined;
}

function utrTaker(holder: ReturnType<typeof utrHolder>): string {
  return holder === 'approved' ? 'an approved order' : holder === 'pending' ? 'a pending order' : 'a successful legacy payment';
}

function utrLive(tx: DbTransaction, utr: string): boolean {
  return utrHolder(tx, utr) !== undefined;
}

/** An order brought over at the package's price, with the buyer's sponsor as referrer; an approved one is decided when it was paid. */
function insertImportedOrder(
  tx: DbTransaction,
  buyer: { id: number; name: string; email: string; sponsorId: number | null },
  pkg: { id: number; pricePaise: number },
  order: { utr: string; status: 'approved' | 'pending'; at: number },
): { id: number } {
  return tx
    .insert(orders)
    .values({
      userId: buyer.id,
      packageId: pkg.id,
      amountPaise: pkg.pricePaise,
      utr: order.utr,
      referrerId: buyer.sponsorId,
      status: order.status,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      ...(order.status === 'approved' && { decidedAt: order.at }),
      createdAt: order.at,
    })
    .returning({ id: orders.id })
    .get();
}
