import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoginForm } from './login-form';
import { useAuthMessages } from './auth-messages';
import { pathAfterSignIn } from '../../lib/buy-intent';
import { pagePaths } from '../../../shared/page-paths';

/**
 * The Login screen. At /login it goes home after logging in; shown in place of a protected page,
 * it stays, and the page appears once the session is known.
 */
export default function LoginPage() {
  const { t } = useAuthMessages();
  useDocumentTitle(t('login.title'));
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return (
    <div className="page page--narrow">
      <h1>{t('login.title')}</h1>
      <LoginForm
        submitLabel={t('login.submit')}
        busyLabel={t('login.busy')}
        onLoggedIn={(result) => {
          toast.success(t('login.welcome', { name: result.user.name }));
          if (pathname === pagePaths.login) void navigate(pathAfterSignIn(), { replace: true });
        }}
      />
      <p className="form__links">
        <Link to={pagePaths.forgot}>{t('login.forgot')}</Link>
      </p>
      <p className="form__links">
        {t('login.noAccount')} <Link to={pagePaths.register}>{t('login.register')}</Link>
      </p>
    </div>
  );
}
