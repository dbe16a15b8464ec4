import './app/styles.css';
// The pages the server draws most (home and the catalogue) are styled by the first stylesheet, which
// the server writes into the page: they paint styled before any page code has arrived.
import './features/catalog/catalog.css';
import './features/pages/home-page.css';

/*
 * A page the server drew is painted before any more of the app's code is asked for or evaluated.
 * Asked for at once, that code (over 100 KB) shared a slow connection with the page and its image
 * and held back the largest paint; on a second visit, when the service worker hands it over at
 * once, the browser evaluated it (some hundreds of milliseconds on a slow phone) before the first
 * frame. The server lists the page's chunks in an inert template (server-pages.ts, linksTo), put
 * into the head here once the page has painted, beside the app's start (boot.tsx).
 */
const drawn = document.getElementById('root')?.hasChildNodes() ?? false;

/*
 * Before the app has hydrated a drawn page (app.tsx tells, `app-hydrated`): a tap on one of its
 * buttons, which does nothing without the app, is held and done once it runs (only the latest);
 * a form sent is stopped, for it would go as the browser's own GET, its fields (a password among
 * them) in the address and the server's log. Links are left alone: they work as they are.
 */
const isHydrated = () => document.documentElement.hasAttribute('data-hydrated');
let held: (() => void) | null = null;
document.addEventListener(
  'click',
  (event) => {
    const button = !isHydrated() && event.target instanceof Element ? event.target.closest('button') : null;
    // A form's own button sends it: stopped below, as a form sent by Enter is.
    if (!button || button.type === 'submit') return;
    event.preventDefault();
    // Not to React either, which would replay it too once it has hydrated.
    event.stopPropagation();
    held = () => button.isConnected && button.click();
  },
  { capture: true },
);
document.addEventListener(
  'submit',
  (event) => {
    if (isHydrated()) return;
    event.preventDefault();
    event.stopPropagation();
  },
  { capture: true },
);
window.addEventListener('app-hydrated', () => held?.(), { once: true });
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
/** The chunks the server listed for this page (server-pages.ts, linksTo), asked for now. */
function fetchPageChunks(): void {
  for (const list of document.querySelectorAll<HTMLTemplateElement>('template[data-after-paint]')) document.head.append(list.content.cloneNode(true));
}
void (drawn ? painted() : Promise.resolve()).then(() => {
  fetchPageChunks();
  return import('./boot');
});
