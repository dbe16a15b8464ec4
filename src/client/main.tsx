import './app/fonts.css';
import './app/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { rememberDiscountCode, rememberReferral } from './lib/referral';

initI18n();
// A referral link (`?ref=CODE`, usually to /packages) is remembered whatever page it opens.
rememberReferral(new URLSearchParams(window.location.search).get('ref'));
rememberDiscountCode(new URLSearchParams(window.location.search).get('code'));

// The first render is a transition: React renders in slices of a few milliseconds, so a phone's
// main thread stays free to paint and answer taps while the app replaces the page the server drew.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
