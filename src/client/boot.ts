/**
 * The page's only script. Once the page the server drew has been painted, it preloads the app's
 * chunks side by side and imports the app; fetching and running the app before that paint would
 * hold it back on a slow phone. The build writes the addresses (paintFirst() in vite.config.ts).
 */
const script = document.querySelector<HTMLScriptElement>('script[data-app]');
const app = script?.dataset.app;

/** A browser that reports no paint (a tab opened in the background) still gets its app by then. */
const PAINT_WAIT_LIMIT_MS = 3000;

/** The chunks listed for the first key that `matches` in a `key chunk chunk;key chunk…` list written by the build. */
function chunksOf(list: string | undefined, matches: (key: string) => boolean): string[] {
  for (const entry of list?.split(';') ?? []) {
    const [key, ...chunks] = entry.split(' ');
    if (key && matches(key)) return chunks;
  }
  return [];
}

/** Fetches chunks (and stylesheets, applied at once: each styles only its own part's classes) side by side. */
function preload(files: string[]): void {
  for (const file of files.filter(Boolean)) {
    const css = file.endsWith('.css');
    const link = Object.assign(document.createElement('link'), { rel: css ? 'stylesheet' : 'modulepreload', href: file, crossOrigin: '' });
    document.head.append(link);
  }
}

/**
 * The app's first read is the session, asked alone as tRPC asks it. On a browser someone was signed
 * in on, it is asked now, beside the page and the app's code, and the app's own request takes this
 * answer (a preload of the same address) instead of waiting a round trip after its code has run.
 */
const SESSION_READ = '/trpc/auth.me?batch=1&input=%7B%7D';

/** Someone was signed in on this browser (features/auth/signed-in-before.ts keeps the mark); blocked storage: no. */
function signedInBefore(): boolean {
  try {
    return localStorage.getItem('signedInBefore') === '1';
  } catch {
    return false;
  }
}

function preloadSession(): void {
  if (!signedInBefore()) return;
  document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', href: SESSION_READ, crossOrigin: '' }));
}

function startApp(url: string): void {
  // The app's chunks, and those of the landing page at this address.
  preload([...(script?.dataset.chunks?.split(' ') ?? []), ...chunksOf(script?.dataset.routes, (pattern) => new RegExp(pattern).test(location.pathname))]);
  void import(/* @vite-ignore */ url);
}

/**
 * A Buy tapped on the page the server drew, before the app has replaced it: the link would load
 * the package's page afresh. Instead the tap is kept for the app (takeEarlyBuy in
 * features/orders/early-buy.ts), which opens the purchase as soon as it runs.
 */
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-buy]') : null;
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  try {
    sessionStorage.setItem('earlyBuy', JSON.stringify({ ...JSON.parse(link.dataset.buy ?? '{}'), path: location.pathname, at: Date.now() }));
  } catch {
    return; // Nothing can be kept: the link loads the package's page, which opens the purchase.
  }
  event.preventDefault();
  link.setAttribute('aria-busy', 'true');
  // What the tap leads to is fetched now, beside the app: sign-up on a browser nobody signed in on, else the checkout.
  const next = signedInBefore() ? 'checkout' : 'signup';
  preload(chunksOf(script?.dataset.afterBuy, (step) => step === next));
});
// From here a Buy tapped on the drawn page is kept (the benchmark's "tappable" waits for this mark).
document.documentElement.setAttribute('data-early-buy', '');

/**
 * Waits for the browser's own first-contentful-paint entry: it is reported once the frame is on the
 * screen, which on a busy phone can be well after the frame was drawn, so a timer set from
 * requestAnimationFrame can fire before the paint it waits for.
 */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  const canObserve = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  const observer = canObserve
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) once();
      })
    : undefined;
  if (!observer) {
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(once, PAINT_WAIT_LIMIT_MS);
}

if (app) {
  preloadSession();
  afterFirstPaint(() => startApp(app));
}
