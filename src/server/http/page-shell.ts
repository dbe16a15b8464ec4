import enCommon from '../../client/locales/en/common.json' with { type: 'json' };
import mrCommon from '../../client/locales/mr/common.json' with { type: 'json' };
import type { Language } from '../../shared/domain.js';
import { interpolate } from '../../shared/texts.js';
import { pagePaths } from '../../shared/page-paths.js';
import { escapeHtml } from '../lib/html.js';

/**
 * The frame of every page as the server writes it, in the reader's language, before the app's code
 * arrives: `<html lang>`, the title and description, and a header whose menu and language switch
 * are plain links, so each works on a slow phone before the app runs (the app draws its own in
 * their place). The words are the app's own catalogue (`common.json`).
 */
const common = { en: enCommon, mr: mrCommon };

/** The address with `?lang=` set: the other language of the same page, its other parameters kept. */
export function addressIn(url: URL, lang: Language): string {
  const params = new URLSearchParams(url.search);
  params.set('lang', lang);
  return `${url.pathname}?${params}`;
}

const menuIcon =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
const closeIcon =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

/**
 * The header and the menu of a visitor (the app draws a signed-in learner's own): the menu opens as
 * the target of its link (`#drawn-menu`, shown by CSS), the language switch reloads the page in
 * the other language, and Login comes back to this page.
 */
export function drawnHeader(url: URL, lang: Language, siteName: string): string {
  const t = common[lang];
  const here = `${url.pathname}${url.search}`;
  const links: [string, string][] = [
    [pagePaths.home, t.nav.home],
    [pagePaths.packages, t.nav.packages],
    [pagePaths.myCourses, t.nav.myCourses],
    [pagePaths.ownDashboard, t.nav.dashboard],
    [pagePaths.leaderboard, t.nav.leaderboard],
    [pagePaths.myAffiliates, t.nav.myAffiliates],
    [pagePaths.updateProfile, t.nav.updateProfile],
    [`${pagePaths.login}?next=${encodeURIComponent(here)}`, t.nav.login],
  ];
  const languages = (['en', 'mr'] as const)
    .map(
      (option) =>
        `<a class="lang-switch__option" lang="${option}" href="${escapeHtml(addressIn(url, option))}"${option === lang ? ' aria-current="true"' : ''}>${escapeHtml(option === 'en' ? t.header.english : t.header.marathi)}</a>`,
    )
    .join('');
  const menu = links
    .map(
      ([to, label]) =>
        `<li><a class="sidebar__link" href="${escapeHtml(to)}"${to === url.pathname ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a></li>`,
    )
    .join('');
  return (
    `<header class="header"><a class="header__menu icon-button" href="#drawn-menu" aria-label="${escapeHtml(t.header.openMenu)}">${menuIcon}</a>` +
    `<a class="header__logo" href="${pagePaths.home}" aria-label="${escapeHtml(interpolate(t.header.home, { siteName }))}"><img src="/favicon.svg" alt="" width="32" height="32" /><span>${escapeHtml(siteName)}</span></a>` +
    `<nav class="lang-switch" aria-label="${escapeHtml(t.header.language)}">${languages}</nav></header>` +
    `<nav id="drawn-menu" class="sidebar drawn-menu" aria-label="${escapeHtml(t.nav.label)}"><a class="sidebar__close icon-button" href="#" aria-label="${escapeHtml(t.header.closeMenu)}">${closeIcon}</a><ul class="sidebar__links">${menu}</ul></nav>` +
    '<a class="overlay drawn-menu__overlay" href="#" tabindex="-1" aria-hidden="true"></a>'
  );
}

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

/** The page's frame for this address: its language, title and description, the header and menu, and the body's place (`<!--body-->`). */
export function drawFrame(html: string, url: URL, lang: Language, siteName: string): string {
  return inLanguage(html, lang, siteName).replace('<!--page-->', () => `${drawnHeader(url, lang, siteName)}<!--body-->`);
}
