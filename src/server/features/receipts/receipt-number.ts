/**
 * Receipt numbers: PREFIX/YY-YY/NNNNNN, consecutive within an Indian financial year (1 April to
 * 31 March, India Standard Time); credit notes PREFIX/YY-YY/CNNNNN, a series of their own. With a
 * prefix of at most 3 characters either is at most 16 characters (CGST rules 46(b) and 53(1)(b)).
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar year the financial year of `at` starts in (2026 for 1 April 2026 - 31 March 2027, IST). */
export function financialYearStart(at: number): number {
  const ist = new Date(at + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  return ist.getUTCMonth() >= 3 ? year : year - 1;
}

/** "26-27" for the financial year starting in 2026. */
export function financialYearLabel(fyStart: number): string {
  const two = (year: number) => String(year % 100).padStart(2, '0');
  return `${two(fyStart)}-${two(fyStart + 1)}`;
}

/** The highest number a year can reach while the whole stays within 16 characters. */
export const MAX_SEQ_PER_YEAR = 999_999;

export function formatReceiptNumber(prefix: string, fyStart: number, seq: number): string {
  return `${prefix}/${financialYearLabel(fyStart)}/${String(seq).padStart(6, '0')}`;
}

/** Credit notes are a series of their own: `PREFIX/YY-YY/C` and 5 digits, also at most 16 characters. */
export const MAX_CREDIT_NOTE_SEQ_PER_YEAR = 99_999;

export function formatCreditNoteNumber(prefix: string, fyStart: number, seq: number): string {
  return `${prefix}/${financialYearLabel(fyStart)}/C${String(seq).padStart(5, '0')}`;
}

/** Milliseconds at 00:00 IST of a calendar date "YYYY-MM-DD". */
export function istDateStart(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) - IST_OFFSET_MS;
}
