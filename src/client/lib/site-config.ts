import type { SiteConfig } from '../../shared/site-config';

const fallback: SiteConfig = {
  siteName: 'Marathi Success',
  publicUrl: typeof location === 'undefined' ? '' : location.origin,
  contactEmail: null,
  contactPhone: null,
  approvalHoursHint: 24,
  defaultLanguage: 'mr',
  taxInvoice: false,
  gateway: null,
  upiQr: true,
  grievance: { officer: null, email: null, phone: null },
};

function read(): SiteConfig {
  // On the server the settings come from the server itself (setServerSiteConfig).
  if (typeof document === 'undefined') return { ...fallback };
  try {
    const text = document.getElementById('site-config')?.textContent ?? '';
    return { ...fallback, ...(JSON.parse(text) as Partial<SiteConfig>) };
  } catch {
    return fallback;
  }
}

/** Public settings written into index.html by the server. */
export const siteConfig: SiteConfig = read();

/** On the server, which draws pages with the same components: its settings (the same for every page). */
export function setServerSiteConfig(config: SiteConfig): void {
  Object.assign(siteConfig, config);
}
