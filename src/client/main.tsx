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
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
void (drawn ? painted() : Promise.resolve()).then(() => import('./boot'));
