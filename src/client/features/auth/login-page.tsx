import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLogin } from './use-login';
import { useAuthMessages } from './auth-messages';
import { deviceLimitOf, type Device } from '../devices/device-list';
import { DeviceLimitChoice } from '../devices/device-limit-choice';
import { pathAfterSignIn } from '../orders/buy-intent';
import { checkForm } from '../../lib/form-check';

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
  // A refused login is said beside the password, which takes focus.
  const [failure, setFailure] = useState<string | null>(null);

  // The account is at its device limit: the learner picks a device to log out (with the same password).
  const [limit, setLimit] = useState<{ devices: Device[]; maxDevices: number } | null>(null);

  function logIn(replaceDevice?: string) {
    login.mutate(
      { email, password, ...(replaceDevice && { replaceDevice }) },
      {
        onSuccess: (result) => {
          setLimit(null);
          setFailure(null);
          toast.success(t('login.welcome', { name: result.user.name }));
          if (pathname === '/login') void navigate(pathAfterSignIn(), { replace: true });
        },
        onError: (error) => {
          const atLimit = deviceLimitOf(error);
          setLimit(atLimit);
          if (!atLimit) {
            setFailure(errorMessage(error, t('login.failed')));
            requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[name="password"]')?.focus());
          }
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkForm(event.currentTarget as HTMLFormElement)) return;
    logIn();
  }

  return (
    <div className="page page--narrow">
      <h1>{t('login.title')}</h1>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('fields.email')} type="email" name="email" autoComplete="email" required value={email} onChange={setEmail} />
        <TextField
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          error={failure}
          value={password}
          onChange={(value) => {
            setFailure(null);
            setPassword(value);
          }}
        />
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {login.isPending ? t('login.busy') : t('login.submit')}
        </button>
      </form>
      {limit && (
        <DeviceLimitChoice
          devices={limit.devices}
          maxDevices={limit.maxDevices}
          onChoose={(device) => logIn(device.id)}
          onCancel={() => setLimit(null)}
          busyId={login.isPending ? (login.variables?.replaceDevice as string | undefined) ?? null : null}
        />
      )}
      <p className="form__links">
        <Link to="/forgot">{t('login.forgot')}</Link>
      </p>
      <p className="form__links">
        {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
      </p>
    </div>
  );
}
