import type { Tier } from '../../../shared/domain.js';
import type { LectureRow, PackageRow } from '../../db/schema.js';
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

/** What admins see besides: whether it is archived and its fixed commission (null: the site's percentage). */
export type AdminPackageView = PackageView & { archived: boolean; commissionPaise: number | null };

/** A lecture with its link: only ever built for a buyer or an admin. */
export type LectureView = { id: string; title: string | null; video: string; position: number };

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
  return { ...toPackageView(row), archived: row.archivedAt !== null, commissionPaise: row.commissionPaise };
}

export function toLectureView(row: LectureRow): LectureView {
  return { id: String(row.id), title: row.title, video: row.videoUrl, position: row.position };
}
