import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { prepared, type Db, type Queryable } from '../../db/client.js';
import { enrollments, lectures, orders, packages, users, type PackageRow } from '../../db/schema.js';
import { removeImageFiles, saveImage } from '../../lib/images.js';
import { isAdminRole, type Tier } from '../../../shared/domain.js';
import { readCache } from '../../lib/read-cache.js';
import { PACKAGE_IMAGE_WIDTHS, packageImageFiles, packageImagesDir } from '../../lib/uploads.js';
import { catalogErrors } from './catalog.errors.js';
import { isRevoked, notRevoked, type Viewer } from './access.service.js';
import { toPackageView, type PackageView, type PackageWithCount } from './catalog.views.js';

/**
 * Drizzle writes a column of a one-table query without its table's name, which inside this
 * subquery would mean the lecture's own id: the names are spelled out.
 */
const lectureCount = sql<number>`(select count(*) from "lectures" where "lectures"."package_id" = "packages"."id")`;

function withCount(rows: { package: PackageRow; lectureCount: number }[]): PackageWithCount[] {
  return rows.map((row) => ({ ...row.package, lectureCount: row.lectureCount }));
}

/**
 * Packages on sale as the catalogue shows them: the most read answer of the site, kept in memory
 * until a package or lecture changes.
 */
export function packagesOnSale(db: Db): PackageView[] {
  return readCache(db).get('catalog:on-sale', ['catalog'], () => listOnSale(db).map(toPackageView));
}

/** Packages on sale (not archived), oldest first, with how many lectures each has. */
export function listOnSale(db: Db): PackageWithCount[] {
  return withCount(db.select({ package: packages, lectureCount }).from(packages).where(isNull(packages.archivedAt)).orderBy(asc(packages.id)).all());
}

/** Every package, archived ones included (their buyers still watch them), oldest first: for admins. */
export function listAll(db: Db): PackageWithCount[] {
  return withCount(db.select({ package: packages, lectureCount }).from(packages).orderBy(asc(packages.id)).all());
}

/** A package by id, on sale or archived (an order and its receipt keep their package). */
export function packageById(db: Queryable, id: number): PackageRow {
  return prepared(db, 'packages.byId', () =>
    db
      .select()
      .from(packages)
      .where(eq(packages.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id })!;
}

export function findPackage(db: Db, id: number): PackageWithCount | undefined {
  const row = db.select({ package: packages, lectureCount }).from(packages).where(eq(packages.id, id)).get();
  return row ? { ...row.package, lectureCount: row.lectureCount } : undefined;
}

/** The packages a user owns, archived ones included, in the order they got them. */
export function ownedPackages(db: Db, userId: number): PackageWithCount[] {
  return withCount(
    db
      .select({ package: packages, lectureCount })
      .from(enrollments)
      .innerJoin(packages, eq(packages.id, enrollments.packageId))
      // A package whose access an admin took back leaves My Courses.
      .where(and(eq(enrollments.userId, userId), notRevoked))
      .orderBy(asc(enrollments.createdAt), asc(packages.id))
      .all(),
  );
}

/** Whether the user bought the package (access taken back or not); inside a transaction too. */
export function hasBought(db: Queryable, userId: number, packageId: number): boolean {
  return (
    db
      .select({ one: sql`1` })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.packageId, packageId)))
      .get() !== undefined
  );
}

/** Only buyers and admins ever receive a package's lecture links; not a buyer whose access an admin took back. */
export function canWatch(db: Db, viewer: Viewer, packageId: number): boolean {
  if (!viewer) return false;
  return isAdminRole(viewer.role) || (hasBought(db, viewer.id, packageId) && !isRevoked(db, viewer.id, packageId));
}

/**
 * A package as this viewer may see it: a package on sale for anyone; an archived one only for
 * its buyers and admins (it left the catalogue, buyers keep it). Anything else is not found.
 */
export function visiblePackage(db: Db, viewer: Viewer, id: number): { pkg: PackageWithCount; canWatch: boolean } {
  const pkg = findPackage(db, id);
  if (!pkg) throw catalogErrors.PACKAGE_NOT_FOUND();
  const watch = canWatch(db, viewer, id);
  if (pkg.archivedAt !== null && !watch) throw catalogErrors.PACKAGE_NOT_FOUND();
  return { pkg, canWatch: watch };
}

