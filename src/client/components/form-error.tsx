/**
 * Why a form or an action failed, said at once to screen readers; nothing when there is no problem.
 * `focusable`: the form moves the focus to it when it is the first problem.
 */
export function FormError({ message, focusable }: { message: string | null | undefined; focusable?: boolean }) {
  return message ? (
    <p className="form-error" role="alert" tabIndex={focusable ? -1 : undefined}>
      {message}
    </p>
  ) : null;
}
