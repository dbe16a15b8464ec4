import './app/styles.css';
// The pages the server draws most (home and the catalogue) are styled by the first stylesheet, which
// the server writes into the page: they paint styled before any page code has arrived.
import './features/catalog/catalog.css';
import './features/pages/home-page.css';
import { pageIdle } from './lib/page-moments';

/*
 * A page the server drew is painted before the app's code is evaluated (boot.tsx). On a second
 * visit that code is at hand at once (the service worker's cache) and the browser would evaluate it,
 * some hundreds of milliseconds on a slow phone, before the first frame. Its chunks are fetched
 * after the paint too (the page's modulepreload links, kept in templates until then: server-pages.ts),
 * so that on a slow line the page's own image and fonts come first.
 */
const drawn = document.getElementById('root')?.hasChildNodes() ?? false;

/*
 * Before the app has hydrated a drawn page (app.tsx tells, `app-hydrated`), a tap on one of its
 * buttons does nothing, and a form sent would go as the browser's own GET, its fields (a password
 * among them) in the address and the server's log. So a tap on a button, or a form sent (by its
 * button or by Enter), is held, only the latest, and done once the app runs: by then the app has
 * taken in what was typed and ticked before it (use-entered-early.ts), and the form goes as filled.
 * Links are left alone: they work as they are. A page the app draws itself has nothing to hold.
 * A held tap is done once the page is idle after `app-hydrated`: what is inside a Suspense boundary
 * (the checkout popup drawn open) hydrates after the app's first commit, at React's lowest
 * priority, and a tap done for it before then was lost. The page is marked as answering then.
 */
let hydrated = !drawn;
let settled = !drawn;
let held: (() => void) | null = null;
/** The app's code could not be loaded (the line dropped): nothing held will be done. */
let failed = false;
/** Keeps `action` as the one thing to do once the app runs, and shows that something is on its way (styles.css). */
function hold(action: () => void): void {
  if (failed) return;
  held = action;
  document.documentElement.setAttribute('data-tap-held', '');
}
document.addEventListener(
  'click',
  (event) => {
    const button = !settled && event.target instanceof Element ? event.target.closest('button') : null;
    // A form's own button sends it: stopped below (before hydration), as a form sent by Enter is.
    if (!button || button.type === 'submit') return;
    event.preventDefault();
    // Not to React either, which would replay it too once it has hydrated.
    event.stopPropagation();
    hold(() => button.isConnected && button.click());
  },
  { capture: true },
);
/** Stops the browser sending `event`'s form itself, and holds it to be sent again while the page is not settled. */
function holdSubmit(event: SubmitEvent): void {
  event.preventDefault();
  const form = event.target;
  if (settled || !(form instanceof HTMLFormElement)) return;
  const submitter = event.submitter;
  hold(() => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : null));
}
document.addEventListener(
  'submit',
  (event) => {
    if (hydrated) return;
    event.stopPropagation();
    holdSubmit(event);
  },
  { capture: true },
);
// Last on the way back up: a form that nothing of the app's took, a part React has not hydrated yet
// (a Suspense boundary, after `app-hydrated`), is not sent as the browser's own GET either. Every
// form of the app's is sent by the app: none is meant for the browser to send.
window.addEventListener('submit', (event) => {
  if (!event.defaultPrevented) holdSubmit(event);
});
window.addEventListener(
  'app-hydrated',
  () => {
    hydrated = true;
    void pageIdle().then(() => {
      settled = true;
      // The page answers from here on: tests and the bench wait for this mark and time it.
      document.documentElement.setAttribute('data-hydrated', '');
      performance.mark('hydrated');
      window.dispatchEvent(new Event('app-settled'));
      document.documentElement.removeAttribute('data-tap-held');
      held?.();
    });
  },
  { once: true },
);

const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
/** The app's chunks, which the server linked in inert templates so that they wait for the paint (http/server-pages.ts). */
function preloadTheApp(): void {
  for (const links of document.querySelectorAll<HTMLTemplateElement>('template[data-after-paint]')) document.head.append(links.content);
}
void (drawn ? painted() : Promise.resolve())
  .then(() => {
    preloadTheApp();
    return import('./boot');
  })
  .catch(() => {
    // The bar must not promise what will not come; the page stays as drawn, its links working.
    failed = true;
    document.documentElement.removeAttribute('data-tap-held');
  });
