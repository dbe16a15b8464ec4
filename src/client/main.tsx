import './app/fonts.css';
import './app/styles.css';
// The pages the server draws (home and the catalogue) are styled by the first stylesheet, which the
// server writes into the page, though their code loads beside the app's.
import './features/catalog/catalog.css';
import './features/pages/home-page.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadLandingPage } from './app/router';
import { initI18n } from './lib/i18n';
import { rememberDiscountCode, rememberReferral } from './lib/referral';
import { registerServiceWorker } from './register-service-worker';

initI18n();
registerServiceWorker();
// The server's menu opened as the address's #drawn-menu; the app draws its own, so the address drops it.
if (window.location.hash === '#drawn-menu') history.replaceState(history.state, '', window.location.pathname + window.location.search);
// A referral link (`?ref=CODE`, usually to /packages) is remembered whatever page it opens.
rememberReferral(new URLSearchParams(window.location.search).get('ref'));
rememberDiscountCode(new URLSearchParams(window.location.search).get('code'));

// The page the app starts on is loaded first, so it replaces the drawn page at once (no spinner
// between). Not an await at the top: that page's code imports this chunk, which must finish first.
// The first render is a transition: React renders it in slices, keeping the page responsive.
void loadLandingPage(window.location.pathname).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
