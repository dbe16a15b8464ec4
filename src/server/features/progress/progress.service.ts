/**
 * Progress that means watched (docs/decisions/012-done-means-watched.md, 144): a lecture counts as
 * done once WATCHED_SHARE of its length, as the admin set it on the server, could have been played
 * since the learner tapped play (at FASTEST_PLAYBACK) and, where the player tells how much was
 * played (YouTube, Vimeo), the player saw that much played. The browser never says how long a
 * video is; a lecture without a length set by the admin cannot be done. Never before it was
 * played: a lecture has no row until its play button was tapped.
 */
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { enrollments, lectureWatches, lectures, packages } from '../../db/schema.js';
import { isAdminRole } from '../../../shared/domain.js';
import { FASTEST_PLAYBACK, WATCHED_SHARE } from '../../../shared/learning.js';
import { normaliseVideoLink } from '../../../shared/video-links.js';
import { notRevoked, type Viewer } from '../catalog/access.service.js';
import { requireWatchAccess } from '../catalog/lectures.service.js';
import { catalogErrors } from '../catalog/catalog.errors.js';
import { requireOpenLecture } from '../drip/drip.service.js';
import { progressErrors } from './progress.errors.js';
import type { LectureProgress } from './progress.views.js';

type Deps = { db: Db; now: () => number };
type Learner = NonNullable<Viewer>;

/** A few seconds more than the clock allows: a report sent as the page closes may be a little late. */
const REPORT_SLACK_SECONDS = 5;

/** The lecture must be of this package, the viewer may watch it, and it must be open for them (drip). */
function requireWatchableLecture(deps: Deps, viewer: Learner, packageId: number, lectureId: number) {
  requireWatchAccess(deps.db, viewer, packageId);
  const lecture = deps.db
    .select()
    .from(lectures)
    .where(and(eq(lectures.id, lectureId), eq(lectures.packageId, packageId)))
    .get();
  if (!lecture) throw catalogErrors.LECTURE_NOT_FOUND();
  requireOpenLecture(deps.db, { id: viewer.id, isAdmin: isAdminRole(viewer.role) }, packageId, lectureId, deps.now());
  return lecture;
}

function watchOf(db: Queryable, userId: number, lectureId: number) {
  return db
    .select()
    .from(lectureWatches)
    .where(and(eq(lectureWatches.userId, userId), eq(lectureWatches.lectureId, lectureId)))
    .get();
}

/** Whether the player of this lecture's host can tell how much was played (YouTube and Vimeo can; Drive cannot). */
export function playerMeasures(videoUrl: string): boolean {
  const provider = normaliseVideoLink(videoUrl)?.provider;
  return provider === 'youtube' || provider === 'vimeo';
}

/** Seconds of video that could have been played since the lecture was started, by the server's clock. */
function playableSince(startedAt: number, now: number): number {
  return (FASTEST_PLAYBACK * Math.max(0, now - startedAt)) / 1000 + REPORT_SLACK_SECONDS;
}

/** Whether enough of a lecture of this length is counted (played, or playable since the start) to call it done. */
function enoughOf(lengthSeconds: number | null, seconds: number): boolean {
  return lengthSeconds !== null && seconds >= WATCHED_SHARE * lengthSeconds;
}

/** The learner tapped play: the lecture is started (once; a second play changes nothing). */
export function startLecture(deps: Deps, viewer: Learner, input: { packageId: number; lectureId: number }): { startedAt: number } {
  requireWatchableLecture(deps, viewer, input.packageId, input.lectureId);
  const now = deps.now();
  deps.db
    .insert(lectureWatches)
    .values({ userId: viewer.id, lectureId: input.lectureId, packageId: input.packageId, startedAt: now, updatedAt: now })
    .onConflictDoNothing()
    .run();
  return { startedAt: watchOf(deps.db, viewer.id, input.lectureId)!.startedAt };
}

