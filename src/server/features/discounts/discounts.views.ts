import type { DiscountCodeKind } from '../../../shared/domain.js';
import type { AffiliateCode, CodeReport, quoteCode } from './discounts.service.js';

/** A code with what it did, as the admin's codes screen shows it. */
export type CodeView = {
  id: string;
  code: string;
  kind: DiscountCodeKind;
  affiliate: { id: string; name: string } | null;
  /** Hundredths of a percent, or an amount in paise; neither: the site's affiliate discount. */
  percentBp: number | null;
  amountPaise: number | null;
  packageIds: string[] | null;
  validFrom: number | null;
  validUntil: number | null;
  maxUses: number | null;
  perLearnerLimit: number;
  freeAllowed: boolean;
  active: boolean;
  note: string | null;
  uses: number;
  revenuePaise: number;
  discountGivenPaise: number;
  commissionPaise: number;
};

export function toCodeView(report: CodeReport): CodeView {
  return {
    id: String(report.id),
    code: report.code,
    kind: report.kind,
    affiliate: report.affiliateId === null ? null : { id: String(report.affiliateId), name: report.affiliateName ?? '' },
    percentBp: report.percentBp,
    amountPaise: report.amountPaise,
    packageIds: report.allPackages ? null : report.packageIds.map(String),
    validFrom: report.validFrom,
    validUntil: report.validUntil,
    maxUses: report.maxUses,
    perLearnerLimit: report.perLearnerLimit,
    freeAllowed: report.freeAllowed,
    active: report.active,
    note: report.note,
    uses: report.uses,
    revenuePaise: report.revenuePaise,
    discountGivenPaise: report.discountGivenPaise,
    commissionPaise: report.commissionPaise,
  };
}

/** An affiliate's own code on their dashboard: the code (or a suggestion), its discount and what it did. */
export type AffiliateCodeView = {
  code: string | null;
  suggested: string | null;
  percentBp: number | null;
  amountPaise: number | null;
  uses: number;
  revenuePaise: number;
  earnedPaise: number;
};

export function toAffiliateCodeView(code: AffiliateCode): AffiliateCodeView {
  return {
    code: code.code,
    suggested: code.suggested,
    percentBp: code.discount.percentBp ?? null,
    amountPaise: code.discount.amountPaise ?? null,
    uses: code.uses,
    revenuePaise: code.revenuePaise,
    earnedPaise: code.earnedPaise,
  };
}

/** What the checkout's one code box did, as the checkout shows it before any amount to pay. */
export type QuoteView = {
  code: string;
  /** A coupon, an affiliate's code, or a friend's referral ID (no discount). */
  kind: 'coupon' | 'affiliate' | 'referral';
  listPricePaise: number;
  discountPaise: number;
  pricePaise: number;
  /** The package costs nothing with it: taken at once, without a payment. */
  free: boolean;
  /** Who becomes the buyer's sponsor with this code, when the buyer has none yet. */
  sponsorName: string | null;
};

export function toQuoteView(quote: ReturnType<typeof quoteCode>): QuoteView {
  const { resolved } = quote;
  return {
    code: resolved.code,
    kind: resolved.kind,
    listPricePaise: resolved.listPaise,
    discountPaise: resolved.discountPaise,
    pricePaise: resolved.pricePaise,
    free: resolved.pricePaise === 0,
    sponsorName: quote.sponsorName,
  };
}
