import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { enrollments, packageAccessRevocations, packages, users } from '../../db/schema.js';
import { isAdminRole, type Role } from '../../../shared/domain.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { accessErrors } from './access.errors.js';
import { accessRestoredEmail, accessRevokedEmail } from './access.emails.js';
import { toLearnerAccessView, type LearnerAccessView } from './catalog.views.js';
import { accountErrors } from '../../lib/account.errors.js';

/** Who is asking: a signed-in user, or null for a visitor. */
export type Viewer = { id: number; role: Role } | null;
import { pagePaths, pathTo } from '../../../shared/page-paths.js';
import type { Notifier } from '../../lib/notification-channel.js';
import { noticeTo } from '../notifications/outbox.service.js';

type Deps = { db: Db; config: Pick<Config, 'siteName' | 'publicUrl'>; notifier: Notifier; now: () => number };

/** The revocation in force for this learner and package, if any. */
function activeRevocation(db: Queryable, userId: number, packageId: number) {
  return db
    .select()
    .from(packageAccessRevocations)
    .where(and(eq(packageAccessRevocations.userId, userId), eq(packageAccessRevocations.packageId, packageId), isNull(packageAccessRevocations.restoredAt)))
    .get();
}

/** Whether an admin has taken back this learner's access to this package (and not restored it). */
export function isRevoked(db: Queryable, userId: number, packageId: number): boolean {
  return activeRevocation(db, userId, packageId) !== undefined;
}

/** SQL for "this enrollment's package is not revoked", to filter a list of owned packages. */
export const notRevoked = sql`not exists (
  select 1 from ${packageAccessRevocations} r
  where r.user_id = ${enrollments.userId} and r.package_id = ${enrollments.packageId} and r.restored_at is null
)`;

/** The learner must own the package (an enrollment); an admin's revocation needs nothing else. */
function requireEnrollment(db: Queryable, userId: number, packageId: number) {
  const enrollment = db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.packageId, packageId)))
    .get();
  if (!enrollment) throw accessErrors.NOT_OWNED();
  return enrollment;
}

function requireLearner(db: Queryable, userId: number) {
  const user = findActiveUser(db, userId);
  if (!user) throw accountErrors.USER_NOT_FOUND();
  return user;
}

function packageName(db: Queryable, packageId: number): string {
  return db.select({ name: packages.name }).from(packages).where(eq(packages.id, packageId)).get()?.name ?? '';
}

/**
 * Takes back a learner's access to one package, with a reason they are emailed. Nothing financial
 * changes: the enrollment, its order and any commission stay as they are.
 */
export function revokeAccess(deps: Deps, input: { adminId: number; userId: number; packageId: number; reason: string }): void {
  const learner = requireLearner(deps.db, input.userId);
  deps.db.transaction((tx) => {
    requireEnrollment(tx, input.userId, input.packageId);
    if (isRevoked(tx, input.userId, input.packageId)) throw accessErrors.ALREADY_REVOKED();
    const revocation = tx
      .insert(packageAccessRevocations)
      .values({ userId: input.userId, packageId: input.packageId, reason: input.reason, revokedBy: input.adminId, revokedAt: deps.now() })
      .returning({ id: packageAccessRevocations.id })
      .get();
    deps.notifier.enqueue(
      tx,
      noticeTo(learner, `access-revoked:${revocation.id}`, accessRevokedEmail, {
        siteName: deps.config.siteName,
        name: learner.name,
        pkg: packageName(tx, input.packageId),
        reason: input.reason,
        link: `${deps.config.publicUrl}${pagePaths.contact}`,
      }),
    );
  });
}

/** Gives the access back; the learner is emailed. */
export function restoreAccess(deps: Deps, input: { adminId: number; userId: number; packageId: number }): void {
  const learner = requireLearner(deps.db, input.userId);
  deps.db.transaction((tx) => {
    requireEnrollment(tx, input.userId, input.packageId);
    const revocation = activeRevocation(tx, input.userId, input.packageId);
    if (!revocation) throw accessErrors.NOT_REVOKED();
    tx.update(packageAccessRevocations).set({ restoredAt: deps.now(), restoredBy: input.adminId }).where(eq(packageAccessRevocations.id, revocation.id)).run();
    deps.notifier.enqueue(
      tx,
      noticeTo(learner, `access-restored:${revocation.id}`, accessRestoredEmail, {
        siteName: deps.config.siteName,
        name: learner.name,
        pkg: packageName(tx, input.packageId),
        link: `${deps.config.publicUrl}${pathTo(pagePaths.player, { courseId: input.packageId })}`,
      }),
    );
  });
}

/** A learner's packages with the access state of each, for the admin's learner screen. */
export function learnerAccess(db: Db, userId: number): LearnerAccessView {
  const learner = requireLearner(db, userId);
  const admin = sql<string | null>`(select name from ${users} a where a.id = ${packageAccessRevocations.revokedBy})`;
  const rows = db
    .select({
      id: packages.id,
      name: packages.name,
      archivedAt: packages.archivedAt,
      boughtAt: enrollments.createdAt,
      reason: packageAccessRevocations.reason,
      revokedAt: packageAccessRevocations.revokedAt,
      revokedBy: admin,
    })
    .from(enrollments)
    .innerJoin(packages, eq(packages.id, enrollments.packageId))
    .leftJoin(
      packageAccessRevocations,
      and(
        eq(packageAccessRevocations.userId, enrollments.userId),
        eq(packageAccessRevocations.packageId, enrollments.packageId),
        isNull(packageAccessRevocations.restoredAt),
      ),
    )
    .where(eq(enrollments.userId, userId))
    .orderBy(asc(enrollments.createdAt), asc(packages.id))
    .all();
  return toLearnerAccessView(learner, rows);
}

/** The viewer's phone with all but its last 4 digits hidden, or their email when they have no phone. */
export function maskedContact(user: { phone: string | null; email: string }): string {
  if (user.phone && user.phone.length >= 4) return `${'•'.repeat(Math.max(user.phone.length - 4, 0))}${user.phone.slice(-4)}`;
  return user.email;
}

/**
 * What the player writes over a playing lecture: who is watching (masked phone, or email) and the
 * order that granted the package (`#42`), so a recording names its source.
 */
export function watermarkFor(db: Db, viewer: NonNullable<Viewer>, packageId: number): { viewer: string; orderId: number | null } {
  const user = findActiveUser(db, viewer.id);
  const enrollment = isAdminRole(viewer.role)
    ? undefined
    : db
        .select({ orderId: enrollments.orderId })
        .from(enrollments)
        .where(and(eq(enrollments.userId, viewer.id), eq(enrollments.packageId, packageId)))
        .get();
  return {
    viewer: user ? maskedContact(user) : '',
    orderId: enrollment?.orderId ?? null,
  };
}
