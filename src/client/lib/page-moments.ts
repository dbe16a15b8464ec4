/** Moments in a page's life that work waits for, so that it does not slow what a person sees first. */

/** Once the page and what it linked have loaded (the window's `load`). */
export const pageLoaded = (): Promise<void> =>
  new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/** Once the app has hydrated the page the server drew, or rendered one, and answers taps (main.tsx marks it). */
export const appHydrated = (): Promise<void> =>
  new Promise((resolve) => {
    if (document.documentElement.hasAttribute('data-hydrated')) resolve();
    else window.addEventListener('app-settled', () => resolve(), { once: true });
  });

/** Once the browser is idle, or after 2 s at the latest (a browser without idle callbacks, a page never idle). */
export const pageIdle = (): Promise<void> =>
  new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve());
    setTimeout(resolve, 2000);
  });
