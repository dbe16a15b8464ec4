import type { ReactNode } from 'react';

type Props = {
  className: string;
  /** The form's request is running: the button is disabled and says `busyLabel`. */
  busy: boolean;
  busyLabel: ReactNode;
  disabled?: boolean;
  children: ReactNode;
};

/** A form's submit button: disabled while its request runs (or when told), saying so meanwhile. */
export function SubmitButton({ className, busy, busyLabel, disabled, children }: Props) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
  );
}
