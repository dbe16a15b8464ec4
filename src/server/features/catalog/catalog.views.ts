import type { Tier } from '../../../shared/domain.js';
import type { LectureRow, PackageRow, UserRow } from '../../db/schema.js';
import { packageImageSrcSet, packageImageUrl } from '../../lib/uploads.js';

/** A package row with the number of its lectures, as the catalogue's queries read it. */
export type PackageWithCount = PackageRow & { lectureCount: number };

/** A package as clients see it. Money in paise; the REST adapter turns it into rupees. */
export type PackageView = {
  id: string;
  name: string;
  description: string;
  pricePaise: number;
  /** The middle width's URL: what the REST answers give as `image`. */
  image: string | null;
  /** Every width, for the `srcset` of an `<img>`. */
  imageSrcSet: string | null;
  tier: Tier | null;
  lectureCount: number;
};

/** What admins see besides: whether it is archived, its fixed commission (null: the site's percentage) and whether it gives certificates. */
export type AdminPackageView = PackageView & { archived: boolean; commissionPaise: number | null; certificates: boolean };

/** A lecture with its link: only ever built for a buyer or an admin. */
export type LectureView = { id: string; title: string | null; video: string; position: number; lengthSeconds: number | null };

/** What anyone may know of a lecture: its title, never its link. */
export type LectureOutlineView = { id: string; title: string | null };

export type PackageDetailView = PackageView & {
  archived: boolean;
  /** The viewer bought it or is an admin: `lectures` carries the links. */
  canWatch: boolean;
  outline: LectureOutlineView[];
  lectures: LectureView[] | null;
};

export function toPackageView(row: PackageWithCount): PackageView {
  return {
    id: String(row.id),
    name: row.name,
    description: row.description,
    pricePaise: row.pricePaise,
    image: packageImageUrl(row.image),
    imageSrcSet: packageImageSrcSet(row.image),
    tier: row.tier,
    lectureCount: row.lectureCount,
  };
}

export function toAdminPackageView(row: PackageWithCount): AdminPackageView {
  return { ...toPackageView(row), archived: row.archivedAt !== null, commissionPaise: row.commissionPaise, certificates: row.certificates };
}

export function toLectureView(row: LectureRow): LectureView {
  return { id: String(row.id), title: row.title, video: row.videoUrl, position: row.position, lengthSeconds: row.durationSeconds };
}

/** A package with its outline, and its lectures' links when the viewer may watch. */
export function toPackageDetailView(detail: {
  pkg: PackageWithCount;
  canWatch: boolean;
  outline: { id: number; title: string | null }[];
  lectures: LectureRow[] | null;
}): PackageDetailView {
  return {
    ...toPackageView(detail.pkg),
    archived: detail.pkg.archivedAt !== null,
    canWatch: detail.canWatch,
    outline: detail.outline.map((lecture) => ({ id: String(lecture.id), title: lecture.title })),
    lectures: detail.lectures?.map(toLectureView) ?? null,
  };
}

/** The viewer's mark: who is watching, and the order that granted the package (`#42`). */
export type WatermarkView = { viewer: string; order: string | null };

/** A lecture not open yet (drip): its place, title and when it opens; never its link. */
export type LockedLectureView = { id: string; title: string | null; position: number; opensAt: number };

/** A package's open lectures for the player, the locked ones, where this learner stopped, and the viewer's mark. */
export function toPlayerView(
  lectures: LectureRow[],
  currentLectureId: number | null,
  mark: { viewer: string; orderId: number | null },
  locked: { id: number; title: string | null; position: number; opensAt: number }[] = [],
) {
  const watermark: WatermarkView = { viewer: mark.viewer, order: mark.orderId ? `#${mark.orderId}` : null };
  const open = new Set(lectures.map((lecture) => lecture.id));
  return {
    lectures: lectures.map(toLectureView),
    // The place to open on, if it is still open (a schedule set later may have closed it).
    currentLectureId: currentLectureId === null || !open.has(currentLectureId) ? null : String(currentLectureId),
    watermark,
    locked: locked.map((item): LockedLectureView => ({ id: String(item.id), title: item.title, position: item.position, opensAt: item.opensAt })),
  };
}

export type LearnerAccessView = {
  user: { id: string; name: string; email: string; phone: string | null; role: string };
  packages: {
    id: string;
    name: string;
    archived: boolean;
    boughtAt: number;
    revoked: { reason: string; at: number; by: string } | null;
  }[];
};

export function toLearnerAccessView(
  learner: UserRow,
  rows: { id: number; name: string; archivedAt: number | null; boughtAt: number; reason: string | null; revokedAt: number | null; revokedBy: string | null }[],
): LearnerAccessView {
  return {
    user: { id: String(learner.id), name: learner.name, email: learner.email, phone: learner.phone, role: learner.role },
    packages: rows.map((row) => ({
      id: String(row.id),
      name: row.name,
      archived: row.archivedAt !== null,
      boughtAt: row.boughtAt,
      revoked: row.revokedAt === null ? null : { reason: row.reason ?? '', at: row.revokedAt, by: row.revokedBy ?? '' },
    })),
  };
}
