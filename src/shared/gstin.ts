import { stateCodes } from './indian-states.js';

/**
 * GSTIN: 15 characters, the state code (2 digits), the holder's PAN (10), the entity number (1),
 * `Z`, and a check character worked out from the first 14 (the GSTN's mod-36 check: each
 * character's value, times 1 and 2 by turns, its quotient and remainder by 36 added up; the check
 * is what takes the sum to a multiple of 36). A wrong check character is a typing mistake.
 */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = CHARACTERS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN (already trimmed and upper-cased) is not one, or null when it is. */
export function gstinProblem(gstin: string): 'GSTIN_INVALID' | 'GSTIN_CHECK_FAILED' | null {
  if (!GSTIN_PATTERN.test(gstin) || !(stateCodes as readonly string[]).includes(gstin.slice(0, 2))) return 'GSTIN_INVALID';
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : 'GSTIN_CHECK_FAILED';
}
