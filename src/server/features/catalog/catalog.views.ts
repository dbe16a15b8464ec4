import type { Tier } from '../../../shared/domain.js';
import type { PackageWithCount } from './catalog.service.js';

/** A package as clients see it. Money in paise; the REST adapter turns it into rupees. */
export type PackageView = {
  id: string;
  name: string;
  description: string;
  pricePaise: number;
  image: string | null;
  tier: Tier | null;
  lectureCount: number;
};

export function packageImageUrl(image: string | null): string | null {
  return image ? `/uploads/packages/${image}` : null;
}

export function toPackageView(row: PackageWithCount): PackageView {
  return {
    id: String(row.id),
    name: row.name,
    description: row.description,
    pricePaise: row.pricePaise,
    image: packageImageUrl(row.image),
    tier: row.tier,
    lectureCount: row.lectureCount,
  };
}