export type NewPackage = {
  name: string;
  description: string;
  pricePaise: number;
  tier: Tier | null;
  /** Null: the site's COMMISSION_PERCENT of the price. */
  commissionPaise: number | null;
  image: Buffer;
};

type Deps = { db: Db; config: Pick<Config, 'dataDir'>; now: () => number };

/** Checks and re-encodes the image (a few widths for srcset), then stores the package. */
export async function addPackage(deps: Deps, input: NewPackage): Promise<PackageWithCount> {
  const dir = packageImagesDir(deps.config.dataDir);
  const saved = await saveImage(input.image, dir, PACKAGE_IMAGE_WIDTHS);
  try {
    const row = deps.db
      .insert(packages)
      .values({
        name: input.name,
        description: input.description,
        pricePaise: input.pricePaise,
        tier: input.tier,
        commissionPaise: input.commissionPaise,
        image: saved.base,
        createdAt: deps.now(),
      })
      .returning()
      .get();
    return { ...row, lectureCount: 0 };
  } catch (error) {
    await removeImageFiles(dir, saved.files);
    throw error;
  }
}

export type PackageChanges = Omit<NewPackage, 'image'> & { image?: Buffer | undefined };

/**
 * Edits a package in place: its id stays (shared links and previews keep working). A new price
 * applies to orders placed from now on; an order keeps the amount it was placed at, and its receipt
 * what was paid. A new picture replaces the old one's files once the change is stored.
 */
export async function updatePackage(deps: Deps, id: number, changes: PackageChanges): Promise<PackageWithCount> {
  const existing = findPackage(deps.db, id);
  if (!existing) throw catalogErrors.PACKAGE_NOT_FOUND();
  const dir = packageImagesDir(deps.config.dataDir);
  const saved = changes.image ? await saveImage(changes.image, dir, PACKAGE_IMAGE_WIDTHS) : null;
  try {
    const { image: _image, ...fields } = changes;
    const updated = deps.db
      .update(packages)
      .set({ ...fields, ...(saved && { image: saved.base }) })
      .where(eq(packages.id, id))
      .returning()
      .get();
    if (!updated) throw catalogErrors.PACKAGE_NOT_FOUND();
  } catch (error) {
    if (saved) await removeImageFiles(dir, saved.files);
    throw error;
  }
  if (saved && existing.image) await removeImageFiles(dir, packageImageFiles(existing.image));
  return findPackage(deps.db, id)!;
}

/**
 * Deletes a package nobody bought or ordered (its lectures and image go with it). A package that
 * anyone bought, or that an order points at, is archived instead: it leaves the catalogue and
 * its buyers keep it. An archived package counts as already gone.
 */
export async function deletePackage(deps: Deps, id: number): Promise<'archived' | 'removed'> {
  const { db } = deps;
  const outcome = db.transaction((tx) => {
    const pkg = tx
      .select()
      .from(packages)
      .where(and(eq(packages.id, id), isNull(packages.archivedAt)))
      .get();
    if (!pkg) throw catalogErrors.PACKAGE_NOT_FOUND();
    const bought = tx.select({ one: sql`1` }).from(enrollments).where(eq(enrollments.packageId, id)).get();
    const ordered = tx.select({ one: sql`1` }).from(orders).where(eq(orders.packageId, id)).get();
    if (bought || ordered) {
      tx.update(packages).set({ archivedAt: deps.now() }).where(eq(packages.id, id)).run();
      return { kind: 'archived' as const, image: null };
    }
    // Lectures and progress go with it (ON DELETE CASCADE).
    tx.delete(packages).where(eq(packages.id, id)).run();
    return { kind: 'removed' as const, image: pkg.image };
  });
  if (outcome.image) await removeImageFiles(packageImagesDir(deps.config.dataDir), packageImageFiles(outcome.image));
  return outcome.kind;
}

export type SiteStats = { packages: number; lectures: number; users: number };

/** The admin dashboard's numbers: packages on sale, their lectures, and users not deleted. */
export function siteStats(db: Db): SiteStats {
  const onSale = db.select({ n: count() }).from(packages).where(isNull(packages.archivedAt)).get()?.n ?? 0;
  const lectureTotal =
    db.select({ n: count() }).from(lectures).innerJoin(packages, eq(packages.id, lectures.packageId)).where(isNull(packages.archivedAt)).get()?.n ?? 0;
  const userTotal = db.select({ n: count() }).from(users).where(isNull(users.deletedAt)).get()?.n ?? 0;
  return { packages: onSale, lectures: lectureTotal, users: userTotal };
}
