/**
 * Receipt numbers: PREFIX/YY-YY/NNNNNN, consecutive within an Indian financial year (1 April to
 * 31 March, India Standard Time); credit notes PREFIX/YY-YY/CNNNNN, a series of their own. With a
 * prefix of at most 3 characters either is at most 16 characters (CGST rules 46(b) and 53(1)(b)).
 */

import { financialYearShortLabel } from '../../../shared/financial-year.js';

/** The highest number a year can reach while the whole stays within 16 characters. */
export const MAX_SEQ_PER_YEAR = 999_999;

export function formatReceiptNumber(prefix: string, fyStart: number, seq: number): string {
  return `${prefix}/${financialYearShortLabel(fyStart)}/${String(seq).padStart(6, '0')}`;
}

/** Credit notes are a series of their own: `PREFIX/YY-YY/C` and 5 digits, also at most 16 characters. */
export const MAX_CREDIT_NOTE_SEQ_PER_YEAR = 99_999;

export function formatCreditNoteNumber(prefix: string, fyStart: number, seq: number): string {
  return `${prefix}/${financialYearShortLabel(fyStart)}/C${String(seq).padStart(5, '0')}`;
}
