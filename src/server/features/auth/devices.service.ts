import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { sessions, type UserRow } from '../../db/schema.js';
import { isAdminRole } from '../../../shared/domain.js';
import { deviceErrors, deviceLimitReached } from './devices.errors.js';
import { createSession } from './sessions.service.js';
import type { DeviceInfo } from '../../lib/request-info.js';
import { toDeviceView, toRestDevice, type DeviceView } from './auth.views.js';
import { deviceLabel } from './device-label.js';

type SessionRow = typeof sessions.$inferSelect;

function activeSessions(db: Queryable, userId: number, now: number): SessionRow[] {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id))
    .all();
}

/** The devices a user is logged in on, most recently used first. */
export function listDevices(db: Queryable, userId: number, now: number, currentSessionId: number | null = null): DeviceView[] {
  return activeSessions(db, userId, now).map((row) => toDeviceView(row, currentSessionId));
}

/** Logs out one of the user's own devices; someone else's session is "not found", like a gone one. */
export function logOutDevice(db: Queryable, userId: number, sessionId: number): void {
  const result = db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .run();
  if (result.changes === 0) throw deviceErrors.DEVICE_NOT_FOUND();
}

/** Logs a user out everywhere (an admin's action); answers how many devices were logged out. */
export function logOutAllDevices(db: Queryable, userId: number, now: number): number {
  const count = activeSessions(db, userId, now).length;
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
  return count;
}

/** How many devices this user may be logged in on at once; null: no limit (admins, or the setting is 0). */
export function deviceLimitOf(config: Pick<Config, 'maxDevicesPerLearner'>, user: Pick<UserRow, 'role'>): number | null {
  if (isAdminRole(user.role) || config.maxDevicesPerLearner === 0) return null;
  return config.maxDevicesPerLearner;
}

/**
 * The one check a login makes after the password was right: under the device limit a session
 * starts; at the limit nothing starts and the learner is shown their devices (DEVICE_LIMIT),
 * unless they named one of them to log out (`replaceDeviceId`), which then ends in the same
 * transaction as the new session begins. Another session is never ended without being named.
 */
export function startSessionWithinDeviceLimit(
  deps: { db: Db; now: () => number; config: Pick<Config, 'maxDevicesPerLearner'> },
  user: UserRow,
  device: DeviceInfo,
  replaceDeviceId?: number,
): { token: string; expiresAt: number; sessionId: number } {
  const now = deps.now();
  const limit = deviceLimitOf(deps.config, user);
  return deps.db.transaction((tx) => {
    // A named device that is already gone (logged out meanwhile) is no reason to refuse: the count decides.
    if (replaceDeviceId !== undefined) {
      tx.delete(sessions)
        .where(and(eq(sessions.id, replaceDeviceId), eq(sessions.userId, user.id)))
        .run();
    }
    if (limit !== null) {
      const active = activeSessions(tx, user.id, now);
      if (active.length >= limit)
        throw deviceLimitReached(
          limit,
          active.map((row) => toRestDevice(toDeviceView(row, null))),
          deviceLabel(device.userAgent, device.deviceModel),
        );
    }
    return createSession(tx, user.id, now, device);
  });
}
