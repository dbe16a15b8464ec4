import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthMessages } from './auth-messages';
import { choosePathAfterSignIn, pathAfterSignIn } from '../../lib/buy-intent';
import { deviceLimitOf } from '../devices/device-list';
import { clearPendingRegistration, loadPendingRegistration, savePendingRegistration } from './pending-registration';
import { checkForm } from '../../lib/form-check';
import { BuyingSummary } from './buying-summary';
import { pagePaths } from '../../../shared/page-paths';
import { SubmitButton } from '../../components/submit-button';
import { ButtonLink } from '../../components/button-link';

const RESEND_GAP_SECONDS = 60;

function secondsUntilResend(sentAt: number): number {
  return Math.max(0, Math.ceil(RESEND_GAP_SECONDS - (Date.now() - sentAt) / 1000));
}

/** The OTP screen: the code from the email, a resend link at most once a minute. */
export default function VerifyPage() {
  const { t, count } = useAuthMessages();
  useDocumentTitle(t('verify.title'));
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(loadPendingRegistration);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(() => (pending ? secondsUntilResend(pending.sentAt) : 0));
  const verify = useMutation(trpc.auth.verify.mutationOptions());
  const resend = useMutation(trpc.auth.resendCode.mutationOptions());

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => setWait(secondsUntilResend(pending.sentAt)), 1000);
    return () => clearInterval(timer);
  }, [pending]);

  if (!pending) {
    return (
      <div className="page page--narrow">
        <h1>{t('verify.title')}</h1>
        <p>{t('verify.noRegistration')}</p>
        <ButtonLink to={pagePaths.register} look="primary">
          {t('verify.startAgain')}
        </ButtonLink>
      </div>
    );
  }
  const registration = pending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkForm(event.currentTarget as HTMLFormElement)) return;
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t('verify.codeInvalid'));
      return;
    }
    send(digits);
  }

  // The sixth digit sends the code by itself: no tap on the button (which stays for a code pasted with a space or retried).
  function typed(value: string) {
    setCode(value);
    const digits = value.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits) && !verify.isPending) send(digits);
  }

  function send(digits: string) {
    setError(null);
    verify.mutate(
      { activationToken: registration.activationToken, otp: digits, signIn: true },
      {
        onSuccess: async (result) => {
          clearPendingRegistration();
          // The sponsor's code is kept: the checkout that follows tries it in its one code box by itself; the checkout or a logout forgets it.
          toast.success(t('verify.done'));
          // Signed in: back to the package they were buying (with its checkout open), else the packages.
          const next = pathAfterSignIn('/packages');
          choosePathAfterSignIn(next);
          void navigate(next, { replace: true });
          if (result.user) {
            queryClient.setQueryData(trpc.auth.me.queryKey(), result.user);
            await queryClient.invalidateQueries();
          }
        },
        onError: (failure) => {
          // The account was made but this browser is at the device limit: the login screen offers the choice.
          if (deviceLimitOf(failure)) {
            clearPendingRegistration();
            void navigate(pagePaths.login);
            return;
          }
          const message = errorMessage(failure, t('verify.failed'));
          setError(message);
          requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[name="otp"]')?.focus());
        },
      },
    );
  }

  function askAgain() {
    resend.mutate(
      { activationToken: registration.activationToken },
      {
        onSuccess: () => {
          const next = { ...registration, sentAt: Date.now() };
          savePendingRegistration(next);
          setPending(next);
          setWait(RESEND_GAP_SECONDS);
          setError(null);
          setCode('');
          toast.success(t('verify.resent'));
        },
        onError: (failure) => toast.error(errorMessage(failure, t('verify.failed'))),
      },
    );
  }

  return (
    <div className="page page--narrow">
      <h1>{t('verify.title')}</h1>
      <BuyingSummary />
      <p>{t('verify.sentTo', { email: registration.email })}</p>
      <p>
        <Link to={pagePaths.register} state={{ changeEmail: true }}>
          {t('verify.changeEmail')}
        </Link>
      </p>
      <p className="muted">{t('verify.checkSpam')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('fields.code')}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          className="field--code"
          error={error}
          value={code}
          onChange={typed}
        />
        <SubmitButton className="button button--primary button--block" busy={verify.isPending} busyLabel={t('verify.busy')}>
          {t('verify.submit')}
        </SubmitButton>
      </form>
      <p className="form__links">
        {wait > 0 ? (
          count('verify.resendIn', wait)
        ) : (
          <button type="button" className="link-button" onClick={askAgain} disabled={resend.isPending}>
            {t('verify.resend')}
          </button>
        )}
      </p>
    </div>
  );
}
