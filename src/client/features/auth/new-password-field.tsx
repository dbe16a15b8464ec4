import { TextField } from '../../components/text-field';
import { useAuthMessages } from './auth-messages';

/** A password being chosen (register, setup, reset): at least 8 characters, and a hint saying so. */
export function NewPasswordField({ label, value, onChange, error }: { label?: string; value: string; onChange: (value: string) => void; error?: string | null | undefined }) {
  const { t } = useAuthMessages();
  return (
    <TextField
      label={label ?? t('fields.password')}
      type="password"
      name="password"
      autoComplete="new-password"
      required
      minLength={8}
      hint={t('hints.password')}
      error={error}
      value={value}
      onChange={onChange}
    />
  );
}
