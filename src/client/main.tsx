import './app/fonts.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { rememberReferral } from './lib/referral';

initI18n();
// A referral link (`?ref=CODE`, usually to /packages) is remembered whatever page it opens.
rememberReferral(new URLSearchParams(window.location.search).get('ref'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
