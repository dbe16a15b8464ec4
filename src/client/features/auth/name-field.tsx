import { TextField } from '../../components/text-field';
import { useAuthMessages } from './auth-messages';

/** An account's name (register, the account's details): required, at most 100 characters, filled in as a name. */
export function NameField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string | null | undefined }) {
  const { t } = useAuthMessages();
  return <TextField label={t('fields.name')} name="name" autoComplete="name" required maxLength={100} error={error} value={value} onChange={onChange} />;
}
