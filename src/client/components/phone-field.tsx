import { TextField, type TextFieldProps } from './text-field';

/** An Indian mobile number: the phone keypad, the browser's saved number, required unless told. */
export function PhoneField(field: Omit<TextFieldProps, 'type'>) {
  return <TextField type="tel" name="phone" autoComplete="tel-national" inputMode="tel" required {...field} />;
}
