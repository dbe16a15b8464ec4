/**
 * Drip: a package's lectures opening on a schedule after purchase (docs/operations.md, "Learning"). A package
 * without a schedule opens everything at purchase, as before. The server never hands out the link
 * of a lecture that is not open for the asker: the catalogue filters every list of links here.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { dripNotices, enrollments, lectureWatches, lectures, packageAccessRevocations, packages, users, type LectureRow } from '../../db/schema.js';
import { type DripMode, lectureOpensAt, MAX_OPEN_AFTER_DAYS } from '../../../shared/learning.js';
import { requirePackage } from '../../lib/packages.js';
import { dripErrors } from './drip.errors.js';
import type { DomainEvents } from '../../lib/domain-events.js';

/** How often the drip job looks for lectures that opened (and emails their learners). */
export const DRIP_EVERY_MS = 10 * 60 * 1000;

/** Who asks: a learner (their purchase sets the clock) or an admin (everything is open). */
export type DripViewer = { id: number; isAdmin: boolean };

export type LectureOpening = { lecture: LectureRow; index: number; opensAt: number; open: boolean };

function orderedLectures(db: Queryable, packageId: number): LectureRow[] {
  return db.select().from(lectures).where(eq(lectures.packageId, packageId)).orderBy(asc(lectures.position), asc(lectures.id)).all();
}

export function dripModeOf(db: Queryable, packageId: number): DripMode | null {
  return db.select({ drip: packages.drip }).from(packages).where(eq(packages.id, packageId)).get()?.drip ?? null;
}

function purchasedAt(db: Queryable, userId: number, packageId: number): number | null {
  return (
    db
      .select({ at: enrollments.createdAt })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.packageId, packageId)))
      .get()?.at ?? null
  );
}

function startedLectureIds(db: Queryable, userId: number, packageId: number): Set<number> {
  const rows = db
    .select({ lectureId: lectureWatches.lectureId })
    .from(lectureWatches)
    .where(and(eq(lectureWatches.userId, userId), eq(lectureWatches.packageId, packageId)))
    .all();
  return new Set(rows.map((row) => row.lectureId));
}

/**
 * Each lecture of the package in order, with when it opens for this viewer and whether it is open
 * now. Open: a package without a schedule, an admin, a lecture whose time came, or one the learner
 * already started (a schedule set later never takes back what was watched). A viewer who did not
 * buy the package gets the schedule from now (callers check access first).
 */
export function lectureOpenings(db: Queryable, viewer: DripViewer, packageId: number, now: number): LectureOpening[] {
  const list = orderedLectures(db, packageId);
  const mode = viewer.isAdmin ? null : dripModeOf(db, packageId);
  if (mode === null) return list.map((lecture, index) => ({ lecture, index, opensAt: 0, open: true }));
  const bought = purchasedAt(db, viewer.id, packageId) ?? now;
  const started = startedLectureIds(db, viewer.id, packageId);
  return list.map((lecture, index) => {
    const opensAt = lectureOpensAt({ mode, purchasedAt: bought, index, openAfterDays: lecture.opensAfterDays });
    return { lecture, index, opensAt, open: opensAt <= now || started.has(lecture.id) };
  });
}

/** The lectures open for this viewer, in order: the only lectures whose links the server gives them. */
export function openLectures(db: Queryable, viewer: DripViewer, packageId: number, now: number): LectureRow[] {
  return lectureOpenings(db, viewer, packageId, now)
    .filter((opening) => opening.open)
    .map((opening) => opening.lecture);
}

/** Refuses a lecture that is not open for this viewer (403 LECTURE_LOCKED). */
export function requireOpenLecture(db: Queryable, viewer: DripViewer, packageId: number, lectureId: number, now: number): void {
  const opening = lectureOpenings(db, viewer, packageId, now).find((item) => item.lecture.id === lectureId);
  if (opening && !opening.open) throw dripErrors.LECTURE_LOCKED();
}

export type DripSchedule = { mode: DripMode | null; lectures: { id: number; title: string | null; openAfterDays: number | null }[] };

/** A package's schedule as the admin set it. */
export function dripSchedule(db: Queryable, packageId: number): DripSchedule {
  requirePackage(db, packageId);
  return {
    mode: dripModeOf(db, packageId),
    lectures: orderedLectures(db, packageId).map((lecture) => ({ id: lecture.id, title: lecture.title, openAfterDays: lecture.opensAfterDays })),
  };
}