/**
 * The player's report of how much of a started lecture was played. What is kept never exceeds the
 * lecture's length as the server knows it, nor what could have been played since the lecture was
 * started (at FASTEST_PLAYBACK), nor goes down. Done once it reaches WATCHED_SHARE of that length.
 * The length the player reports is kept only as the sign that this player measures (then only
 * watching makes it done); it decides nothing.
 */
export function reportWatched(
  deps: Deps,
  viewer: Learner,
  input: { packageId: number; lectureId: number; watchedSeconds: number; durationSeconds?: number | undefined },
): { done: boolean } {
  const lecture = requireWatchableLecture(deps, viewer, input.packageId, input.lectureId);
  const now = deps.now();
  return deps.db.transaction((tx) => {
    const watch = watchOf(tx, viewer.id, input.lectureId);
    if (!watch) throw progressErrors.LECTURE_NOT_STARTED();
    const length = lecture.durationSeconds ?? Number.POSITIVE_INFINITY;
    const believed = Math.floor(Math.min(input.watchedSeconds, length, playableSince(watch.startedAt, now)));
    const watched = Math.max(watch.watchedSeconds, believed);
    const reached = enoughOf(lecture.durationSeconds, watched);
    const done = watch.doneAt !== null || reached;
    tx.update(lectureWatches)
      .set({
        watchedSeconds: watched,
        durationSeconds: input.durationSeconds === undefined ? watch.durationSeconds : Math.round(input.durationSeconds),
        updatedAt: now,
        ...(watch.doneAt === null && reached && { doneAt: now, doneHow: 'watched' as const }),
      })
      .where(and(eq(lectureWatches.userId, viewer.id), eq(lectureWatches.lectureId, input.lectureId)))
      .run();
    return { done };
  });
}

/**
 * The learner marks a started lecture done where the player cannot tell how much was played: a
 * Google Drive video, or a YouTube or Vimeo player that never reported. Only once the lecture has
 * a length and enough time has passed since play to have watched WATCHED_SHARE of it; a lecture
 * whose player did report is done by watching it.
 */
export function markLectureDone(deps: Deps, viewer: Learner, input: { packageId: number; lectureId: number }): { done: true } {
  const lecture = requireWatchableLecture(deps, viewer, input.packageId, input.lectureId);
  const now = deps.now();
  return deps.db.transaction((tx) => {
    const watch = watchOf(tx, viewer.id, input.lectureId);
    if (!watch) throw progressErrors.LECTURE_NOT_STARTED();
    if (watch.doneAt !== null) return { done: true as const };
    if (playerMeasures(lecture.videoUrl) && watch.durationSeconds !== null) throw progressErrors.LECTURE_MEASURED();
    if (lecture.durationSeconds === null) throw progressErrors.LECTURE_LENGTH_UNKNOWN();
    if (!enoughOf(lecture.durationSeconds, playableSince(watch.startedAt, now))) throw progressErrors.LECTURE_TOO_SOON();
    tx.update(lectureWatches)
      .set({ doneAt: now, doneHow: 'marked', updatedAt: now })
      .where(and(eq(lectureWatches.userId, viewer.id), eq(lectureWatches.lectureId, input.lectureId)))
      .run();
    return { done: true as const };
  });
}

/** Each lecture of the package as this learner stands with it, in order. */
export function packageProgress(db: Queryable, userId: number, packageId: number): LectureProgress[] {
  const rows = db
    .select({ lecture: lectures, watch: lectureWatches })
    .from(lectures)
    .leftJoin(lectureWatches, and(eq(lectureWatches.lectureId, lectures.id), eq(lectureWatches.userId, userId)))
    .where(eq(lectures.packageId, packageId))
    .orderBy(asc(lectures.position), asc(lectures.id))
    .all();
  return rows.map(({ lecture, watch }) => ({
    lectureId: lecture.id,
    started: watch !== null,
    done: watch?.doneAt != null,
    watchedPercent:
      watch && lecture.durationSeconds && watch.durationSeconds !== null
        ? Math.min(100, Math.floor((100 * watch.watchedSeconds) / lecture.durationSeconds))
        : null,
    canMarkDone:
      watch !== null && watch.doneAt === null && lecture.durationSeconds !== null && !(playerMeasures(lecture.videoUrl) && watch.durationSeconds !== null),
    lengthKnown: lecture.durationSeconds !== null,
  }));
}

