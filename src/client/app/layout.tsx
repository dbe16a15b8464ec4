import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RouteError } from '../features/pages/route-error';
import { useCommonMessages } from '../lib/common-messages';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { useSession } from '../features/auth/use-session';

// The menu's code loads when it is first opened (it is not needed to show a page).
const Sidebar = lazy(() => import('./sidebar'));
// Loaded only for a signed-in person: it asks for consent when the privacy notice has changed.
const ConsentGate = lazy(() => import('../features/privacy/consent-gate'));

export function Layout() {
  const { user } = useSession();
  const { t, lang } = useCommonMessages();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  }, []);

  // The page's description follows a change of language (the server wrote it in the first one).
  const firstLang = useRef(lang);
  useEffect(() => {
    if (lang !== firstLang.current) document.querySelector('meta[name="description"]')?.setAttribute('content', t('meta.description'));
  }, [lang, t]);

  // After moving to another page: back to the top, with the keyboard and screen reader at its start.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header
        menuOpen={menuOpen}
        onOpenMenu={() => {
          setMenuWanted(true);
          setMenuOpen(true);
        }}
        onWantMenu={() => setMenuWanted(true)}
        toggleRef={toggleRef}
      />
      {menuWanted && (
        <Suspense fallback={null}>
          <Sidebar open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
      <main id="main" ref={mainRef} tabIndex={-1} className="main">
        <ErrorBoundary resetKey={pathname} fallback={() => <RouteError />}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      {user && (
        <Suspense fallback={null}>
          <ConsentGate />
        </Suspense>
      )}
    </>
  );
}
