/**
 * The service worker (vite.config.ts's `serviceWorker()`: Workbox's precache of the app's built
 * files, never an answer of the server's API) and how a new release reaches a page that is open.
 *
 * A new release's worker installs beside the old one and waits: until it takes over, the old one
 * still serves the old release's chunks, so the open page keeps working (its lazy pages, the
 * checkout) even though the server now has only the new files. It takes over at a safe moment:
 * - at once, when it was already waiting as the page loaded: the page came from the network
 *   (pages are never answered from the cache online), so it already runs the new release;
 * - at the page's next move to another screen (the Navigation API's `navigate` event of a move
 *   within the app): that screen is loaded again from the server, on the new release, which then
 *   lets the new worker take over; nothing typed is lost, the person was leaving that screen.
 *   Browsers without the Navigation API get the new release at the next opening of the site, as
 *   the new worker takes over once no page uses the old one.
 * A lazy chunk that fails to load all the same (a release in between, a cleared cache) reloads
 * the page once, which then runs the release the server has.
 */
import { appHydrated, pageIdle, pageLoaded } from './lib/page-moments';

/** The release this build was made as (VITE_RELEASE at build time), on <html data-release>; empty when unnamed. */
const release: string = import.meta.env.VITE_RELEASE ?? '';

/** How often an open page asks whether a new release is out, beyond each return to the page. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** A reload for a failed chunk happens at most once in this long, so a broken release cannot loop. */
const RELOAD_GUARD_MS = 60 * 1000;
const RELOADED_AT = 'chunk-reload-at';

type NavigateEvent = Event & { destination: { sameDocument: boolean }; hashChange: boolean; downloadRequest: string | null };
type NavigationLike = EventTarget & { addEventListener(type: 'navigate', listener: (event: NavigateEvent) => void): void };

export function registerServiceWorker(): void {
  if (release) document.documentElement.dataset.release = release;
  reloadOnChunkFailure();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page's own loading and the app's hydration, when the phone is idle: the precache must
  // not compete with the first paint on slow data, nor Workbox's code with hydrating on a slow phone.
  void Promise.all([pageLoaded(), appHydrated()]).then(pageIdle).then(start);
}

function reloadOnChunkFailure(): void {
  window.addEventListener('vite:preloadError', (event) => {
    let last = 0;
    try {
      last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
      if (Date.now() - last < RELOAD_GUARD_MS) return;
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      // Storage refused (private mode): reload all the same.
    }
    event.preventDefault();
    window.location.reload();
  });
}

async function start(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const worker = new Workbox('/sw.js', { scope: '/' });

  // Waiting already as the page loaded: this page came from the network, on the new release.
  worker.addEventListener('waiting', (event) => {
    if (event.wasWaitingBeforeRegister) worker.messageSkipWaiting();
  });

  const registration = await worker.register();
  const waitingAtStart = registration?.waiting ?? null;
  let reloading = false;
  const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    const waiting = registration?.waiting;
    if (!waiting || waiting === waitingAtStart || reloading) return;
    if (!event.destination.sameDocument || event.hashChange || event.downloadRequest !== null) return;
    reloading = true;
    // Once the address has moved (after this event), that screen is loaded afresh from the server.
    // The new worker is not asked to take over first: Chrome holds a navigation until a worker
    // told to skip waiting has activated, which can wait out the old worker's 30 s idle time.
    // The old worker passes the page and the new release's files through from the network, and
    // the new page lets the new worker take over (the `waiting` event above).
    window.setTimeout(() => window.location.reload(), 0);
  });

  const check = () => void worker.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, UPDATE_CHECK_MS);
}