/** The learner's progress in this package, if they may watch it (404/403 otherwise). */
export function progressFor(db: Db, viewer: Learner, packageId: number): LectureProgress[] {
  requireWatchAccess(db, viewer, packageId);
  return packageProgress(db, viewer.id, packageId);
}

export function lectureCounts(db: Queryable, userId: number, packageId: number): { total: number; done: number } {
  const total = db.select({ n: count() }).from(lectures).where(eq(lectures.packageId, packageId)).get()?.n ?? 0;
  const done =
    db
      .select({ n: count() })
      .from(lectureWatches)
      .innerJoin(lectures, eq(lectures.id, lectureWatches.lectureId))
      .where(and(eq(lectureWatches.userId, userId), eq(lectures.packageId, packageId), isNotNull(lectureWatches.doneAt)))
      .get()?.n ?? 0;
  return { total, done };
}

/** My Packages: lectures done of each package the learner owns (access not taken back). */
export function progressOfOwned(db: Queryable, userId: number): { packageId: number; total: number; done: number }[] {
  // Drizzle writes a column of a one-table query without its table's name: the names are spelled out.
  const total = sql<number>`(select count(*) from "lectures" l where l.package_id = "enrollments"."package_id")`;
  const done = sql<number>`(select count(*) from "lecture_watches" w join "lectures" l on l.id = w.lecture_id
    where w.user_id = "enrollments"."user_id" and l.package_id = "enrollments"."package_id" and w.done_at is not null)`;
  return (
    db
      .select({ packageId: enrollments.packageId, total, done })
      .from(enrollments)
      // Joined so that Drizzle names each column with its table (notRevoked's subquery needs them).
      .innerJoin(packages, eq(packages.id, enrollments.packageId))
      .where(and(eq(enrollments.userId, userId), notRevoked))
      .orderBy(asc(enrollments.createdAt))
      .all()
  );
}

/**
 * For the admin: each buyer of a package with how many lectures they have done, the first lecture
 * they have not done (where they are), and when they last did anything (a start, a report, a tick).
 */
export function buyersProgress(
  db: Queryable,
  packageId: number,
): { userId: number; started: boolean; done: number; nextLectureId: number | null; lastActivityAt: number }[] {
  const list = db.select({ id: lectures.id }).from(lectures).where(eq(lectures.packageId, packageId)).orderBy(asc(lectures.position), asc(lectures.id)).all();
  const buyers = db
    .select({ userId: enrollments.userId, boughtAt: enrollments.createdAt })
    .from(enrollments)
    .innerJoin(packages, eq(packages.id, enrollments.packageId))
    .where(and(eq(enrollments.packageId, packageId), notRevoked))
    .all();
  const watches = db.select().from(lectureWatches).where(eq(lectureWatches.packageId, packageId)).all();
  const byUser = new Map<number, (typeof watches)[number][]>();
  for (const watch of watches) byUser.set(watch.userId, [...(byUser.get(watch.userId) ?? []), watch]);
  return buyers.map((buyer) => {
    const own = byUser.get(buyer.userId) ?? [];
    const doneIds = new Set(own.filter((watch) => watch.doneAt !== null).map((watch) => watch.lectureId));
    const next = list.find((lecture) => !doneIds.has(lecture.id));
    const lastActivityAt = Math.max(buyer.boughtAt, ...own.map((watch) => watch.updatedAt));
    return {
      userId: buyer.userId,
      started: own.length > 0,
      done: list.filter((lecture) => doneIds.has(lecture.id)).length,
      nextLectureId: next?.id ?? null,
      lastActivityAt,
    };
  });
}