/**
 * Sets a package's schedule: none, one lecture a week, or each lecture after its days (lectures
 * not named keep theirs). One transaction; a lecture of another package or a day count out of
 * range refuses the whole change.
 */
export function setDripSchedule(db: Db, input: { packageId: number; mode: DripMode | null; days: { lectureId: number; days: number | null }[] }): DripSchedule {
  return db.transaction((tx) => {
    requirePackage(tx, input.packageId);
    const own = new Set(orderedLectures(tx, input.packageId).map((lecture) => lecture.id));
    for (const item of input.days) {
      if (!own.has(item.lectureId) || (item.days !== null && (!Number.isInteger(item.days) || item.days < 0 || item.days > MAX_OPEN_AFTER_DAYS))) {
        throw dripErrors.DRIP_DAYS_INVALID();
      }
    }
    tx.update(packages).set({ drip: input.mode }).where(eq(packages.id, input.packageId)).run();
    for (const item of input.days) tx.update(lectures).set({ opensAfterDays: item.days }).where(eq(lectures.id, item.lectureId)).run();
    return dripSchedule(tx, input.packageId);
  });
}

type JobDeps = { db: Db; events: DomainEvents; now: () => number };

/**
 * The drip job: for every buyer of a package on a schedule, publishes `lectures-unlocked` for the
 * lectures that opened since they were last told (with when the next one opens), once; its handlers
 * tell the learner. A buyer seen for the first time is
 * told nothing about lectures already open (they opened at purchase or before the schedule).
 * Learners whose access was taken back, and deleted accounts, are not emailed.
 */
export function notifyOpenedLectures(deps: JobDeps): { emailed: number } {
  const now = deps.now();
  const rows = deps.db
    .select({ userId: enrollments.userId, packageId: enrollments.packageId, notifiedThrough: dripNotices.notifiedThrough })
    .from(enrollments)
    .innerJoin(packages, eq(packages.id, enrollments.packageId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .leftJoin(dripNotices, and(eq(dripNotices.userId, enrollments.userId), eq(dripNotices.packageId, enrollments.packageId)))
    .where(and(isNotNull(packages.drip), isNull(users.deletedAt)))
    .all();
  let emailed = 0;
  for (const row of rows) {
    if (row.notifiedThrough === null) {
      deps.db.insert(dripNotices).values({ userId: row.userId, packageId: row.packageId, notifiedThrough: now }).onConflictDoNothing().run();
      continue;
    }
    const openings = lectureOpenings(deps.db, { id: row.userId, isAdmin: false }, row.packageId, now);
    const opened = openings.filter((item) => item.opensAt > row.notifiedThrough! && item.opensAt <= now);
    if (opened.length === 0) continue;
    // Claimed in the message's transaction: two runs at once tell once.
    const told = deps.db.transaction((tx) => {
      const claimed = tx
        .update(dripNotices)
        .set({ notifiedThrough: now })
        .where(and(eq(dripNotices.userId, row.userId), eq(dripNotices.packageId, row.packageId), eq(dripNotices.notifiedThrough, row.notifiedThrough!)))
        .run();
      if (claimed.changes === 0 || isAccessTakenBack(tx, row.userId, row.packageId)) return false;
      const next = openings.find((item) => item.opensAt > now);
      // The learner is told (on WhatsApp when they chose it): the event's handlers (src/server/events/drip.ts).
      deps.events.publish(tx, {
        type: 'lectures-unlocked',
        userId: row.userId,
        packageId: row.packageId,
        lectures: opened.map((item) => ({ lectureId: item.lecture.id, index: item.index, title: item.lecture.title })),
        nextOpensAt: next?.opensAt ?? null,
        at: now,
      });
      return true;
    });
    if (!told) continue;
    emailed += 1;
  }
  return { emailed };
}

function isAccessTakenBack(db: Queryable, userId: number, packageId: number): boolean {
  // The catalogue's access rule (catalog/access.service.ts) reads this table too. Drip reads it
  // itself: drip sits below the catalogue, whose lecture links go through drip (server-layers.test.ts).
  const revoked = db
    .select({ id: packageAccessRevocations.id })
    .from(packageAccessRevocations)
    .where(and(eq(packageAccessRevocations.userId, userId), eq(packageAccessRevocations.packageId, packageId), isNull(packageAccessRevocations.restoredAt)))
    .get();
  return revoked !== undefined;
}
