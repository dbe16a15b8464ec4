import { TextField, type TextFieldProps } from './text-field';

/** The least a new password may have; the server's rule (`newPassword` in shared/schemas.ts) too. */
const NEW_PASSWORD_MIN = 8;

type Props = Omit<TextFieldProps, 'type'> & {
  /** `current`: the password of the account (login, before a change); `new`: one being chosen. */
  purpose: 'current' | 'new';
};

/**
 * A password input: named `password` (unless told), required, and filled by password managers the
 * right way (`current-password` or `new-password`); a new one needs 8 characters.
 */
export function PasswordField({ purpose, ...field }: Props) {
  return (
    <TextField
      type="password"
      name="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      required
      {...(purpose === 'new' && { minLength: NEW_PASSWORD_MIN })}
      {...field}
    />
  );
}
