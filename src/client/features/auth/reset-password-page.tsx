import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthMessages } from './auth-messages';
import { NewPasswordField } from './new-password-field';
import { checkForm } from '../../lib/form-check';
import { pagePaths } from '../../../shared/page-paths';
import { SubmitButton } from '../../components/submit-button';
import { ButtonLink } from '../../components/button-link';

export default function ResetPasswordPage() {
  const { t } = useAuthMessages();
  useDocumentTitle(t('reset.title'));
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The link was used or is older than 30 minutes: a new one is one tap away.
  const [expired, setExpired] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkForm(event.currentTarget as HTMLFormElement)) return;
    if (password !== again) {
      setError(t('reset.mismatch'));
      return;
    }
    setError(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(t('reset.done'));
          // Replace the address, so the used link does not stay in the history.
          void navigate(pagePaths.login, { replace: true });
        },
        onError: (failure) => {
          if (errorCode(failure) === 'RESET_LINK_INVALID') setExpired(errorMessage(failure, t('reset.failed')));
          else setError(errorMessage(failure, t('reset.failed')));
        },
      },
    );
  }

  if (expired) {
    return (
      <div className="page page--narrow">
        <h1>{t('reset.expiredTitle')}</h1>
        <p role="alert">{expired}</p>
        <ButtonLink to={pagePaths.forgot} look="primary" className="button--block">
          {t('reset.newLink')}
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <h1>{t('reset.title')}</h1>
      <form className="form" onSubmit={submit} noValidate>
        <NewPasswordField label={t('fields.newPassword')} value={password} onChange={setPassword} />
        <PasswordField purpose="new" label={t('fields.confirmPassword')} name="password-again" error={error} value={again} onChange={setAgain} />
        <SubmitButton className="button button--primary button--block" busy={reset.isPending} busyLabel={t('reset.busy')}>
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
