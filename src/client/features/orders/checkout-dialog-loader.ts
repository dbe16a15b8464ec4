/**
 * The checkout popup's code (login form, QR, payment form), apart from the hook that shows it, so
 * that the app's start (boot.tsx, for a popup the server drew open) and the prefetch
 * (app/prefetch-next-step.ts) can fetch it without taking the hook's module with them.
 */
let loaded: typeof import('./checkout-dialog') | undefined;

/** Fetches the popup's code ahead: when the page is idle, a Buy is pressed, or the server drew it open. */
export const loadCheckoutDialog = () =>
  import('./checkout-dialog').then((module) => {
    loaded = module;
    return module;
  });

/** The popup's code once it has loaded, else undefined. */
export const loadedCheckoutDialog = () => loaded;
