import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, passwordResets, users, type UserRow } from '../../db/schema.js';
import { findActiveUser, findActiveUserByEmail } from '../auth/accounts.service.js';
import { revokeAllSessions } from '../auth/sessions.service.js';
import { listWindow } from '../../lib/list-window.js';
import { containsAny } from '../../lib/search.js';
import { adminErrors } from './admin.errors.js';
import { accountErrors } from '../../lib/account.errors.js';

export const USERS_PAGE_SIZE = 25;

function matching(search: string | undefined): SQL | undefined {
  return containsAny(search, [users.name, users.email, users.phone]);
}

/**
 * Users who are not deleted, newest first, a page at a time (all of them, up to WHOLE_LIST_LIMIT,
 * without a page), with how many match in all.
 */
export function listUsers(db: Db, options: { search?: string | undefined; page?: number | undefined }): { users: UserRow[]; total: number; pageSize: number } {
  const where = and(isNull(users.deletedAt), matching(options.search));
  const window = listWindow(options.page, USERS_PAGE_SIZE);
  const rows = db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(window.limit).offset(window.offset).all();
  const total = db.select({ n: count() }).from(users).where(where).get()!.n;
  return { users: rows, total, pageSize: window.pageSize };
}

/**
 * Makes someone an admin or takes it away (superadmins only). Nobody changes their own role, and
 * a superadmin's role is not changed here. Role checks read the database on every call, so the
 * change applies at once.
 */
export function setRole(db: Db, actorId: number, input: { userId: number; role: 'user' | 'admin' }): UserRow {
  if (input.userId === actorId) throw adminErrors.OWN_ROLE();
  const user = findActiveUser(db, input.userId);
  if (!user) throw accountErrors.USER_NOT_FOUND();
  if (user.role === 'superadmin') throw adminErrors.SUPERADMIN_ROLE();
  const changed = db.update(users).set({ role: input.role }).where(eq(users.id, user.id)).returning().get();
  return changed;
}

/** The reason kept on a deleted user's orders that were still waiting. */
export const ACCOUNT_DELETED_REASON = 'The account was deleted.';

/**
 * Deletes a user (superadmins only): they can no longer log in, leave the leaderboard and other
 * people's affiliate lists, and their email is free again. The row stays, so their orders and
 * ledger lines keep pointing at them. Their orders still waiting are rejected at once (nobody
 * could use the package), and what they were owed no longer counts in the dashboard's total.
 */
export function deleteUserByEmail(db: Db, actorId: number, email: string, now: number): UserRow {
  const user = findActiveUserByEmail(db, email);
  if (!user) throw accountErrors.NO_USER_WITH_EMAIL();
  if (user.id === actorId) throw adminErrors.DELETE_SELF();
  if (user.role === 'superadmin') throw adminErrors.DELETE_SUPERADMIN();
  const deleted = db.transaction((tx) => {
    revokeAllSessions(tx, user.id);
    tx.delete(passwordResets).where(eq(passwordResets.userId, user.id)).run();
    tx.update(orders)
      .set({ status: 'rejected', reason: ACCOUNT_DELETED_REASON, decidedBy: actorId, decidedAt: now })
      .where(and(eq(orders.userId, user.id), inArray(orders.status, ['pending', 'awaiting_difference'])))
      .run();
    return tx.update(users).set({ deletedAt: now }).where(eq(users.id, user.id)).returning().get();
  });
  return deleted;
}
