import { useEffect } from 'react';
import { siteConfig } from './site-config';

/** "Page – Site" in the tab and for screen readers; the site name alone for an empty title. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} – ${siteConfig.siteName}` : siteConfig.siteName;
  }, [title]);
}
