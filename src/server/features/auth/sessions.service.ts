import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
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

/** The user behind a token, when the session exists, has not expired and the user is not deleted. */
export function findSessionUser(db: Db, token: string, now: number): SessionUser | null {
  const row = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      lang: users.lang,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now), isNull(users.deletedAt)))
    .get();
  return row ?? null;
}

export function revokeSession(db: Queryable, sessionId: number): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function revokeAllSessions(db: Queryable, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
