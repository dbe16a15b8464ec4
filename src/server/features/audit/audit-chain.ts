/**
 * The audit log's hash chain. Each entry holds the hash of the entry before it (`prev_hash`; the
 * first holds GENESIS) and its own `hash`: SHA-256, in hex, of the canonical JSON array
 *
 *   [prev_hash, id, at, actor_id, action, target_type, target_id, detail_digest]
 *
 * (JSON.stringify of that array: numbers, strings and nulls, in that order), where
 * `detail_digest` is the SHA-256 of the detail as written (of `null` when there is none). An
 * erasure may clear a detail to ERASED_DETAIL; its digest stays, so the chain still verifies and
 * says that the detail was cleared. Rewriting, removing or inserting an entry breaks the chain at
 * that entry, which `npm run audit -- --verify` reports.
 */
import { createHash } from 'node:crypto';
import { asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export const GENESIS = '0'.repeat(64);
export const ERASED_DETAIL = '[erased]';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const detailDigestOf = (detail: string | null) => sha256(JSON.stringify(detail));

type Chained = {
  id: number;
  at: number;
  actorId: number | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detailDigest: string | null;
};

export function entryHash(prevHash: string, entry: Chained): string {
  return sha256(JSON.stringify([prevHash, entry.id, entry.at, entry.actorId, entry.action, entry.targetType, entry.targetId, entry.detailDigest]));
}

/**
 * Chains every entry not chained yet, in order of id: the one just written, and at the first
 * start after the chain came, every older entry. `rewrite` may make a not yet chained entry's
 * target and detail what the log keeps today (older entries kept emails).
 */
export function chainPending(
  db: Queryable,
  rewrite?: (entry: typeof auditLog.$inferSelect) => { targetType: string | null; targetId: string | null; detail: string | null },
): void {
  const pending = db.select().from(auditLog).where(isNull(auditLog.hash)).orderBy(asc(auditLog.id)).all();
  if (pending.length === 0) return;
  let prevHash = db.select({ hash: auditLog.hash }).from(auditLog).where(isNotNull(auditLog.hash)).orderBy(desc(auditLog.id)).limit(1).get()?.hash ?? GENESIS;
  for (const entry of pending) {
    const kept = rewrite ? rewrite(entry) : { targetType: entry.targetType, targetId: entry.targetId, detail: entry.detail };
    const chained = { ...entry, ...kept, detailDigest: detailDigestOf(kept.detail) };
    const hash = entryHash(prevHash, chained);
    db.update(auditLog)
      .set({ ...kept, detailDigest: chained.detailDigest, prevHash, hash })
      .where(eq(auditLog.id, entry.id))
      .run();
    prevHash = hash;
  }
}

export type ChainReport = { entries: number; erased: number; brokenAt: { id: number; reason: string } | null };

/** Walks the whole chain; says the first entry where it breaks, and why. */
export function verifyChain(db: Queryable): ChainReport {
  let prevHash = GENESIS;
  let entries = 0;
  let erased = 0;
  for (const entry of db.select().from(auditLog).orderBy(asc(auditLog.id)).all()) {
    entries += 1;
    const broken = (reason: string) => ({ entries, erased, brokenAt: { id: entry.id, reason } });
    if (entry.hash === null) return broken('the entry is not chained (written past the app, or the app is not started since the chain came)');
    if (entry.prevHash !== prevHash) return broken('it does not follow the entry before it (an entry was removed, inserted or rewritten before it)');
    if (entryHash(prevHash, entry) !== entry.hash) return broken('its fields are not those it was chained with (rewritten)');
    if (entry.detail === ERASED_DETAIL) erased += 1;
    else if (detailDigestOf(entry.detail) !== entry.detailDigest) return broken('its detail is not the one it was chained with (rewritten)');
    prevHash = entry.hash;
  }
  return { entries, erased, brokenAt: null };
}
