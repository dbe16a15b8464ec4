/**
 * The app's own check of a form's fields, instead of the browser's validation bubbles (which
 * speak the browser's language, usually English, in the middle of a Marathi page). Forms carry
 * `noValidate`; their submit calls this first. `checkValidity()` fires each invalid field's
 * `invalid` event without showing a bubble: TextField answers it with its message beside the
 * field, and the first invalid field takes focus.
 */
export function checkForm(form: HTMLFormElement): boolean {
  if (form.checkValidity()) return true;
  const first = form.querySelector<HTMLElement>(':invalid:not(fieldset):not(form)');
  first?.focus();
  first?.scrollIntoView?.({ block: 'center' });
  return false;
}

type Say = (
  key: 'validation.required' | 'validation.email' | 'validation.tooShort' | 'validation.tooLong' | 'validation.pattern' | 'validation.other',
  params?: Record<string, string | number>,
) => string;

/** The message for a field the browser found invalid, in the page's language. */
export function validityMessage(input: HTMLInputElement, say: Say): string {
  const { validity } = input;
  if (validity.valueMissing) return say('validation.required');
  if (validity.typeMismatch && input.type === 'email') return say('validation.email');
  if (validity.tooShort) return say('validation.tooShort', { min: input.minLength });
  if (validity.tooLong) return say('validation.tooLong', { max: input.maxLength });
  if (validity.patternMismatch || validity.typeMismatch) return say('validation.pattern');
  return say('validation.other');
}
