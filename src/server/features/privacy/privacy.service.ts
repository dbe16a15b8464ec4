/**
 * A person's rights over their data (Digital Personal Data Protection Act 2023): consent to the
 * privacy notice, recorded with its version; a copy of everything the product holds about them;
 * and erasure of their account, which deletes what is personal and keeps the money records the
 * law asks to keep (invoices and TDS: eight years) with the name and contact replaced.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import {
  certificateNames,
  certificates,
  consents,
  dripNotices,
  lectureWatches,
  quizAttempts,
  channelConsents,
  discountCodes,
  enrollments,
  erasureRequests,
  lectureProgress,
  loginDevices,
  orders,
  parentalConsents,
  passwordResets,
  payoutDetails,
  payoutLines,
  payoutRequests,
  pendingRegistrations,
  receipts,
  sessions,
  users,
  type UserRow,
} from '../../db/schema.js';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy.js';
import { accountErrors } from '../../lib/account.errors.js';
import { maskTail, maskUpiId } from '../../../shared/payout-details.js';
import { pagePaths } from '../../../shared/page-paths.js';
import type { Notifier } from '../../lib/notification-channel.js';
import { emailOf, eraseNotificationsOf } from '../notifications/outbox.service.js';
import { confirmPassword } from '../../lib/password-confirm.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { isSealed, unseal } from '../../lib/data-crypto.js';
import { profileImagesDir } from '../../lib/uploads.js';
import { bookCorrection } from '../affiliate/ledger.service.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { eraseAuditDetails, recordAudit } from '../audit/audit.service.js';
import { deleteOutboxMailTo, outboxDirOf } from '../../lib/mail-delivery.js';
import { erasureConfirmEmail, erasureDoneEmail } from './privacy.emails.js';
import { privacyErrors } from './privacy.errors.js';

type Deps = { db: Db; config: Config; notifier: Notifier; now: () => number; rateLimits: RateLimits; log: FastifyBaseLogger };

// Consent

export function recordConsent(db: Queryable, input: { userId: number; version: string; via: 'register' | 'visit'; now: number }): void {
  db.insert(consents).values({ userId: input.userId, noticeVersion: input.version, via: input.via, acceptedAt: input.now }).run();
}

/** The version of the notice the person last accepted, or null. */
export function acceptedNoticeVersion(db: Queryable, userId: number): string | null {
  return (
    db
      .select({ version: consents.noticeVersion })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(desc(consents.acceptedAt), desc(consents.id))
      .limit(1)
      .get()?.version ?? null
  );
}

/** The person accepts the notice they were shown; a notice changed since is refused (they are shown the new one). */
export function acceptNotice(deps: Pick<Deps, 'db' | 'now'>, userId: number, version: string): void {
  if (version !== PRIVACY_NOTICE_VERSION) throw privacyErrors.NOTICE_CHANGED();
  recordConsent(deps.db, { userId, version, via: 'visit', now: deps.now() });
}

// My data

/** Columns that hold secrets (hashes of passwords, tokens, codes, devices): never in a copy. */
const secretColumn = /(^|_)(password|token|code|device)_hash$/;

/** Every table with a column naming its owner (`user_id`, or an affiliate's `affiliate_id`) pointing at users. */
function ownedTables(db: Queryable): { table: string; column: string }[] {
  const tables = db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' and name <> 'users'`,
  );
  const owned: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    const keys = db.all<{ table: string; from: string }>(sql.raw(`pragma foreign_key_list("${name.replaceAll('"', '""')}")`));
    for (const key of keys) if (key.table === 'users' && (key.from === 'user_id' || key.from === 'affiliate_id')) owned.push({ table: name, column: key.from });
  }
  return owned;
}

type ForeignKey = { table: string; from: string; to: string | null };

/** Every table's foreign keys, by table, with the table's columns. */
function schemaLinks(db: Queryable): Map<string, { columns: string[]; keys: ForeignKey[] }> {
  const tables = db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' and name <> 'users'`,
  );
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return new Map(
    tables.map(({ name }) => [
      name,
      {
        columns: db.all<{ name: string }>(sql.raw(`pragma table_info(${quoted(name)})`)).map((column) => column.name),
        keys: db.all<ForeignKey>(sql.raw(`pragma foreign_key_list(${quoted(name)})`)),
      },
    ]),
  );
}

/**
 * Rows that are the person's through a link rather than an owner column: a row that points at one
 * of their rows (a receipt, credit note, reversal or payment alert at their order; a row at their
 * payout) and names no owner of its own (a sponsor's ledger line at the order has its own owner,
 * and is the sponsor's), followed as far as the links go; and the gateway's events about their
 * orders' gateway orders and payments (linked by the gateway's ids, not a foreign key).
 */
