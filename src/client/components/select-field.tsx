import { type SelectHTMLAttributes, useId } from 'react';
import { describedBy, Field } from './field';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The choices, in order: each its value and what it says. */
  options: readonly { value: string; label: string }[];
  /** What the first option says, the one of no value (no choice yet, or none). */
  placeholder?: string;
  /** Shown under the field and announced with it. */
  hint?: string;
  /** An error for this field; marks it invalid. */
  error?: string | null;
};

/** A labelled drop-down with an optional hint and error, wired for screen readers as a TextField is. */
export function SelectField({ label, value, onChange, options, placeholder, hint, error, className, ...select }: Props) {
  const id = useId();
  return (
    <Field htmlFor={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
