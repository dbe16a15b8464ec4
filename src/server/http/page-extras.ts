import type { Db } from '../db/client.js';
import type { Config } from '../config.js';
import { languages, type Language } from '../../shared/domain.js';
import { decideLanguage } from '../../shared/language.js';
import { formatRupees } from '../../shared/money.js';
import { escapeHtml } from '../lib/html.js';
import { packagesOnSale } from '../features/catalog/catalog.service.js';
import { findActiveUserByReferralCode } from '../features/auth/accounts.service.js';
import { pagePaths, pathTo } from '../../shared/page-paths.js';
import enCatalog from '../../client/locales/en/catalog.json' with { type: 'json' };
import mrCatalog from '../../client/locales/mr/catalog.json' with { type: 'json' };
import { pluralText } from '../../shared/texts.js';
import { SHARE_PICTURE, sharePictureUrl } from '../lib/uploads.js';
import { formatIstDate } from '../../shared/ist.js';
import { verifyCertificate, type PublicCertificate } from '../features/certificates/certificates.service.js';

/**
 * What the server writes into a page's head besides the page the app draws (server-pages.ts): Open
 * Graph tags, so a link shared on WhatsApp shows a preview (its crawler runs no JavaScript), and
 * the page's own title.
 */
export type PageExtras = {
  title: string | null;
  head: string;
  /** False: made for each request, never kept (a certificate's page must say at once that it was revoked). */
  keep?: boolean;
};

const catalogTexts = { en: enCatalog, mr: mrCatalog };

/** "1 lecture", "5 lectures" ("1 लेक्चर", "5 लेक्चर्स"): the catalogue's own forms. */
function lectureCountText(lang: Language, count: number): string {
  return pluralText(catalogTexts[lang].packages.lectureCount, lang, count);
}

const words = {
  details: { en: 'in Marathi · lifetime access', mr: 'मराठीत · आयुष्यभर प्रवेश' },
  invited: {
    en: (name: string, site: string) => `${name} invited you to ${site}`,
    mr: (name: string, site: string) => `${name} यांनी तुम्हाला ${site}वर बोलावले आहे`,
  },
  catalogue: {
    en: (site: string) => `${site}: courses in Marathi`,
    mr: (site: string) => `${site}: मराठीतील पॅकेजेस`,
  },
  catalogueText: {
    en: 'Business and finance courses in Marathi. Learn on your phone, pay by UPI, keep lifetime access.',
    mr: 'व्यवसाय आणि अर्थविषयक पॅकेजेस मराठीत. फोनवर शिका, UPI ने पैसे भरा, आयुष्यभर प्रवेश मिळवा.',
  },
};

/**
 * A page's language as the app decides it (shared/language.ts): a shared link's `?lang=`, else the
 * language chosen on this browser (its cookie), else the site's default (WhatsApp's crawler has no
 * cookie: a link without `?lang=` is previewed in the default).
 */
export function languageOf(url: URL, chosen: string | null, siteDefault: Language): Language {
  return decideLanguage(url.searchParams.get('lang'), chosen, siteDefault);
}

/**
 * The address a preview names (`og:url`): the page with its referral and, when the link asked for
 * one, its language, so a link shared in Marathi opens (and is previewed) in Marathi.
 */
function sharedAddress(base: string, path: string, url: URL, ref: string | null): string {
  const params = new URLSearchParams();
  if (ref) params.set('ref', ref);
  const asked = url.searchParams.get('lang');
  if (asked && (languages as readonly string[]).includes(asked)) params.set('lang', asked);
  const query = params.toString();
  return `${base}${path}${query ? `?${query}` : ''}`;
}

/** A package image as a preview shows it: the JPEG share picture with its size, or nothing. */
function sharePictureTags(base: string, image: string | null): Record<string, string | null> {
  const picture = sharePictureUrl(image);
  if (!picture) return { 'og:image': null };
  return {
    'og:image': `${base}${picture}`,
    'og:image:type': 'image/jpeg',
    'og:image:width': String(SHARE_PICTURE.width),
    'og:image:height': String(SHARE_PICTURE.height),
  };
}

function metaTags(tags: Record<string, string | null>): string {
  return Object.entries(tags)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([property, content]) =>
      property.startsWith('og:')
        ? `<meta property="${property}" content="${escapeHtml(content)}" />`
        : `<meta name="${property}" content="${escapeHtml(content)}" />`,
    )
    .join('');
}

