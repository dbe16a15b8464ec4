import { and, asc, eq, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lectureProgress, lectures, packages, type LectureRow } from '../../db/schema.js';
import { normaliseVideoLink } from '../../../shared/video-links.js';
import { catalogErrors } from './catalog.errors.js';
import { accessErrors } from './access.errors.js';
import { isRevoked } from './access.service.js';
import type { Viewer } from './access.service.js';
import { canWatch, findPackage, visiblePackage } from './catalog.service.js';
import { isAdminRole } from '../../../shared/domain.js';
import { lectureOpenings, openLectures, requireOpenLecture } from '../drip/drip.service.js';
import type { PackageWithCount } from './catalog.views.js';

/** Titles only, in order: what anyone may see of a package's lectures. Never the links. */
export function lectureOutline(db: Db, packageId: number): { id: number; title: string | null }[] {
  return db
    .select({ id: lectures.id, title: lectures.title })
    .from(lectures)
    .where(eq(lectures.packageId, packageId))
    .orderBy(asc(lectures.position), asc(lectures.id))
    .all();
}

/** The package exists and this viewer bought it (access not taken back) or is an admin; otherwise 404 or 403. */
export function requireWatchAccess(db: Db, viewer: Viewer, packageId: number): void {
  if (!findPackage(db, packageId)) throw catalogErrors.PACKAGE_NOT_FOUND();
  if (!canWatch(db, viewer, packageId)) {
    throw viewer && isRevoked(db, viewer.id, packageId) ? accessErrors.ACCESS_REVOKED() : catalogErrors.NOT_BOUGHT();
  }
}

/**
 * Adds a lecture at the end of a package (archived packages too: their buyers still watch). The
 * link is stored as its embed URL; any link that is not a YouTube, Vimeo or Drive video is refused.
 */
export function appendLecture(
  deps: { db: Db; now: () => number },
  input: { packageId: number; video: string; title: string | null; lengthSeconds?: number | null },
): LectureRow {
  const link = normaliseVideoLink(input.video);
  if (!link) throw catalogErrors.VIDEO_LINK_UNSUPPORTED();
  const lecture = deps.db.transaction((tx) => {
    if (!tx.select({ id: packages.id }).from(packages).where(eq(packages.id, input.packageId)).get()) {
      throw catalogErrors.PACKAGE_NOT_FOUND();
    }
    const last = tx
      .select({ position: max(lectures.position) })
      .from(lectures)
      .where(eq(lectures.packageId, input.packageId))
      .get();
    return tx
      .insert(lectures)
      .values({
        packageId: input.packageId,
        title: input.title,
        videoUrl: link.embedUrl,
        durationSeconds: input.lengthSeconds ?? null,
        position: (last?.position ?? -1) + 1,
        createdAt: deps.now(),
      })
      .returning()
      .get();
  });
  return lecture;
}

/**
 * Edits a lecture in place: its id, place, drip day, learners' progress and quizzes stay. A new
 * link is checked as on adding.
 */
export function updateLecture(db: Db, input: { id: number; video: string; title: string | null; lengthSeconds: number | null }): LectureRow {
  const link = normaliseVideoLink(input.video);
  if (!link) throw catalogErrors.VIDEO_LINK_UNSUPPORTED();
  const updated = db
    .update(lectures)
    .set({ title: input.title, videoUrl: link.embedUrl, durationSeconds: input.lengthSeconds })
    .where(eq(lectures.id, input.id))
    .returning()
    .get();
  if (!updated) throw catalogErrors.LECTURE_NOT_FOUND();
  return updated;
}

/** Every lecture whose length the admin has not set (nobody can finish it), with its package, in the packages' order. */
export function lecturesWithoutLength(db: Db): { id: number; packageId: number; packageName: string; title: string | null; position: number }[] {
  return db
    .select({ id: lectures.id, packageId: lectures.packageId, packageName: packages.name, title: lectures.title, position: lectures.position })
    .from(lectures)
    .innerJoin(packages, eq(packages.id, lectures.packageId))
    .where(isNull(lectures.durationSeconds))
    .orderBy(asc(packages.id), asc(lectures.position), asc(lectures.id))
    .all();
}

