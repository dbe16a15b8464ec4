import type { CertificateRow } from '../../db/schema.js';
import type { PublicCertificate } from './certificates.service.js';
import { linkedInAddToProfileUrl } from '../../../shared/learning.js';
import { pagePaths, pathTo } from '../../../shared/page-paths.js';

export function toOwnCertificateView(row: CertificateRow) {
  return { number: row.number, packageId: String(row.packageId), packageName: row.packageName, name: row.name, issuedAt: row.issuedAt };
}

/**
 * The public page's answer: only what the page shows. A valid certificate: name, package, date,
 * the links to share it and add it to LinkedIn, and the learner's referral link ("learn this too");
 * a revoked one: its number and when, nothing about whose it was.
 */
export function toPublicCertificateView(row: PublicCertificate, site: { siteName: string; publicUrl: string }) {
  if (row.status === 'revoked') return { status: row.status, number: row.number, revokedAt: row.revokedAt };
  const url = `${site.publicUrl}${pathTo(pagePaths.certificate, { number: row.number })}`;
  const learnPath = row.packageOnSale ? pathTo(pagePaths.packagePage, { id: row.packageId }) : pagePaths.packages;
  return {
    status: row.status,
    number: row.number,
    name: row.name,
    packageName: row.packageName,
    issuedAt: row.issuedAt,
    url,
    linkedInUrl: linkedInAddToProfileUrl({ name: row.packageName, organization: site.siteName, issuedAt: row.issuedAt, url, number: row.number }),
    referralLink: row.referralCode ? `${site.publicUrl}${learnPath}?ref=${encodeURIComponent(row.referralCode)}` : null,
  };
}

export function toAdminCertificateView(row: { certificate: CertificateRow; userName: string; userEmail: string }) {
  const c = row.certificate;
  return {
    number: c.number,
    userId: String(c.userId),
    userName: row.userName,
    userEmail: row.userEmail,
    name: c.name,
    packageId: String(c.packageId),
    packageName: c.packageName,
    issuedAt: c.issuedAt,
    revokedAt: c.revokedAt,
    revokeReason: c.revokeReason,
  };
}