function cut(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

/** The extras of one page path, or null for pages that need none (the plain shell is served). */
export function pageExtras(db: Db, config: Config, url: URL, lang: Language): PageExtras | null {
  const site = config.siteName;
  const base = config.publicUrl.replace(/\/$/, '');
  const path = url.pathname.replace(/\/+$/, '') || '/';

  if (path === pagePaths.home || path === pagePaths.packages || path === pagePaths.courses) {
    const catalogue = packagesOnSale(db);
    const ref = path === pagePaths.packages ? url.searchParams.get('ref') : null;
    const sponsor = ref && ref.length <= 36 ? findActiveUserByReferralCode(db, ref) : undefined;
    const title = sponsor ? words.invited[lang](sponsor.name, site) : words.catalogue[lang](site);
    const image = catalogue.find((pkg) => pkg.image)?.image ?? null;
    const head = metaTags({
      'og:type': 'website',
      'og:site_name': site,
      'og:title': title,
      'og:description': words.catalogueText[lang],
      'og:url': sharedAddress(base, path, url, sponsor?.referralCode ?? null),
      ...sharePictureTags(base, image),
      'og:locale': lang === 'mr' ? 'mr_IN' : 'en_IN',
    });
    return { title: sponsor ? title : null, head };
  }

  const certificate = /^\/certificates\/([A-Za-z0-9-]{6,30})$/.exec(path);
  if (certificate) return certificateExtras(db, config, certificate[1]!.toUpperCase(), lang);

  // The player: its package's name as the title (the learner's lectures come with the app and the session).
  const player = /^\/course-content\/(\d{1,15})$/.exec(path);
  if (player) {
    const pkg = packagesOnSale(db).find((candidate) => candidate.id === player[1]);
    return pkg ? { title: `${pkg.name} – ${site}`, head: '' } : null;
  }

  const match = /^\/course\/(\d{1,15})$/.exec(path);
  if (match) {
    const pkg = packagesOnSale(db).find((candidate) => candidate.id === match[1]);
    if (!pkg) return null;
    const facts = `${formatRupees(pkg.pricePaise)} · ${lectureCountText(lang, pkg.lectureCount)} · ${words.details[lang]}`;
    const head = metaTags({
      'og:type': 'product',
      'og:site_name': site,
      'og:title': pkg.name,
      'og:description': cut(`${facts}. ${pkg.description}`, 200),
      'og:url': sharedAddress(base, pathTo(pagePaths.packagePage, { id: pkg.id }), url, null),
      ...sharePictureTags(base, pkg.image),
      'og:locale': lang === 'mr' ? 'mr_IN' : 'en_IN',
      description: cut(`${facts}. ${pkg.description}`, 160),
    });
    return { title: `${pkg.name} – ${site}`, head };
  }
  return null;
}

const certificateWords = {
  title: { en: (name: string, pkg: string) => `${name} completed ${pkg}`, mr: (name: string, pkg: string) => `${name} यांनी ${pkg} पूर्ण केले` },
  text: {
    en: (site: string, date: string) => `A certificate of completion from ${site}, issued on ${date}. Anyone can check it on this page.`,
    mr: (site: string, date: string) => `${site} चे पूर्णत्वाचे प्रमाणपत्र, ${date} रोजी दिलेले. हे पेज कोणीही तपासू शकते.`,
  },
  revoked: { en: 'This certificate was revoked', mr: 'हे प्रमाणपत्र रद्द करण्यात आले आहे' },
};

/** A certificate's public page: what a link shared on WhatsApp or LinkedIn shows (only what the page itself shows). */
function certificateExtras(db: Db, config: Config, number: string, lang: Language): PageExtras | null {
  let found: PublicCertificate;
  try {
    found = verifyCertificate(db, number);
  } catch {
    return null;
  }
  const site = config.siteName;
  const url = `${config.publicUrl.replace(/\/$/, '')}${pathTo(pagePaths.certificate, { number: found.number })}`;
  const title = found.status === 'valid' ? certificateWords.title[lang](found.name, found.packageName) : certificateWords.revoked[lang];
  const head = metaTags({
    'og:type': 'website',
    'og:site_name': site,
    'og:title': title,
    'og:description': found.status === 'valid' ? certificateWords.text[lang](site, formatIstDate(found.issuedAt, lang)) : `${found.number} · ${site}`,
    'og:url': url,
    'og:locale': lang === 'mr' ? 'mr_IN' : 'en_IN',
    robots: 'noindex',
  });
  return { title: `${title} – ${site}`, head, keep: false };
}

/** Puts the extras into the filled index.html: the tags at the end of the head, the title replaced. */
export function withExtras(html: string, extras: PageExtras): string {
  // A page with its own description (a package's) says it once.
  const own = extras.head.includes('<meta name="description"') ? html.replace(/<meta name="description" content="[^"]*" \/>/, '') : html;
  let page = own.replace('</head>', () => `${extras.head}</head>`);
  if (extras.title) {
    const title = escapeHtml(extras.title);
    page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  }
  return page;
}
