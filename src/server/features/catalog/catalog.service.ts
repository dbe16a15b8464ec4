import { asc, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lectures, packages, type PackageRow } from '../../db/schema.js';

export type PackageWithCount = PackageRow & { lectureCount: number };

const lectureCount = sql<number>`(select count(*) from ${lectures} where ${lectures.packageId} = ${packages.id})`;

/** Packages on sale (not archived), oldest first, with how many lectures each has. */
export function listOnSale(db: Db): PackageWithCount[] {
  return db
    .select({ package: packages, lectureCount })
    .from(packages)
    .where(isNull(packages.archivedAt))
    .orderBy(asc(packages.id))
    .all()
    .map((row) => ({ ...row.package, lectureCount: row.lectureCount }));
}
