import { type RefObject, useEffect, useRef } from 'react';

/**
 * What a person entered in a field the server drew before the app hydrated the page (sign-up and
 * log-in can be filled in at once): React leaves it in the field, but the form's state does not
 * have it. Read once as the field appears, and handed to `take` when it is not what the state holds.
 * Returns the ref to put on the field.
 */
export function useEnteredEarly<Value>(
  read: (field: HTMLInputElement) => Value,
  held: Value,
  take: (entered: Value) => void,
): RefObject<HTMLInputElement | null> {
  const field = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the field appears
  useEffect(() => {
    if (!field.current) return;
    const entered = read(field.current);
    if (entered !== held) take(entered);
  }, []);
  return field;
}

/** A field's text. */
export const textOf = (field: HTMLInputElement) => field.value;
/** A box's or a choice's tick. */
export const tickOf = (field: HTMLInputElement) => field.checked;
