/** Why a form or an action failed, said at once to screen readers; nothing when there is no problem. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
