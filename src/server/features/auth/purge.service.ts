import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, pendingRegistrations, sessions } from '../../db/schema.js';
import { purgeOldDevices } from './login-limiter.js';
import { REGISTRATION_TTL_MS } from './registration.service.js';

/** How often the server forgets what has expired (and once at start). */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

export type Purged = { sessions: number; resetLinks: number; registrations: number; devices: number };

/**
 * Deletes what can no longer be used: expired sessions, expired reset links, registrations nobody
 * verified within a day, and browsers unused for a year. Nothing of it is needed once expired,
 * and a stolen copy of the database then holds less.
 */
export function purgeExpired(db: Db, now: number): Purged {
  return db.transaction((tx) => ({
    sessions: tx.delete(sessions).where(lt(sessions.expiresAt, now)).run().changes,
    resetLinks: tx.delete(passwordResets).where(lt(passwordResets.expiresAt, now)).run().changes,
    registrations: tx
      .delete(pendingRegistrations)
      .where(lt(pendingRegistrations.createdAt, now - REGISTRATION_TTL_MS))
      .run().changes,
    devices: purgeOldDevices(tx, now),
  }));
}