function linkedRecords(db: Queryable, records: MyData['records'], userId: number): void {
  const links = schemaLinks(db);
  const reached = new Set(Object.keys(records));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [table, { columns, keys }] of links) {
      if (reached.has(table) || columns.includes('user_id') || columns.includes('affiliate_id')) continue;
      const rows = new Map<number, Record<string, unknown>>();
      for (const key of keys) {
        const parentRows = records[key.table];
        if (!parentRows) continue;
        const parentIds = [...new Set(parentRows.map((row) => row[key.to ?? 'id']).filter((id) => typeof id === 'number'))];
        if (parentIds.length === 0) continue;
        const found = db.all<Record<string, unknown> & { __rowid: number }>(
          sql`select rowid as __rowid, * from ${sql.identifier(table)} where ${sql.identifier(key.from)} in ${parentIds}`,
        );
        for (const row of found) rows.set(row.__rowid, row);
      }
      if (rows.size === 0) continue;
      records[table] = [...rows.entries()].sort(([a], [b]) => a - b).map(([, { __rowid, ...row }]) => withoutSecrets(row));
      reached.add(table);
      grew = true;
    }
  }
  const events = db.all<Record<string, unknown>>(sql`
    select * from gateway_events where gateway_order_id in (select gateway_order_id from orders where user_id = ${userId})
      or gateway_payment_id in (select gateway_payment_id from orders where user_id = ${userId})
      or gateway_payment_id in (select a.gateway_payment_id from payment_alerts a join orders o on o.id = a.order_id where o.user_id = ${userId})
    order by id`);
  if (events.length > 0) records.gateway_events = events.map(withoutSecrets);
}

/** A row as its owner gets it: no secrets, and what is encrypted at rest (their PAN, account number) opened for them. */
const withoutSecrets = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !secretColumn.test(column))
      .map(([column, value]) => [column, typeof value === 'string' && isSealed(value) ? unseal(value) : value]),
  );

export type MyData = {
  exportedAt: number;
  noticeVersion: string;
  account: Record<string, unknown>;
  /** Every table's rows that belong to the person, by table: their own and those linked to theirs (an order's receipt). */
  records: Record<string, Record<string, unknown>[]>;
};

/** Everything the product holds about the person: their account and every row of every table that is theirs, without secrets. */
export function myData(db: Queryable, userId: number, now: number): MyData {
  const account = db.all<Record<string, unknown>>(sql`select * from users where id = ${userId}`)[0];
  if (!account) throw accountErrors.ACCOUNT_GONE();
  const records: MyData['records'] = {};
  for (const { table, column } of ownedTables(db)) {
    const rows = db.all<Record<string, unknown>>(sql.raw(`select * from "${table}" where "${column}" = ${Number(userId)} order by rowid`));
    if (rows.length > 0) records[table] = rows.map(withoutSecrets);
  }
  linkedRecords(db, records, userId);
  return { exportedAt: now, noticeVersion: PRIVACY_NOTICE_VERSION, account: withoutSecrets(account), records };
}

/** A copy of one's data needs the password again (`confirmPassword`). */
export async function myDataWithPassword(deps: Deps, userId: number, password: string): Promise<MyData> {
  const user = findActiveUser(deps.db, userId);
  if (!user) throw accountErrors.ACCOUNT_GONE();
  await confirmPassword(deps, user, password);
  return myData(deps.db, userId, deps.now());
}

// Erasure

const ERASURE_LINK_MS = 30 * 60 * 1000;

/** Why an erased person's orders that were still waiting were closed. */
export const ERASED_ORDER_REASON = 'Closed: the buyer erased their account';

/** What an erased person's kept records show instead of their name and contact. */
export const erasedName = 'Erased account';
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

/** A payout's details as an erased account keeps them: the PAN and its name (for TDS), where the money went masked. */
function erasedSnapshot(json: string | null): string | null {
  if (!json) return json;
  const details = JSON.parse(json) as Record<string, string | null>;
  return JSON.stringify({
    ...details,
    upiId: details.upiId ? maskUpiId(details.upiId) : null,
    accountNumber: details.accountNumber ? maskTail(details.accountNumber) : null,
    accountHolder: details.accountHolder ? erasedName : null,
  });
}

/**
 * Where the person's payout stands, as erasing must wait for it: none, asked for and waiting for
 * the admin, or being paid (in a batch, or a line on its way). The amount is what was asked or is
 * on its way.
 */
type PayoutStanding = { state: 'none' } | { state: 'requested' | 'being-paid'; amountPaise: number };

