/** Public settings the server writes into index.html, so the first paint needs no extra request. */
export type SiteConfig = {
  siteName: string;
  contactEmail: string | null;
  contactPhone: string | null;
};
