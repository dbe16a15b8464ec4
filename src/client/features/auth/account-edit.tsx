import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { PasswordField } from '../../components/password-field';
import { PhoneField } from '../../components/phone-field';
import { checkForm } from '../../lib/form-check';
import { errorCode, errorMessage, fieldErrorsOf, useTRPC } from '../../lib/trpc';
import { useAuthMessages } from './auth-messages';
import { NameField } from './name-field';
import { NewPasswordField } from './new-password-field';
import { phoneDigits } from '../../../shared/phone';
import type { SessionUser } from './use-session';
import { SubmitButton } from '../../components/submit-button';

const focusField = (form: HTMLFormElement | null, name: string) =>
  requestAnimationFrame(() => form?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus());

/** My account: change the name and phone shown, and the password. Errors stand beside their field. */
export function AccountEdit({ user }: { user: SessionUser }) {
  const { t } = useAuthMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.auth.updateProfile.mutationOptions());
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [details, setDetails] = useState({ name: user.name, phone: user.phone ?? '', shareWhatsapp: user.shareWhatsapp });
  const [detailErrors, setDetailErrors] = useState<{ name?: string; phone?: string }>({});
  const [passwords, setPasswords] = useState({ current: '', next: '' });
  const [passwordErrors, setPasswordErrors] = useState<{ current?: string; next?: string }>({});

  function saveDetails(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!checkForm(form)) return;
    const phone = phoneDigits(details.phone);
    if (!phone) {
      setDetailErrors({ phone: t('register.phoneInvalid') });
      focusField(form, 'phone');
      return;
    }
    setDetailErrors({});
    save.mutate(
      { name: details.name, phone, shareWhatsapp: details.shareWhatsapp },
      {
        onSuccess: async (result) => {
          toast.success(t('edit.saved'));
          queryClient.setQueryData(trpc.auth.me.queryKey(), result.user);
          await queryClient.invalidateQueries();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          const field = fields.phone ? 'phone' : 'name';
          setDetailErrors({ [field]: fields[field] ?? errorMessage(error, t('register.failed')) });
          focusField(form, field);
        },
      },
    );
  }

  function savePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!checkForm(form)) return;
    setPasswordErrors({});
    change.mutate(passwords, {
      onSuccess: () => {
        toast.success(t('edit.passwordSaved'));
        setPasswords({ current: '', next: '' });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        const field = errorCode(error) === 'WRONG_PASSWORD' || !fields.next ? 'current' : 'next';
        setPasswordErrors({ [field]: fields[field] ?? errorMessage(error, t('register.failed')) });
        focusField(form, field === 'next' ? 'password' : 'current-password');
      },
    });
  }

  return (
    <>
      <section aria-labelledby="edit-details">
        <h2 id="edit-details">{t('edit.title')}</h2>
        <form className="form" onSubmit={saveDetails} noValidate>
          <NameField error={detailErrors.name} value={details.name} onChange={(name) => setDetails({ ...details, name })} />
          <PhoneField
            label={t('fields.phone')}
            hint={t('hints.phone')}
            error={detailErrors.phone}
            value={details.phone}
            onChange={(phone) => setDetails({ ...details, phone })}
          />
          <div className="field field--check">
            <label>
              <input
                type="checkbox"
                name="share-whatsapp"
                checked={details.shareWhatsapp}
                onChange={(event) => setDetails({ ...details, shareWhatsapp: event.target.checked })}
              />{' '}
              {t('edit.shareWhatsapp')}
            </label>
          </div>
          <p className="muted">{t('edit.emailNote', { email: user.email })}</p>
          <SubmitButton className="button button--primary" busy={save.isPending} busyLabel={t('edit.saving')}>
            {t('edit.save')}
          </SubmitButton>
        </form>
      </section>
      <section aria-labelledby="edit-password">
        <h2 id="edit-password">{t('edit.passwordTitle')}</h2>
        <form className="form" onSubmit={savePassword} noValidate>
          <PasswordField
            purpose="current"
            label={t('edit.current')}
            name="current-password"
            error={passwordErrors.current}
            value={passwords.current}
            onChange={(current) => setPasswords({ ...passwords, current })}
          />
          <NewPasswordField
            label={t('edit.next')}
            value={passwords.next}
            error={passwordErrors.next}
            onChange={(next) => setPasswords({ ...passwords, next })}
          />
          <SubmitButton className="button button--primary" busy={change.isPending} busyLabel={t('edit.saving')}>
            {t('edit.savePassword')}
          </SubmitButton>
        </form>
      </section>
    </>
  );
}
