import type { ReactNode } from 'react';

type Notes = {
  /** Shown under the control. */
  hint?: ReactNode;
  /** Why the value is refused, announced as it appears. */
  error?: ReactNode;
};

type Props = Notes & {
  /** The id of the control the label names. */
  htmlFor: string;
  label: ReactNode;
  /** More classes beside `field`. */
  className?: string;
  /** The control, and anything else that stands under it. */
  children: ReactNode;
};

/** The `aria-describedby` of a field's control: the ids of the hint and the error its Field shows, or none. */
export function describedBy(htmlFor: string, { hint, error }: Notes): string | undefined {
  return [hint ? `${htmlFor}-hint` : null, error ? `${htmlFor}-error` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * A form field's frame: its label over the control it names, what follows the control, then its
 * hint and its error (the control names them with `describedBy`).
 */
export function Field({ htmlFor, label, hint, error, className, children }: Props) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={htmlFor} className="field__label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${htmlFor}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${htmlFor}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
