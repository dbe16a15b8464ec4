import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLogin } from './use-login';
import { useAuthMessages } from './auth-messages';

/**
 * The Login screen. At /login it goes home after logging in; shown in place of a protected page,
 * it stays, and the page appears once the session is known.
 */
export default function LoginPage() {
  const { t } = useAuthMessages();
  useDocumentTitle(t('login.title'));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          toast.success(t('login.welcome', { name: result.user.name }));
          if (pathname === '/login') void navigate('/', { replace: true });
        },
        onError: (error) => toast.error(errorMessage(error, t('login.failed'))),
      },
    );
  }

  return (
    <div className="page page--narrow">
      <h1>{t('login.title')}</h1>
      <form className="form" onSubmit={submit}>
        <TextField label={t('fields.email')} type="email" name="email" autoComplete="email" required value={email} onChange={setEmail} />
        <TextField
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {login.isPending ? t('login.busy') : t('login.submit')}
        </button>
      </form>
      <p className="form__links">
        <Link to="/forgot">{t('login.forgot')}</Link>
      </p>
      <p className="form__links">
        {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
      </p>
    </div>
  );
}
