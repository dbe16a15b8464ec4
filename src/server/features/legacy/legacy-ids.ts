import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client.js';
import { ledger, legacyIds } from '../../db/schema.js';

/** Each imported row remembers its legacy id, so that a second run finds it there and adds only what is new. */

type LegacyKind = (typeof legacyIds.$inferSelect)['kind'];

export function mappedId(db: Db | DbTransaction, kind: LegacyKind, legacyId: string): number | undefined {
  return db
    .select({ localId: legacyIds.localId })
    .from(legacyIds)
    .where(and(eq(legacyIds.kind, kind), eq(legacyIds.legacyId, legacyId)))
    .get()?.localId;
}

export function remember(tx: DbTransaction, kind: LegacyKind, legacyId: string, localId: number, now: number): void {
  tx.insert(legacyIds).values({ kind, legacyId, localId, importedAt: now }).run();
}

/** The sum of the ledger lines already booked for this legacy key (`<key>:<total>`). */
export function bookedFor(tx: DbTransaction, kind: 'earning' | 'payout', key: string): number {
  const row = tx
    .select({ total: sql<number>`coalesce(sum(${ledger.amountPaise}), 0)` })
    .from(legacyIds)
    .innerJoin(ledger, eq(ledger.id, legacyIds.localId))
    .where(and(eq(legacyIds.kind, kind), sql`${legacyIds.legacyId} like ${`${key}:%`}`))
    .get();
  return row?.total ?? 0;
}
