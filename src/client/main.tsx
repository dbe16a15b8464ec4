import './app/styles.css';
// The pages the server draws most (home and the catalogue) are styled by the first stylesheet, which
// the server writes into the page: they paint styled before any page code has arrived.
import './features/catalog/catalog.css';
import './features/pages/home-page.css';

/*
 * A page the server drew is painted before the app's code is evaluated (boot.tsx). On a second
 * visit that code is at hand at once (the service worker's cache) and the browser would evaluate it,
 * some hundreds of milliseconds on a slow phone, before the first frame. Its chunks are fetched
 * beside this one all the same (the page's modulepreload links, server-pages.ts).
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
void (drawn ? painted() : Promise.resolve()).then(() => import('./boot'));
