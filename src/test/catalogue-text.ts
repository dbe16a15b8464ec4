import { interpolate, type Params } from '../client/lib/i18n.js';

/** A text of a client locale catalogue by its dotted key (`details.noteHeld.other`), filled in. */
export function catalogueText(catalogue: object, key: string, params?: Params): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
  if (typeof value !== 'string') throw new Error(`No text at ${key}`);
  return interpolate(value, params);
}
