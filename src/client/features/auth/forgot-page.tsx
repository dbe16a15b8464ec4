import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { TextField } from '../../components/text-field';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthMessages } from './auth-messages';
import { checkForm } from '../../lib/form-check';
import { pagePaths } from '../../../shared/page-paths';
import { SubmitButton } from '../../components/submit-button';

export default function ForgotPage() {
  const { t } = useAuthMessages();
  useDocumentTitle(t('forgot.title'));
  const trpc = useTRPC();
  const forgot = useMutation(trpc.auth.forgot.mutationOptions());
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkForm(event.currentTarget as HTMLFormElement)) return;
    forgot.mutate(
      { email },
      {
        onSuccess: () => {
          setSent(t('forgot.sent'));
          toast.success(t('forgot.sent'));
        },
        onError: (error) => toast.error(errorMessage(error, t('forgot.failed'))),
      },
    );
  }

  return (
    <div className="page page--narrow">
      <h1>{t('forgot.title')}</h1>
      <p>{t('forgot.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('fields.email')} type="email" name="email" autoComplete="email" required value={email} onChange={setEmail} />
        <SubmitButton className="button button--primary button--block" busy={forgot.isPending} busyLabel={t('forgot.busy')}>
          {t('forgot.submit')}
        </SubmitButton>
      </form>
      {sent && (
        <p className="notice" role="status">
          {sent}
        </p>
      )}
      <p className="form__links">
        <Link to={pagePaths.login}>{t('forgot.back')}</Link>
      </p>
    </div>
  );
}
