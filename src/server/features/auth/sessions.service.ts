import type { Statement } from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import type { Language, Role } from '../../../shared/domain.js';
import { hashToken, newToken } from '../../lib/tokens.js';

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  lang: Language;
  sessionId: number;
};

/** Starts a session and answers its token: the only moment the token exists outside the client. */
export function createSession(db: Db, userId: number, now: number): { token: string; expiresAt: number } {
  const token = newToken();
  const expiresAt = now + SESSION_DAYS * DAY_MS;
  db.insert(sessions).values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt }).run();
  return { token, expiresAt };
}

// Every signed-in request runs this lookup, so it is prepared once per database.
const lookups = new WeakMap<Db, Statement<[string, number], SessionUser>>();

function sessionLookup(db: Db): Statement<[string, number], SessionUser> {
  let statement = lookups.get(db);
  if (!statement) {
    statement = db.$client.prepare<[string, number], SessionUser>(`
      select u.id as id, u.name as name, u.email as email, u.role as role, u.lang as lang, s.id as sessionId
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ? and s.expires_at > ? and u.deleted_at is null`);
    lookups.set(db, statement);
  }
  return statement;
}

/** The user behind a token, when the session exists, has not expired and the user is not deleted. */
export function findSessionUser(db: Db, token: string, now: number): SessionUser | null {
  return sessionLookup(db).get(hashToken(token), now) ?? null;
}

export function revokeSession(db: Queryable, sessionId: number): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function revokeAllSessions(db: Queryable, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
