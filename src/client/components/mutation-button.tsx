import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Props<TData, TError, TVariables, TContext> = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> & {
  mutation: UseMutationResult<TData, TError, TVariables, TContext>;
  variables: TVariables;
  options?: MutateOptions<TData, TError, TVariables, TContext>;
  /** What the button says while the mutation runs (else its usual words). */
  busyLabel?: ReactNode;
};

/** A button whose tap runs a mutation with these variables; disabled while it runs. */
export function MutationButton<TData, TError, TVariables, TContext>({
  mutation,
  variables,
  options,
  busyLabel,
  disabled,
  children,
  ...button
}: Props<TData, TError, TVariables, TContext>) {
  return (
    <button type="button" {...button} disabled={mutation.isPending || disabled} onClick={() => mutation.mutate(variables, options)}>
      {mutation.isPending && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