/** Removes a lecture; a learner who had stopped on it opens the package at its first part next time. */
export function deleteLecture(db: Db, id: number): void {
  const result = db.delete(lectures).where(eq(lectures.id, id)).run();
  if (result.changes === 0) throw catalogErrors.LECTURE_NOT_FOUND();
}

/**
 * Sets a package's lecture order to `lectureIds`, which must name each of its lectures exactly
 * once: an order made from a stale list (a lecture added or deleted meanwhile) is refused.
 */
export function reorderLectures(db: Db, packageId: number, lectureIds: readonly number[]): LectureRow[] {
  const reordered = db.transaction((tx) => {
    if (!tx.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId)).get()) {
      throw catalogErrors.PACKAGE_NOT_FOUND();
    }
    const current = tx.select({ id: lectures.id }).from(lectures).where(eq(lectures.packageId, packageId)).all();
    const currentIds = new Set(current.map((row) => row.id));
    const given = new Set(lectureIds);
    if (given.size !== lectureIds.length || given.size !== currentIds.size || lectureIds.some((id) => !currentIds.has(id))) {
      throw catalogErrors.LECTURE_ORDER_MISMATCH();
    }
    lectureIds.forEach((id, position) => {
      tx.update(lectures).set({ position }).where(eq(lectures.id, id)).run();
    });
    return tx.select().from(lectures).where(eq(lectures.packageId, packageId)).orderBy(asc(lectures.position)).all();
  });
  return reordered;
}

/** The lecture this user last had open in this package, or null. */
export function lastLectureId(db: Db, userId: number, packageId: number): number | null {
  const row = db
    .select({ lectureId: lectureProgress.lectureId })
    .from(lectureProgress)
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.packageId, packageId)))
    .get();
  return row?.lectureId ?? null;
}

/** The lectures whose links this viewer may have: every lecture for an admin, the open ones (drip) for a buyer. */
export function watchableLectures(db: Db, viewer: NonNullable<Viewer>, packageId: number, now: number): LectureRow[] {
  return openLectures(db, { id: viewer.id, isAdmin: isAdminRole(viewer.role) }, packageId, now);
}

/** The lectures of a package on a schedule that are not open yet for this viewer: titles and when they open, never links. */
export function lockedLectures(db: Db, viewer: NonNullable<Viewer>, packageId: number, now: number) {
  return lectureOpenings(db, { id: viewer.id, isAdmin: isAdminRole(viewer.role) }, packageId, now)
    .filter((opening) => !opening.open)
    .map((opening) => ({ id: opening.lecture.id, title: opening.lecture.title, position: opening.lecture.position, opensAt: opening.opensAt }));
}

/** Remembers where the learner is in a package, so the player opens there next time (an open lecture only). */
export function saveProgress(db: Db, viewer: NonNullable<Viewer>, packageId: number, lectureId: number, now: number): void {
  const userId = viewer.id;
  const lecture = db
    .select({ id: lectures.id })
    .from(lectures)
    .where(and(eq(lectures.id, lectureId), eq(lectures.packageId, packageId)))
    .get();
  if (!lecture) throw catalogErrors.LECTURE_NOT_FOUND();
  requireOpenLecture(db, { id: viewer.id, isAdmin: isAdminRole(viewer.role) }, packageId, lectureId, now);
  db.insert(lectureProgress)
    .values({ userId, packageId, lectureId, updatedAt: now })
    .onConflictDoUpdate({ target: [lectureProgress.userId, lectureProgress.packageId], set: { lectureId, updatedAt: now } })
    .run();
}

/**
 * A package's page for this viewer: everyone sees the lecture titles; only a buyer or an admin
 * gets the lectures with their links, and a buyer only those open (drip).
 */
export function packageWithLectures(
  db: Db,
  viewer: Viewer,
  id: number,
  now: number,
): { pkg: PackageWithCount; canWatch: boolean; outline: { id: number; title: string | null }[]; lectures: LectureRow[] | null } {
  const { pkg, canWatch: watch } = visiblePackage(db, viewer, id);
  return { pkg, canWatch: watch, outline: lectureOutline(db, id), lectures: watch && viewer ? watchableLectures(db, viewer, id, now) : null };
}
