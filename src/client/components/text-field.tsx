import { type InputHTMLAttributes, useId, useEffect, useState } from 'react';
import { useCommonMessages } from '../lib/common-messages';
import { validityMessage } from '../lib/form-check';
import { textOf, useEnteredEarly } from '../lib/use-entered-early';
import { describedBy, Field } from './field';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced with it. */
  hint?: string;
  /** An error for this field; marks it invalid. */
  error?: string | null;
};

/**
 * A labelled input with an optional hint and error, wired for screen readers. When its form's
 * check (`checkForm`) finds it invalid, it shows the app's own message beside it, in the page's
 * language, until it is changed; an `error` given by the page wins.
 */
export function TextField({ label, value, onChange, hint, error: pageError, className, autoFocus, ...input }: TextFieldProps) {
  const id = useId();
  // What was typed before the app hydrated the page is taken into the form's state.
  const field = useEnteredEarly(textOf, value, onChange);
  // Focused when it appears, wherever that is (the `autofocus` attribute works only as a page loads).
  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus, field]);
  const { t } = useCommonMessages();
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = pageError ?? invalid;
  return (
    <Field htmlFor={id} label={label} hint={hint} error={error} className={className}>
      <input
        ref={field}
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => {
          setInvalid(null);
          onChange(event.target.value);
        }}
        onInvalid={(event) => {
          // No browser bubble: the message stands beside the field instead.
          event.preventDefault();
          setInvalid(validityMessage(event.currentTarget, t));
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...input}
      />
    </Field>
  );
}
