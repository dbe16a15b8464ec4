import enCommon from '../../client/locales/en/common.json' with { type: 'json' };
import mrCommon from '../../client/locales/mr/common.json' with { type: 'json' };
import type { Language } from '../../shared/domain.js';
import { interpolate } from '../../shared/texts.js';
import { escapeHtml } from '../lib/html.js';

/**
 * The frame of every page in the reader's language, before the app's code arrives: `<html lang>`,
 * the title and the description, in the app's own words (`common.json`). The page inside it is
 * drawn by the app's components (server-pages.ts).
 */
const common = { en: enCommon, mr: mrCommon };

/** The page's language, title and description in the reader's language. */
export function inLanguage(html: string, lang: Language, siteName: string): string {
  const t = common[lang];
  const title = escapeHtml(interpolate(t.meta.title, { siteName }));
  const description = escapeHtml(t.meta.description);
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${lang}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${description}" />`);
}
