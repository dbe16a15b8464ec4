/** A lecture as one learner stands with it (ids as numbers): what progress.service answers. */
export type LectureProgress = {
  lectureId: number;
  started: boolean;
  done: boolean;
  /** Percent of its length played, where the player told it. */
  watchedPercent: number | null;
  /** Whether the learner may mark it done (played, not done, its length set, and its player cannot tell); the server still waits for the time to pass. */
  canMarkDone: boolean;
  /** Whether the admin set the lecture's length (without it, it cannot be done yet). */
  lengthKnown: boolean;
};

export type LectureProgressView = {
  lectureId: string;
  started: boolean;
  done: boolean;
  watchedPercent: number | null;
  canMarkDone: boolean;
  lengthKnown: boolean;
};

export function toLectureProgressView(row: LectureProgress): LectureProgressView {
  return { ...row, lectureId: String(row.lectureId) };
}

export type OwnedProgressView = { packageId: string; total: number; done: number };

export function toOwnedProgressView(row: { packageId: number; total: number; done: number }): OwnedProgressView {
  return { packageId: String(row.packageId), total: row.total, done: row.done };
}
