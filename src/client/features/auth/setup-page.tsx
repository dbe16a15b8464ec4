import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { TextField } from '../../components/text-field';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthMessages } from './auth-messages';
import { NewPasswordField } from './new-password-field';
import { PhoneField } from '../../components/phone-field';
import { checkForm } from '../../lib/form-check';
import { pagePaths } from '../../../shared/page-paths';
import { SubmitButton } from '../../components/submit-button';

/** /setup?token=…: creates the superadmin on a fresh install, once. */
export default function SetupPage() {
  const { t } = useAuthMessages();
  useDocumentTitle(t('setup.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useQuery(trpc.auth.setupStatus.queryOptions());
  const setup = useMutation(trpc.auth.setup.mutationOptions());
  const [form, setForm] = useState({ name: '', email: '', phone: '', password: '' });
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  if (status.isPending) return <PageSpinner />;
  if (!status.data?.open || !token) {
    return (
      <div className="page page--narrow">
        <h1>{t('setup.title')}</h1>
        <p>{status.data?.open ? t('setup.noToken') : t('setup.closed')}</p>
        <Link to={pagePaths.login}>{t('login.title')}</Link>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkForm(event.currentTarget as HTMLFormElement)) return;
    setup.mutate(
      { token, ...form },
      {
        onSuccess: async () => {
          toast.success(t('setup.done'));
          await queryClient.invalidateQueries();
          void navigate(pagePaths.adminDashboard, { replace: true });
        },
        onError: (error) => toast.error(errorMessage(error, t('setup.failed'))),
      },
    );
  }

  return (
    <div className="page page--narrow">
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('fields.name')} name="name" autoComplete="name" required value={form.name} onChange={set('name')} />
        <TextField label={t('fields.email')} type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <PhoneField label={t('setup.phoneOptional')} required={false} value={form.phone} onChange={set('phone')} />
        <NewPasswordField value={form.password} onChange={set('password')} />
        <SubmitButton className="button button--primary button--block" busy={setup.isPending} busyLabel={t('setup.busy')}>
          {t('setup.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
