import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import toast, { useToasterStore } from 'react-hot-toast';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RouteError } from '../features/pages/route-error';
import { useCommonMessages } from '../lib/common-messages';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { useSession } from '../features/auth/use-session';

// Loaded only for a signed-in person: it asks for consent when the privacy notice has changed.
const ConsentGate = lazy(() => import('../features/privacy/consent-gate'));

/** An error belongs to the page it happened on: it never follows the learner to the next one. */
function StaleErrorToasts() {
  const { pathname } = useLocation();
  const { toasts } = useToasterStore();
  const shown = useRef(toasts);
  shown.current = toasts;
  useEffect(() => {
    for (const item of shown.current) if (item.type === 'error') toast.remove(item.id);
  }, [pathname]);
  return null;
}

export function Layout() {
  const { user } = useSession();
  const { t } = useCommonMessages();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  }, []);

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
      <Header menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} toggleRef={toggleRef} />
      <Sidebar open={menuOpen} onClose={closeMenu} />
      <StaleErrorToasts />
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
