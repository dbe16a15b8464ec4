/** Public settings the server writes into index.html, so the first paint needs no extra request. */
export type SiteConfig = {
  siteName: string;
  /** The address people use; referral links start with it. */
  publicUrl: string;
  contactEmail: string | null;
  contactPhone: string | null;
};
