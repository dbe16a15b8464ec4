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
 * Before the app has hydrated a drawn page (app.tsx tells, `app-hydrated`), a tap on one of its
 * buttons does nothing, and a form sent would go as the browser's own GET, its fields (a password
 * among them) in the address and the server's log. Both are held instead (only the latest) and done
 * by the app once it runs: a frame and a task after it has hydrated, when what was typed before has
 * reached the form's state (text-field.tsx). Links are left alone: they work as they are.
 */
const isHydrated = () => document.documentElement.hasAttribute('data-hydrated');
let held: (() => void) | null = null;
function hold(event: Event, replay: () => void): void {
  event.preventDefault();
  // Not to React either, which would replay it too once it has hydrated.
  event.stopPropagation();
  held = replay;
}
document.addEventListener(
  'click',
  (event) => {
    const button = !isHydrated() && event.target instanceof Element ? event.target.closest('button') : null;
    if (button) hold(event, () => button.isConnected && button.click());
  },
  { capture: true },
);
document.addEventListener(
  'submit',
  (event) => {
    const form = event.target;
    if (!isHydrated() && form instanceof HTMLFormElement) hold(event, () => form.isConnected && form.requestSubmit());
  },
  { capture: true },
);
window.addEventListener('app-hydrated', () => requestAnimationFrame(() => setTimeout(() => held?.(), 0)), { once: true });
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
/** The chunks the server listed for this page (server-pages.ts, linksTo), asked for now. */
function fetchPageChunks(): void {
  for (const list of document.querySelectorAll<HTMLTemplateElement>('template[data-after-paint]')) document.head.append(list.content.cloneNode(true));
}
void (drawn ? painted() : Promise.resolve()).then(() => {
  fetchPageChunks();
  return import('./boot');
});
