import type { ReactNode } from 'react';

type Props = {
  /** The id of the control the label names. */
  htmlFor: string;
  label: ReactNode;
  /** More classes beside `field`. */
  className?: string;
  /** The control, and what stands under it (hints, errors). */
  children: ReactNode;
};

/** A form field's frame: its label over the control it names, and what follows the control. */
export function Field({ htmlFor, label, className, children }: Props) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={htmlFor} className="field__label">
        {label}
      </label>
      {children}
    </div>
  );
}
