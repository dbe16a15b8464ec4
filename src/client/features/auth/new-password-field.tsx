import { PasswordField } from '../../components/password-field';
import { useAuthMessages } from './auth-messages';

/** A password being chosen (register, setup, reset): at least 8 characters, and a hint saying so. */
export function NewPasswordField({
  label,
  value,
  onChange,
  error,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
}) {
  const { t } = useAuthMessages();
  return <PasswordField purpose="new" label={label ?? t('fields.password')} hint={t('hints.password')} error={error} value={value} onChange={onChange} />;
}
