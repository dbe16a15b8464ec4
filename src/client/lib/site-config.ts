import type { SiteConfig } from '../../shared/site-config';

const fallback: SiteConfig = {
  siteName: 'Marathi Success',
  publicUrl: location.origin,
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
  try {
    const text = document.getElementById('site-config')?.textContent ?? '';
    return { ...fallback, ...(JSON.parse(text) as Partial<SiteConfig>) };
  } catch {
    return fallback;
  }
}

/** Public settings written into index.html by the server. */
export const siteConfig: SiteConfig = read();
