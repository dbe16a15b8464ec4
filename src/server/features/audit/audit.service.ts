/**
 * The audit log: who did what to which record. Every admin action is written by the admin
 * procedures' middleware (trpc/trpc.ts), after it succeeded; a person's own erasure by the
 * privacy service. Nothing here or anywhere changes or deletes a row (the database refuses it).
 */
import { and, desc, eq, gte, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { chainPending, ERASED_DETAIL } from './audit-chain.js';
import { AUDITED_READS } from './audit-wording.js';
import { containsPattern } from '../../lib/search.js';

/** Input keys that name the record an action is about, most specific first. */
const targetKeys = ['orderId', 'lineId', 'batchId', 'alertId', 'codeId', 'requestId', 'userId', 'packageId', 'lectureId', 'importId', 'id', 'utr'] as const;
/** Input keys whose values are never written down. */
const secretKey = /password|token|secret|otp|pan|account/i;
/**
 * Input keys that hold a person's contact or payment details: the log keeps ids only (an email
 * that names an account becomes its `userId`), so nothing of a person outlives their erasure here.
 */
const personalKey = /email|phone|contact|upi|ifsc|gstin|address|^pin$/i;
const MAX_DETAIL = 2000;

/** How deep into an input the log looks: an admin's input is a flat form; deeper is junk sent on purpose. */
const MAX_DEPTH = 6;

/**
 * The input as the log keeps it: no secrets, long text cut, files and deep nesting left out.
 * Walked to a fixed depth, never by JSON.stringify alone: an array nested thousands deep in an
 * extra key overflowed the stack there, after the action itself had succeeded.
 */
function keptDetail(input: unknown): string | null {
  if (input === undefined || input === null) return null;
  const kept = JSON.stringify(keptValue(input, '', 0));
  return kept.length > MAX_DETAIL ? `${kept.slice(0, MAX_DETAIL)}…` : kept;
}

function keptValue(value: unknown, key: string, depth: number): unknown {
  if (key && (secretKey.test(key) || personalKey.test(key))) return '[kept out]';
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (!value || typeof value !== 'object') return value;
  if ('type' in value && (value as { type?: unknown }).type === 'Buffer') return '[file]';
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => keptValue(item, '', depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 100)
      .map(([name, item]) => [name, keptValue(item, name, depth + 1)]),
  );
}

function targetOf(input: unknown): { type: string; id: string } | null {
  if (!input || typeof input !== 'object') return null;
  const record = input as Record<string, unknown>;
  for (const key of targetKeys) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number')
      return { type: key === 'id' ? 'record' : key.replace(/Id$/, ''), id: String(value).slice(0, 200) };
  }
  return null;
}

export type AuditEntry = { actorId: number | null; action: string; input?: unknown; target?: { type: string; id: string } | null; at: number };

/** An input's `email` as the log keeps it: the id of the account it names, beside the input. */
function withUserIdForEmail(db: Queryable, input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { email } = input as { email?: unknown };
  if (typeof email !== 'string') return input;
  const user = db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).get();
  return user && !('userId' in input) ? { userId: user.id, ...input } : input;
}

/**
 * An entry written before the log kept ids only, as it keeps them now (once, when it is chained):
 * an email target becomes the account's id, and personal values in the detail are kept out.
 */
