import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { isAdmin, useSession } from '../features/auth/use-session';
import { pathAfterSignIn } from '../lib/buy-intent';
import { signedInBefore } from '../features/auth/signed-in-before';
import { useHydrated } from '../lib/use-hydrated';
import { pagePaths } from '../../shared/page-paths';

const LoginPage = lazy(() => import('../features/auth/login-page'));

/** A protected page shows the Login screen to a visitor, in place, so the address stays the same. */
export function RequireAuth() {
  const { user, loading } = useSession();
  if (loading) return <PageSpinner />;
  if (!user) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <LoginPage />
      </Suspense>
    );
  }
  return <Outlet />;
}

/** Login, register and password pages: a signed-in visitor is sent home, or back to the package they were buying. */
export function LoggedOutOnly() {
  const { user, loading } = useSession();
  const { search } = useLocation();
  const hydrated = useHydrated();
  // A browser nobody ever signed in on shows sign-up at once, without waiting to hear there is no session
  // (as the server drew it: what this browser remembers is read once the page has hydrated).
  if (loading && hydrated && signedInBefore()) return <PageSpinner />;
  if (user) return <Navigate to={pathAfterSignIn('/', search)} replace />;
  return <Outlet />;
}

/** Admin pages: anyone else is sent home. The server checks the role on every call regardless. */
export function RequireAdmin() {
  const { user, loading } = useSession();
  if (loading) return <PageSpinner />;
  if (!isAdmin(user)) return <Navigate to={pagePaths.home} replace />;
  return <Outlet />;
}