function payoutStanding(db: Queryable, userId: number): PayoutStanding {
  const line = db
    .select({ amountPaise: payoutLines.grossPaise })
    .from(payoutLines)
    .where(and(eq(payoutLines.userId, userId), eq(payoutLines.status, 'pending')))
    .get();
  if (line) return { state: 'being-paid', amountPaise: line.amountPaise };
  const request = db
    .select({ status: payoutRequests.status, amountPaise: payoutRequests.amountPaise })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.userId, userId), inArray(payoutRequests.status, ['open', 'batched'])))
    .get();
  if (!request) return { state: 'none' };
  return { state: request.status === 'open' ? 'requested' : 'being-paid', amountPaise: request.amountPaise };
}

/** What stands in the way of erasing now: a payout asked for or on its way (it must be paid or fail first). */
function payoutInFlight(db: Queryable, userId: number): boolean {
  return payoutStanding(db, userId).state !== 'none';
}

export type ErasurePreview = { owedPaise: number; payoutInFlight: boolean; payout: PayoutStanding; isAdmin: boolean };

/** What erasing would mean for the person now: what they are owed (written down), or why not yet. */
export function erasurePreview(db: Queryable, user: UserRow): ErasurePreview {
  const payout = payoutStanding(db, user.id);
  return { owedPaise: Math.max(0, user.earnedPaise - user.paidPaise), payoutInFlight: payout.state !== 'none', payout, isAdmin: user.role !== 'user' };
}

/**
 * Asks to erase one's account, with the password: a link valid 30 minutes is emailed, and only
 * that link erases (a stolen session alone cannot). Refused while a payout is on its way, and for
 * an admin (another superadmin must change their role first: the site must keep an admin).
 */
export async function requestErasure(deps: Deps, userId: number, password: string): Promise<{ expiresAt: number }> {
  const user = findActiveUser(deps.db, userId);
  if (!user) throw accountErrors.ACCOUNT_GONE();
  await confirmPassword(deps, user, password);
  if (user.role !== 'user') throw privacyErrors.ADMIN_CANNOT_ERASE();
  if (payoutInFlight(deps.db, userId)) throw privacyErrors.PAYOUT_IN_FLIGHT();
  const token = newToken();
  const now = deps.now();
  const expiresAt = now + ERASURE_LINK_MS;
  const link = `${deps.config.publicUrl}${pagePaths.eraseAccount}?token=${encodeURIComponent(token)}`;
  deps.db.transaction((tx) => {
    const request = tx
      .insert(erasureRequests)
      .values({ userId, tokenHash: hashToken(token), requestedAt: now, expiresAt })
      .returning({ id: erasureRequests.id })
      .get();
    deps.notifier.enqueue(tx, {
      eventKey: `erasure-confirm:${request.id}`,
      to: { userId },
      lang: user.lang,
      email: emailOf(erasureConfirmEmail, { siteName: deps.config.siteName, name: user.name, link }),
    });
  });
  return { expiresAt };
}

/**
 * Erases the account of the emailed link, once, in one transaction: sessions, devices, progress,
 * access, payout details, consents and password links deleted; the account's name, email, phone,
 * picture, password and referral code replaced; its orders, receipts, ledger lines, payout and TDS
 * records kept with the name and contact replaced (the law keeps them eight years). What the
 * person was still owed is written down by a correction line (docs/operations.md, "Personal data").
 */
