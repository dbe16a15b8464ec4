import enCatalog from '../../client/locales/en/catalog.json' with { type: 'json' };
import mrCatalog from '../../client/locales/mr/catalog.json' with { type: 'json' };
import enHome from '../../client/locales/en/home.json' with { type: 'json' };
import mrHome from '../../client/locales/mr/home.json' with { type: 'json' };
import type { Language } from '../../shared/domain.js';
import { formatRupees } from '../../shared/money.js';
import { pagePaths, pathTo } from '../../shared/page-paths.js';
import { interpolate, pluralText } from '../../shared/texts.js';
import type { PackageView } from '../features/catalog/catalog.views.js';
import { escapeHtml } from '../lib/html.js';

/**
 * The landing pages as the app draws them (the same elements and classes, the app's own words), in
 * the reader's language, for the server to write into the page: a phone on slow data shows them,
 * and can follow their links and Buy, before the app's code has arrived. The app replaces them.
 */
const catalog = { en: enCatalog, mr: mrCatalog };
const home = { en: enHome, mr: mrHome };

/** "1 lecture", "5 lectures" ("1 लेक्चर", "5 लेक्चर्स"): the catalogue's own forms. */
export function lectureCountText(lang: Language, count: number): string {
  return pluralText(catalog[lang].packages.lectureCount, lang, count);
}

/** Cards are one column on a phone, two or three side by side from a tablet up (as PackageCard). */
const CARD_IMAGE_SIZES = '(min-width: 1100px) 340px, (min-width: 600px) 50vw, 100vw';

export type Sponsor = { name: string; referralCode: string };

/**
 * One package's card. Its Buy is a link to the package's page with the checkout open, which boot.ts
 * keeps on this page instead (`data-buy`) when it has run; a referral travels with the links.
 */
function card(pkg: PackageView, lang: Language, index: number, heading: 'h2' | 'h3', ref: string): string {
  const t = catalog[lang].packages;
  const image = pkg.image
    ? `<img class="package-image" src="${escapeHtml(pkg.image)}"${pkg.imageSrcSet ? ` srcset="${escapeHtml(pkg.imageSrcSet)}" sizes="${CARD_IMAGE_SIZES}"` : ''} alt="" width="640" height="360"${index === 0 ? ' fetchpriority="high"' : ' loading="lazy"'} decoding="async" />`
    : '<div class="package-image package-image--none" aria-hidden="true"></div>';
  const facts = [lectureCountText(lang, pkg.lectureCount), t.language, t.lifetime].map((fact) => `<li>${escapeHtml(fact)}</li>`).join('');
  const page = pathTo(pagePaths.packagePage, { id: pkg.id });
  const buy = escapeHtml(JSON.stringify({ id: pkg.id, name: pkg.name, pricePaise: pkg.pricePaise }));
  const buyLink = `${page}?${new URLSearchParams({ ...(ref && { ref }), buy: '1' })}`;
  return (
    `<li class="card package-card">${image}<${heading} class="card__title"><a class="package-card__link" href="${escapeHtml(`${page}${ref ? `?ref=${encodeURIComponent(ref)}` : ''}`)}">${escapeHtml(pkg.name)}</a></${heading}>` +
    `<p class="card__price">${escapeHtml(formatRupees(pkg.pricePaise))}</p><ul class="package-facts" aria-label="${escapeHtml(t.facts)}">${facts}</ul>` +
    (heading === 'h2' ? `<p class="package-card__description">${escapeHtml(pkg.description)}</p>` : '') +
    `<div class="package-card__actions"><a class="button button--primary" href="${escapeHtml(buyLink)}" data-buy="${buy}">${escapeHtml(t.buyNow)}</a></div></li>`
  );
}

/** The packages page: the sponsor's greeting when a referral link brought the visitor, then every package. */
export function drawnCatalogue(catalogue: PackageView[], lang: Language, sponsor: Sponsor | null): string {
  const t = catalog[lang].packages;
  const ref = sponsor?.referralCode ?? '';
  const greeting = sponsor
    ? `<div class="invited" role="status"><p class="invited__title">${escapeHtml(interpolate(t.invited, { name: sponsor.name }))}</p><p>${escapeHtml(interpolate(t.invitedText, { name: sponsor.name }))}</p></div>`
    : '';
  const cards = catalogue.map((pkg, index) => card(pkg, lang, index, 'h2', ref)).join('');
  const list = catalogue.length > 0 ? `<ul class="card-grid package-grid">${cards}</ul>` : `<p class="empty-state">${escapeHtml(t.empty)}</p>`;
  return `<main class="main"><div class="page">${greeting}<h1>${escapeHtml(t.title)}</h1>${list}</div></main>`;
}

/** The home page: its hero, the first six packages with their prices, and the texts about the company. */
export function drawnHome(catalogue: PackageView[], lang: Language): string {
  const h = home[lang];
  const t = catalog[lang].packages;
  const paragraphs = (texts: readonly string[], lead?: string) =>
    texts.map((text, index) => `<p${index === 0 && lead ? ` class="${lead}"` : ''}>${escapeHtml(text)}</p>`).join('');
  const packages =
    catalogue.length > 0
      ? `<section class="home__section" aria-labelledby="home-packages"><h2 id="home-packages">${escapeHtml(t.homeTitle)}</h2><ul class="card-grid package-grid">${catalogue
          .slice(0, 6)
          .map((pkg, index) => card(pkg, lang, index, 'h3', ''))
          .join('')}</ul><p><a href="${pagePaths.packages}" class="button">${escapeHtml(t.seeAll)}</a></p></section>`
      : '';
  return (
    '<main class="main"><div class="home">' +
    `<section class="hero"><div class="hero__text"><h1 class="hero__title">${escapeHtml(h.hero.title)} <span lang="mr">${escapeHtml(h.hero.marathi)}</span></h1>` +
    `<p class="hero__lead">${escapeHtml(h.hero.lead)}</p><a href="${pagePaths.packages}" class="button button--primary button--large">${escapeHtml(h.hero.cta)}</a></div>` +
    `<img class="hero__image" src="/images/hero.svg" alt="${escapeHtml(h.hero.imageAlt)}" width="480" height="320" fetchpriority="high" /></section>` +
    packages +
    `<section class="home__section" aria-labelledby="about-company"><h2 id="about-company">${escapeHtml(h.about.title)}</h2>${paragraphs(h.about.paragraphs)}</section>` +
    `<section class="home__section home__section--tinted" aria-labelledby="our-mission"><h2 id="our-mission">${escapeHtml(h.mission.title)}</h2>${paragraphs(h.mission.paragraphs, 'home__mission-lead')}</section>` +
    `<section class="home__section founder" aria-labelledby="founder"><img class="founder__photo" src="/images/founder.svg" alt="${escapeHtml(h.founder.photoAlt)}" width="160" height="160" loading="lazy" /><div><h2 id="founder">${escapeHtml(h.founder.title)}</h2>${paragraphs(h.founder.paragraphs)}</div></section>` +
    '</div></main>'
  );
}

/** The player's first paint: the package's name, where the app puts it (its lectures need the session). */
export function drawnPlayer(pkg: PackageView): string {
  return `<main class="main"><div class="page"><h1>${escapeHtml(pkg.name)}</h1></div></main>`;
}
