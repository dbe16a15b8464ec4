import type { Statement } from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { readCache } from '../../lib/read-cache.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { DAY_MS } from '../../../shared/ist.js';
import type { DeviceInfo } from '../../lib/request-info.js';
import type { SessionUser } from '../../trpc/context.js';

export const SESSION_DAYS = 30;

/** Starts a session and answers its token: the only moment the token exists outside the client. */
export function createSession(
  db: Queryable,
  userId: number,
  now: number,
  device: DeviceInfo = { userAgent: null, deviceModel: null },
): { token: string; expiresAt: number; sessionId: number } {
  const token = newToken();
  const expiresAt = now + SESSION_DAYS * DAY_MS;
  const row = db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
      userAgent: device.userAgent,
      deviceModel: device.deviceModel,
      lastSeenAt: now,
    })
    .returning({ id: sessions.id })
    .get();
  return { token, expiresAt, sessionId: row.id };
}

/** "Last seen" is written at most this often per session, so a busy learner costs few writes. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

// Every signed-in request needs this lookup: it is prepared once per database, and its answer
// is kept in the read cache (lib/read-cache.ts) until the session or its user changes.
type SessionLookupRow = SessionUser & { expiresAt: number; lastSeenAt: number | null };
const lookups = new WeakMap<Db, { find: Statement<[string, number], SessionLookupRow>; touch: Statement<[number, number]> }>();

function sessionLookup(db: Db) {
  let statements = lookups.get(db);
  if (!statements) {
    statements = {
      find: db.$client.prepare<[string, number], SessionLookupRow>(`
        select u.id as id, u.name as name, u.email as email, u.role as role, u.lang as lang, u.age_status as ageStatus, s.id as sessionId,
          s.expires_at as expiresAt, s.last_seen_at as lastSeenAt
        from sessions s join users u on u.id = s.user_id
        where s.token_hash = ? and s.expires_at > ? and u.deleted_at is null`),
      touch: db.$client.prepare<[number, number]>('update sessions set last_seen_at = ? where id = ?'),
    };
    lookups.set(db, statements);
  }
  return statements;
}

/** A session as the cache keeps it: the user, when it expires, when "last seen" was last written. */
type KeptSession = { user: SessionUser; expiresAt: number; lastSeenAt: number | null };

/**
 * The user behind a token, when the session exists, has not expired and the user is not deleted.
 * The answer is kept in memory until a service ends the session or changes
 * the user (`forgetUser`), or another process writes the database; expiry is checked on the kept
 * row each time. Notes when the session was last used (at most every LAST_SEEN_EVERY_MS).
 */
export function findSessionUser(db: Db, token: string, now: number): SessionUser | null {
  const statements = sessionLookup(db);
  // Kept under the token itself, so a kept session costs no hashing; the database has only hashes.
  const kept = readCache(db).getOwned<KeptSession>(`session:${token}`, [], () => {
    const row = statements.find.get(hashToken(token), now);
    if (!row) return null;
    const { expiresAt, lastSeenAt, ...user } = row;
    return { value: { user, expiresAt, lastSeenAt }, userId: user.id };
  });
  if (!kept || kept.expiresAt <= now) return null;
  if (kept.lastSeenAt === null || now - kept.lastSeenAt >= LAST_SEEN_EVERY_MS) {
    kept.lastSeenAt = now;
    try {
      statements.touch.run(now, kept.user.sessionId);
    } catch {
      // A full or read-only disk must not turn every signed-in read into a failure: "last seen" waits.
    }
  }
  return kept.user;
}

export function revokeSession(db: Queryable, sessionId: number): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function revokeAllSessions(db: Queryable, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
