import type { Language } from './domain.js';

/** Public settings the server writes into index.html, so the first paint needs no extra request. */
export type SiteConfig = {
  siteName: string;
  /** The address people use; referral links start with it. */
  publicUrl: string;
  contactEmail: string | null;
  contactPhone: string | null;
  /** Hours checking a payment usually takes, as learners are told. */
  approvalHoursHint: number;
  /** The language of a visitor who has chosen none, and of share links unless the sharer picks another. */
  defaultLanguage: Language;
  /** Receipts are tax invoices: the checkout asks the buyer's state and PIN code. */
  taxInvoice: boolean;
  /** A payment gateway confirms UPI payments by itself: the checkout offers it first. */
  gateway: { provider: string } | null;
  /** A UPI id is set: the checkout offers paying by QR and typing the UTR. */
  upiQr: boolean;
  /** Who answers questions and complaints about personal data, shown on the privacy notice. */
  grievance: { officer: string | null; email: string | null; phone: string | null };
};
