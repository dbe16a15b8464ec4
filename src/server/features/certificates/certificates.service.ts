/**
 * Certificates of completion (docs/decisions/015-certificates.md). A learner who owns a package that gives
 * certificates, has done every lecture and passed every quiz, claims theirs with the name they
 * chose once (Devanagari or Latin letters, then fixed). Each has a random public number; its page
 * `/certificates/{number}` says whether it is valid (name, package, date) or was revoked, and
 * nothing else. An admin may revoke one; a reversed purchase revokes it; only an admin restores it.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { certificateNames, certificates, packages, users, type CertificateRow } from '../../db/schema.js';
import type { Language } from '../../../shared/domain.js';
import { nameScriptOf, type NameScript } from '../../../shared/learning.js';
import { pagePaths, pathTo } from '../../../shared/page-paths.js';
import { isRevoked, type Viewer } from '../catalog/access.service.js';
import { catalogErrors } from '../catalog/catalog.errors.js';
import { hasBought } from '../catalog/catalog.service.js';
import { lectureCounts } from '../progress/progress.service.js';
import { quizProgress } from '../quizzes/quizzes.service.js';
import { certificatePdf, certificateSignature } from './certificate-pdf.js';
import { certificateErrors } from './certificates.errors.js';
import { isOwnerOrAdmin, type Requester } from '../../lib/owner-or-admin.js';
import type { DomainEvents } from '../../lib/domain-events.js';

type Learner = NonNullable<Viewer>;
type Deps = { db: Db; config: Config; events: DomainEvents; now: () => number };

/** Crockford's base 32: no I, L, O or U, so a number read aloud or typed is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** PREFIX-XXXX-XXXX-XXXX: 60 random bits, so numbers cannot be guessed or walked through. */
function newCertificateNumber(prefix: string): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${prefix}-${group()}-${group()}-${group()}`;
}

function packageRow(db: Queryable, packageId: number) {
  const pkg = db.select().from(packages).where(eq(packages.id, packageId)).get();
  if (!pkg) throw catalogErrors.PACKAGE_NOT_FOUND();
  return pkg;
}

/** The learner's latest revoked certificate of this package: it stays revoked until an admin restores it. */
function revokedCertificate(db: Queryable, userId: number, packageId: number): CertificateRow | undefined {
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.packageId, packageId), isNotNull(certificates.revokedAt)))
    .orderBy(desc(certificates.revokedAt))
    .get();
}

function validCertificate(db: Queryable, userId: number, packageId: number): CertificateRow | undefined {
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.packageId, packageId), isNull(certificates.revokedAt)))
    .get();
}

export function chosenName(db: Queryable, userId: number): { name: string; script: NameScript } | null {
  const row = db.select().from(certificateNames).where(eq(certificateNames.userId, userId)).get();
  return row ? { name: row.name, script: row.script } : null;
}

export type CertificateStatus = {
  enabled: boolean;
  lectures: { done: number; total: number };
  quizzes: { passed: number; total: number };
  finished: boolean;
  certificate: { number: string; issuedAt: number } | null;
  /** A revoked certificate of this package (and no valid one): the learner cannot claim another until an admin restores it. */
  revoked: { number: string; revokedAt: number } | null;
  name: { name: string; script: NameScript } | null;
};

/** Where the learner stands towards this package's certificate. Only an owner of the package (404/403 otherwise). */
export function certificateStatus(db: Queryable, viewer: Learner, packageId: number): CertificateStatus {
  const pkg = packageRow(db, packageId);
  if (!hasBought(db, viewer.id, packageId)) throw catalogErrors.NOT_BOUGHT();
  if (isRevoked(db, viewer.id, packageId)) throw catalogErrors.NOT_BOUGHT();
  const lectures = lectureCounts(db, viewer.id, packageId);
  const quizzes = quizProgress(db, viewer.id, packageId);
  const passed = quizzes.filter((quiz) => quiz.passed).length;
  const certificate = validCertificate(db, viewer.id, packageId);
  const revoked = certificate ? undefined : revokedCertificate(db, viewer.id, packageId);
  return {
    enabled: pkg.certificates,
    lectures,
    quizzes: { passed, total: quizzes.length },
    finished: lectures.total > 0 && lectures.done === lectures.total && passed === quizzes.length,
    certificate: certificate ? { number: certificate.number, issuedAt: certificate.issuedAt } : null,
    revoked: revoked?.revokedAt ? { number: revoked.number, revokedAt: revoked.revokedAt } : null,
    name: chosenName(db, viewer.id),
  };
}

/**
 * Issues the learner's certificate for a package they finished, once (a second claim answers the
 * same certificate). The first claim fixes the name the learner chose for every certificate; a
 * later claim may repeat it but not change it. A revoked certificate is not replaced by claiming
 * again: it stays revoked until an admin restores it.
 */
export function claimCertificate(deps: Deps, viewer: Learner, input: { packageId: number; name?: string | undefined }): CertificateRow {
  const issued = deps.db.transaction((tx) => {
    const status = certificateStatus(tx, viewer, input.packageId);
    if (!status.enabled) throw certificateErrors.CERTIFICATES_OFF();
    if (!status.finished) throw certificateErrors.NOT_FINISHED();
    const existing = validCertificate(tx, viewer.id, input.packageId);
    if (existing) return { certificate: existing, isNew: false };
    if (status.revoked) throw certificateErrors.REVOKED_UNTIL_RESTORED();
    const now = deps.now();
    let name = status.name?.name ?? null;
    if (name === null) {
      const script = input.name ? nameScriptOf(input.name) : null;
      if (!input.name || !script) throw certificateErrors.NAME_NEEDED();
      tx.insert(certificateNames).values({ userId: viewer.id, name: input.name, script, chosenAt: now }).run();
      name = input.name;
    } else if (input.name !== undefined && input.name !== name) {
      throw certificateErrors.NAME_FIXED();
    }
    const pkg = packageRow(tx, input.packageId);
    for (;;) {
      const number = newCertificateNumber(deps.config.receiptPrefix);
      const row = tx
        .insert(certificates)
        .values({ number, userId: viewer.id, packageId: input.packageId, name, packageName: pkg.name, issuedAt: now })
        .onConflictDoNothing({ target: certificates.number })
        .returning()
        .get();
      if (row) {
        // The learner is told (on WhatsApp when they chose it): the event's handlers (src/server/events/certificates.ts).
        deps.events.publish(tx, { type: 'certificate-issued', certificate: row, at: now });
        return { certificate: row, isNew: true };
      }
    }
  });
  return issued.certificate;
}

/** The signature picture of CERTIFICATE_SIGNATURE_IMAGE decodes (checked at start, so a wrong file stops it rather than a download). */
export async function signatureReadable(config: Pick<Config, 'certificate'>): Promise<boolean> {
  try {
    await certificateSignature(config.certificate.signatureImage);
    return true;
  } catch {
    return false;
  }
}

export function verifyUrl(config: Pick<Config, 'publicUrl'>, number: string): string {
  return `${config.publicUrl}${pathTo(pagePaths.certificate, { number })}`;
}

/** The learner's valid certificates, newest first. */
export function ownCertificates(db: Queryable, userId: number): CertificateRow[] {
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)))
    .orderBy(desc(certificates.issuedAt))
    .all();
}

function byNumber(db: Queryable, number: string): CertificateRow | undefined {
  return db.select().from(certificates).where(eq(certificates.number, number)).get();
}

/** The certificate's PDF for its owner (while valid) or an admin, in the reader's language. */
export async function certificatePdfFor(deps: Deps, viewer: Requester, number: string, lang: Language): Promise<{ fileName: string; pdf: Buffer }> {
  const row = byNumber(deps.db, number);
  if (!row || !isOwnerOrAdmin(viewer, row.userId)) throw certificateErrors.CERTIFICATE_NOT_FOUND();
  if (row.revokedAt !== null && !viewer.isAdmin) throw certificateErrors.CERTIFICATE_REVOKED();
  const pdf = await certificatePdf(
    {
      number: row.number,
      name: row.name,
      packageName: row.packageName,
      issuedAt: row.issuedAt,
      siteName: deps.config.siteName,
      signer: deps.config.certificate.signer,
      signature: await certificateSignature(deps.config.certificate.signatureImage),
      verifyUrl: verifyUrl(deps.config, row.number),
    },
    lang,
  );
  return { fileName: `certificate-${row.number}.pdf`, pdf };
}

export type PublicCertificate =
  | {
      status: 'valid';
      number: string;
      name: string;
      packageName: string;
      packageId: number;
      issuedAt: number;
      referralCode: string | null;
      packageOnSale: boolean;
    }
  | { status: 'revoked'; number: string; revokedAt: number };

/**
 * What anyone may know of a certificate by its number: valid (name, package, date, and the
 * learner's referral code for "learn this too" while their account stands), or revoked (when).
 */
export function verifyCertificate(db: Queryable, number: string): PublicCertificate {
  const row = byNumber(db, number);
  if (!row) throw certificateErrors.CERTIFICATE_NOT_FOUND();
  if (row.revokedAt !== null) return { status: 'revoked', number: row.number, revokedAt: row.revokedAt };
  const owner = db.select({ referralCode: users.referralCode, deletedAt: users.deletedAt }).from(users).where(eq(users.id, row.userId)).get();
  const pkg = db.select({ archivedAt: packages.archivedAt }).from(packages).where(eq(packages.id, row.packageId)).get();
  return {
    status: 'valid',
    number: row.number,
    name: row.name,
    packageName: row.packageName,
    packageId: row.packageId,
    issuedAt: row.issuedAt,
    referralCode: owner && owner.deletedAt === null ? owner.referralCode : null,
    packageOnSale: pkg?.archivedAt === null,
  };
}

/** Turns certificates on or off for a package (issued ones stay valid). */
export function setCertificatesEnabled(db: Db, packageId: number, enabled: boolean): void {
  packageRow(db, packageId);
  db.update(packages).set({ certificates: enabled }).where(eq(packages.id, packageId)).run();
}

/** Certificates for the admin, newest first, with the learner's account name and email. */
export function adminCertificates(db: Queryable, packageId: number | null) {
  return db
    .select({ certificate: certificates, userName: users.name, userEmail: users.email })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(packageId === null ? undefined : eq(certificates.packageId, packageId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(500)
    .all();
}

/** An admin revokes a certificate, with a reason the learner is emailed. */
export function revokeCertificate(deps: Deps, adminId: number, input: { number: string; reason: string }): void {
  const row = byNumber(deps.db, input.number);
  if (!row) throw certificateErrors.CERTIFICATE_NOT_FOUND();
  const now = deps.now();
  deps.db.transaction((tx) => {
    const result = tx
      .update(certificates)
      .set({ revokedAt: now, revokedBy: adminId, revokeReason: input.reason })
      .where(and(eq(certificates.id, row.id), isNull(certificates.revokedAt)))
      .run();
    if (result.changes === 0) throw certificateErrors.CERTIFICATE_ALREADY_REVOKED();
    deps.events.publish(tx, {
      type: 'certificate-revoked',
      certificate: { ...row, revokedAt: now, revokedBy: adminId, revokeReason: input.reason },
      reason: input.reason,
      at: now,
    });
  });
}

/**
 * An admin gives back a revoked certificate, under its number, with a reason the learner is
 * emailed (the audit log keeps who did it). Only while the learner has the package and holds no
 * other valid certificate of it; it carries the name the learner's certificates carry now.
 */
export function restoreCertificate(deps: Deps, input: { number: string; reason: string }): void {
  deps.db.transaction((tx) => {
    const row = byNumber(tx, input.number);
    if (!row) throw certificateErrors.CERTIFICATE_NOT_FOUND();
    if (row.revokedAt === null) throw certificateErrors.CERTIFICATE_NOT_REVOKED();
    if (!hasBought(tx, row.userId, row.packageId) || isRevoked(tx, row.userId, row.packageId)) throw certificateErrors.RESTORE_WITHOUT_PACKAGE();
    if (validCertificate(tx, row.userId, row.packageId)) throw certificateErrors.RESTORE_ANOTHER_VALID();
    const name = chosenName(tx, row.userId)?.name ?? row.name;
    tx.update(certificates).set({ revokedAt: null, revokedBy: null, revokeReason: null, name }).where(eq(certificates.id, row.id)).run();
    deps.events.publish(tx, {
      type: 'certificate-restored',
      certificate: { ...row, revokedAt: null, revokedBy: null, revokeReason: null, name },
      reason: input.reason,
      at: deps.now(),
    });
  });
}

/**
 * An admin mends the name a learner chose for their certificates (the learner cannot: the first
 * claim fixes it). The certificates they hold carry the new name under the same numbers, so their
 * public pages and PDFs say it at once; a revoked certificate keeps the name it was revoked with.
 * The learner is emailed the name and the reason; the audit log keeps who did it.
 */
export function correctCertificateName(deps: Deps, input: { userId: number; name: string; reason: string }): { certificates: number } {
  const script = nameScriptOf(input.name);
  if (!script) throw certificateErrors.NAME_NEEDED();
  const changed = deps.db.transaction((tx) => {
    const named = tx.update(certificateNames).set({ name: input.name, script }).where(eq(certificateNames.userId, input.userId)).run();
    if (named.changes === 0) throw certificateErrors.NO_CERTIFICATE_NAME();
    deps.events.publish(tx, { type: 'certificate-name-corrected', userId: input.userId, name: input.name, reason: input.reason, at: deps.now() });
    return tx
      .update(certificates)
      .set({ name: input.name })
      .where(and(eq(certificates.userId, input.userId), isNull(certificates.revokedAt)))
      .run().changes;
  });
  return { certificates: changed };
}

/** A reversed purchase takes its certificate back: called inside the reversal's transaction (nobody revokes it by hand). */
export function revokeCertificatesOfPurchase(tx: Queryable, input: { userId: number; packageId: number; reason: string; now: number }): number {
  return tx
    .update(certificates)
    .set({ revokedAt: input.now, revokeReason: input.reason })
    .where(and(eq(certificates.userId, input.userId), eq(certificates.packageId, input.packageId), isNull(certificates.revokedAt)))
    .run().changes;
}
