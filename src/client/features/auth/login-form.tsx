import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { checkForm } from '../../lib/form-check';
import { errorMessage, type RouterOutputs } from '../../lib/trpc';
import { deviceLimitOf } from '../devices/device-list';
import { DeviceLimitChoice } from '../devices/device-limit-choice';
import { useAuthMessages } from './auth-messages';
import { useLogin } from './use-login';
import { FormError } from '../../components/form-error';
import { SubmitButton } from '../../components/submit-button';

type LoggedIn = RouterOutputs['auth']['login'];

type Props = {
  submitLabel: string;
  busyLabel: string;
  /** Shown at the top of the form. */
  intro?: ReactNode;
  /** Shown in the form under its button (links). */
  children?: ReactNode;
  onLoggedIn?: (result: LoggedIn) => void;
  /**
   * The checkout popup's way: one message above the button for an empty or refused form, instead
   * of a message beside each field and the choice of a device to log out at the device limit.
   */
  short?: { emptyText: string; failedText: string };
};

/**
 * The email and password form that logs in: the Login page's, and the checkout popup's sign-in
 * step. On the page a refused login is said beside the password, which takes focus; an account at
 * its device limit picks a device to log out (with the same password).
 */
export function LoginForm({ submitLabel, busyLabel, intro, children, onLoggedIn, short }: Props) {
  const { t } = useAuthMessages();
  const login = useLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Beside the password on the page; above the button in the popup.
  const [failure, setFailure] = useState<string | null>(null);
  const [limit, setLimit] = useState<ReturnType<typeof deviceLimitOf>>(null);

  function logIn(replaceDevice?: string) {
    login.mutate(
      { email, password, ...(replaceDevice && { replaceDevice }) },
      {
        onSuccess: (result) => {
          setLimit(null);
          setFailure(null);
          onLoggedIn?.(result);
        },
        onError: (error) => {
          if (short) {
            setFailure(short.failedText);
            return;
          }
          const atLimit = deviceLimitOf(error);
          setLimit(atLimit);
          if (!atLimit) {
            setFailure(errorMessage(error, t('login.failed')));
            requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus());
          }
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (short) {
      if (!email.trim() || !password) {
        setFailure(short.emptyText);
        return;
      }
      setFailure(null);
    } else if (!checkForm(event.currentTarget as HTMLFormElement)) {
      return;
    }
    logIn();
  }

  return (
    <>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        {intro}
        <TextField label={t('fields.email')} type="email" name="email" autoComplete="email" required={!short} value={email} onChange={setEmail} />
        <PasswordField
          purpose="current"
          label={t('fields.password')}
          required={!short}
          error={short ? null : failure}
          value={password}
          onChange={(value) => {
            if (!short) setFailure(null);
            setPassword(value);
          }}
        />
        {short && <FormError message={failure} />}
        <SubmitButton className="button button--primary button--block" busy={login.isPending} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
        {children}
      </form>
      {limit && (
        <DeviceLimitChoice
          devices={limit.devices}
          maxDevices={limit.maxDevices}
          thisDevice={limit.thisDevice}
          onChoose={(device) => logIn(device.id)}
          onCancel={() => setLimit(null)}
          busyId={login.isPending ? ((login.variables?.replaceDevice as string | undefined) ?? null) : null}
        />
      )}
    </>
  );
}