export function keptLegacyEntry(db: Queryable, entry: typeof auditLog.$inferSelect) {
  let input: unknown = null;
  try {
    input = entry.detail === null ? null : JSON.parse(entry.detail);
  } catch {
    input = null;
  }
  const byEmail =
    entry.targetType === 'email' && entry.targetId
      ? db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${entry.targetId})`).get()
      : undefined;
  const target = entry.targetType === 'email' ? (byEmail ? { type: 'user', id: String(byEmail.id) } : null) : { type: entry.targetType, id: entry.targetId };
  return { targetType: target?.type ?? null, targetId: target?.id ?? null, detail: entry.detail === null ? null : keptDetail(withUserIdForEmail(db, input)) };
}

/** At start: chains entries written before the chain came (as the log keeps entries now), and any left unchained. */
export function chainAuditLog(db: Queryable): void {
  chainPending(db, (entry) => keptLegacyEntry(db, entry));
}

export { verifyChain } from './audit-chain.js';

/**
 * At erasure: the details (the admins' inputs) of every entry about the person (their account,
 * their orders) or by them are cleared to ERASED_DETAIL; who, what, when and the ids stay, and
 * the chain still verifies (it keeps each detail's digest).
 */
export function eraseAuditDetails(db: Queryable, userId: number): void {
  db.run(sql`update audit_log set detail = ${ERASED_DETAIL}
    where detail is not null and detail <> ${ERASED_DETAIL} and hash is not null and (
      actor_id = ${userId}
      or (target_type = 'user' and target_id = ${String(userId)})
      or (target_type = 'order' and target_id in (select cast(id as text) from orders where user_id = ${userId}))
    )`);
}

export function recordAudit(db: Queryable, entry: AuditEntry): void {
  const input = withUserIdForEmail(db, entry.input);
  const target = entry.target === undefined ? targetOf(input) : entry.target;
  db.insert(auditLog)
    .values({
      at: entry.at,
      actorId: entry.actorId,
      action: entry.action,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      detail: keptDetail(input),
    })
    .run();
  chainPending(db);
}

/**
 * How long a read that was shown stays one disclosure: the same admin reading the same list with the
 * same input again within it (a page that keeps itself current, a reload) adds no entry.
 */
export const READ_AGAIN_WITHIN_MS = 60 * 60 * 1000;

/** An audited read: recorded as `recordAudit` does, once per admin, read and input within the hour. */
export function recordAuditedRead(db: Queryable, entry: AuditEntry): void {
  const detail = keptDetail(withUserIdForEmail(db, entry.input));
  const seen = db.get<{ seen: number }>(sql`
    select 1 as seen from audit_log
    where action = ${entry.action} and actor_id is ${entry.actorId} and detail is ${detail} and at > ${entry.at - READ_AGAIN_WITHIN_MS}
    limit 1`);
  if (!seen) recordAudit(db, entry);
}

export type AuditFilters = {
  from?: number | undefined;
  to?: number | undefined;
  action?: string | undefined;
  actorId?: number | undefined;
  /** Actions only, or only the audited reads of personal data; both when not given. */
  kind?: 'actions' | 'reads' | undefined;
  /** Entries by or about a person whose name or email contains this text. */
  person?: string | undefined;
  page?: number | undefined;
};

/** Entries by the people whose name or email contains `text`, or about them (their account, orders, payout lines, codes). */
function byOrAboutPerson(text: string) {
  const pattern = containsPattern(text);
  const people = sql`(select id from ${users} where ${users.name} like ${pattern} escape '\\' or ${users.email} like ${pattern} escape '\\')`;
  return or(
    sql`${auditLog.actorId} in ${people}`,
    sql`(${auditLog.targetType} = 'user' and ${auditLog.targetId} in (select cast(id as text) from ${people}))`,
    sql`(${auditLog.targetType} = 'order' and ${auditLog.targetId} in (select cast(id as text) from orders where user_id in ${people}))`,
    sql`(${auditLog.targetType} = 'line' and ${auditLog.targetId} in (select cast(id as text) from payout_lines where user_id in ${people}))`,
    sql`(${auditLog.targetType} = 'code' and ${auditLog.targetId} in (select cast(id as text) from discount_codes where affiliate_id in ${people}))`,
  );
}

export const AUDIT_PAGE_SIZE = 100;

/** The log, newest first, a page at a time, with the actor's name and email. */
export function auditEntries(db: Db, filters: AuditFilters) {
  const where = and(
    filters.from === undefined ? undefined : gte(auditLog.at, filters.from),
    filters.to === undefined ? undefined : lt(auditLog.at, filters.to),
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.actorId === undefined ? undefined : eq(auditLog.actorId, filters.actorId),
    filters.kind === 'reads'
      ? inArray(auditLog.action, [...AUDITED_READS])
      : filters.kind === 'actions'
        ? notInArray(auditLog.action, [...AUDITED_READS])
        : undefined,
    filters.person?.trim() ? byOrAboutPerson(filters.person.trim()) : undefined,
  );
  const page = Math.max(1, filters.page ?? 1);
  const rows = db
    .select({ entry: auditLog, actorName: users.name, actorEmail: users.email, actorErasedAt: users.erasedAt })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .all();
  const total = db.select({ n: sql<number>`count(*)` }).from(auditLog).where(where).get()!.n;
  return { rows, total, pageSize: AUDIT_PAGE_SIZE };
}

/**
 * For a breach: the accounts an actor's actions touched in a period (the users named directly,
 * and the buyers of the orders named), with how many actions each. `docs/if-data-leaks.md`.
 */
export function accountsTouched(db: Db, filters: { from: number; to: number; actorId?: number | undefined }) {
  return db.all<{ userId: number; name: string; email: string; actions: number }>(sql`
    with touched as (
      select cast(a.target_id as integer) as user_id from audit_log a
        where a.target_type = 'user' and a.at >= ${filters.from} and a.at < ${filters.to} ${filters.actorId === undefined ? sql`` : sql`and a.actor_id = ${filters.actorId}`}
      union all
      select o.user_id from audit_log a join orders o on o.id = cast(a.target_id as integer)
        where a.target_type = 'order' and a.at >= ${filters.from} and a.at < ${filters.to} ${filters.actorId === undefined ? sql`` : sql`and a.actor_id = ${filters.actorId}`}
      union all
      select u.id from audit_log a join users u on lower(u.email) = lower(a.target_id)
        where a.target_type = 'email' and a.at >= ${filters.from} and a.at < ${filters.to} ${filters.actorId === undefined ? sql`` : sql`and a.actor_id = ${filters.actorId}`}
    )
    select u.id as userId, u.name as name, u.email as email, count(*) as actions
    from touched t join users u on u.id = t.user_id
    group by u.id order by actions desc, u.id`);
}