export async function confirmErasure(deps: Deps, token: string): Promise<{ erasedAt: number }> {
  const now = deps.now();
  const request = deps.db
    .select()
    .from(erasureRequests)
    .where(and(eq(erasureRequests.tokenHash, hashToken(token)), isNull(erasureRequests.completedAt), gt(erasureRequests.expiresAt, now)))
    .get();
  if (!request) throw privacyErrors.LINK_INVALID();
  const { picture, user } = deps.db.transaction((tx) => {
    const user = findActiveUser(tx, request.userId);
    if (!user) throw privacyErrors.LINK_INVALID();
    if (payoutInFlight(tx, user.id)) throw privacyErrors.PAYOUT_IN_FLIGHT();
    const owed = Math.max(0, user.earnedPaise - user.paidPaise);
    if (owed > 0) {
      bookCorrection(tx, {
        userId: user.id,
        amountPaise: -owed,
        orderId: null,
        createdBy: null,
        note: 'Written down when the account was erased at its owner’s request',
        now,
      });
    }
    const placeholder = { name: erasedName, email: erasedEmail(user.id) };
    for (const table of [sessions, loginDevices, lectureProgress, enrollments, payoutDetails, passwordResets, consents, parentalConsents] as const) {
      tx.delete(table).where(eq(table.userId, user.id)).run();
    }
    // What they watched and answered, and their certificates (which carry their name): the public page then knows no such number.
    for (const table of [lectureWatches, dripNotices, quizAttempts, certificateNames, certificates] as const) {
      tx.delete(table).where(eq(table.userId, user.id)).run();
    }
    tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, user.email)).run();
    tx.update(orders)
      .set({ buyerName: placeholder.name, buyerEmail: placeholder.email, buyerPin: null, placedDevice: null, placedNetwork: null })
      .where(eq(orders.userId, user.id))
      .run();
    // Orders still waiting for a decision are closed (rejected, saying why): nobody is left to
    // give the package to, and a UTR left pending would hold the reserved reference.
    tx.update(orders)
      .set({ status: 'rejected', reason: ERASED_ORDER_REASON, decidedAt: now, decidedBy: null })
      .where(and(eq(orders.userId, user.id), inArray(orders.status, ['pending', 'awaiting_difference'])))
      .run();
    tx.update(receipts)
      .set({ buyerName: placeholder.name, buyerEmail: placeholder.email, buyerPhone: null, buyerPin: null })
      .where(inArray(receipts.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))))
      .run();
    // Payout records stay (TDS returns need the PAN and its name); where the money went is masked.
    for (const table of [payoutRequests, payoutLines] as const) {
      for (const row of tx.select({ id: table.id, details: table.details }).from(table).where(eq(table.userId, user.id)).all()) {
        tx.update(table)
          .set({ details: erasedSnapshot(row.details) })
          .where(eq(table.id, row.id))
          .run();
      }
    }
    // An affiliate's own code is their word: paused and renamed (orders keep the code they used).
    tx.update(discountCodes)
      .set({ code: `ERASED${user.id}`, active: false })
      .where(and(eq(discountCodes.kind, 'affiliate'), eq(discountCodes.affiliateId, user.id)))
      .run();
    tx.update(users)
      .set({
        name: placeholder.name,
        email: placeholder.email,
        phone: null,
        passwordHash: '!erased',
        profileImage: null,
        whatsappPhone: null,
        whatsappOptInAt: null,
        referralCode: `X${user.id}${newToken(4).replace(/[-_]/g, 'x')}`.slice(0, 16).toUpperCase(),
        deletedAt: now,
        erasedAt: now,
      })
      .where(eq(users.id, user.id))
      .run();
    // The record of WhatsApp consents stays (when, how), without the number it was about.
    tx.update(channelConsents).set({ phone: null }).where(eq(channelConsents.userId, user.id)).run();
    tx.update(erasureRequests)
      .set({ completedAt: now, writtenDownPaise: owed > 0 ? owed : null })
      .where(eq(erasureRequests.id, request.id))
      .run();
    eraseAuditDetails(tx, user.id);
    recordAudit(tx, { actorId: user.id, action: 'privacy.erase', target: { type: 'user', id: String(user.id) }, input: { writtenDownPaise: owed }, at: now });
    // Messages not sent yet are cancelled, and what the sent ones said and where they went is blanked.
    eraseNotificationsOf(tx, user.id, [user.email]);
    // The last word goes to the address the account had, which nothing else keeps any longer.
    deps.notifier.enqueue(tx, {
      eventKey: `erasure-done:${user.id}`,
      to: { userId: user.id, email: user.email },
      lang: user.lang,
      email: emailOf(erasureDoneEmail, { siteName: deps.config.siteName, name: user.name }),
    });
    return { picture: user.profileImage, user };
  });
  if (picture) {
    await rm(path.join(profileImagesDir(deps.config.dataDir), path.basename(picture)), { force: true }).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'an erased account’s picture could not be deleted'),
    );
  }
  // The last word is delivered now; then every email to that address still in the outbox folder
  // (codes, receipts, this one) is deleted.
  await deps.notifier.deliverDue();
  await deleteOutboxMailTo(outboxDirOf(deps.config.dataDir), user.email).catch((error: unknown) =>
    deps.log.warn({ err: error }, 'an erased account’s emails in the outbox could not be deleted'),
  );
  return { erasedAt: now };
}

/** Erasure requests and their outcome, newest first, for the admins. */
export function erasureList(db: Queryable, now: number) {
  return db
    .select({ request: erasureRequests, erasedAt: users.erasedAt })
    .from(erasureRequests)
    .innerJoin(users, eq(users.id, erasureRequests.userId))
    .orderBy(desc(erasureRequests.requestedAt), desc(erasureRequests.id))
    .limit(200)
    .all()
    .map(({ request }) => ({
      id: request.id,
      userId: request.userId,
      requestedAt: request.requestedAt,
      completedAt: request.completedAt,
      writtenDownPaise: request.writtenDownPaise,
      outcome: request.completedAt !== null ? ('erased' as const) : request.expiresAt <= now ? ('expired' as const) : ('waiting' as const),
    }));
}
