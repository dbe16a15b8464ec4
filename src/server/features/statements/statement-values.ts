/**
 * Reading one cell of a bank statement: a date, an amount in the Indian style, or the 12-digit
 * UPI reference (UTR) in a reference column or inside the narration. Pure functions.
 */
import type { Cell } from './statement-file.js';

/** A cell as text: dates as YYYY-MM-DD, whole numbers without exponent or grouping. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '';
    return Number.isInteger(cell) ? cell.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 }) : String(cell);
  }
  return String(cell).replace(/\s+/g, ' ').trim();
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/**
 * A transaction date as YYYY-MM-DD, or null when the cell holds none. Indian banks write the
 * day first: 02/11/2026, 02-11-26, 02 Nov 2026, 02-Nov-26; ISO dates and Excel dates work too.
 * A time after the date is ignored.
 */
export function parseStatementDate(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined || typeof cell === 'boolean') return null;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    return isoDate(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  }
  if (typeof cell === 'number') {
    // An Excel day number in a cell not formatted as a date (1955 to 2119).
    if (!Number.isFinite(cell) || cell < 20_000 || cell > 80_000) return null;
    const date = new Date(Math.round((Math.floor(cell) - 25_569) * 86_400_000));
    return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  const text = cell.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T\s])/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4}|\d{2})(?:$|\s)/.exec(text);
  if (match) return isoDate(fullYear(match[3]!), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})[/.\- ]?([A-Za-z]{3,9})[/.\-, ]+(\d{4}|\d{2})(?:$|\s)/.exec(text);
  if (match) {
    const month = MONTHS[match[2]!.toLowerCase()];
    return month ? isoDate(fullYear(match[3]!), month, Number(match[1])) : null;
  }
  return null;
}

/**
 * An amount in paise, or null when the cell holds no amount. Accepts numbers and text such as
 * `1,00,000.00`, `₹ 4,999`, `Rs. 500.50`, `4,999.00 Cr`; a minus sign, brackets or `Dr` make it
 * negative. Empty cells, dashes and words are no amount.
 */
export function parseAmount(cell: Cell | undefined): number | null {
  if (cell === null || cell === undefined || typeof cell === 'boolean' || cell instanceof Date) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? Math.round(cell * 100) : null;
  let text = cell.replace(/₹|\bINR\b|\bRs\.?/gi, '').replace(/\s+/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  const side = /(cr|dr)\.?$/i.exec(text);
  if (side) {
    if (side[1]!.toLowerCase() === 'dr') negative = !negative;
    text = text.slice(0, -side[0].length);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  if (!/^(?:\d+|\d{1,3}(?:,\d{2,3})+)(?:\.\d+)?$|^\.\d+$/.test(text)) return null;
  const paise = Math.round(Number(text.replace(/,/g, '')) * 100);
  if (!Number.isSafeInteger(paise)) return null;
  return negative ? -paise : paise;
}

/** A run of exactly 12 digits that is not part of a UPI id such as 919876543210@paytm. */
const TWELVE_DIGITS = /(?<![\d@])\d{12}(?![\d@])/g;
/** The UTR right after a UPI marker: UPI/501501259006, UPI/CR/501501259006, UPI-501501259006. */
const AFTER_UPI_MARKER = /\bUPI(?:[/\- ](?:CR|P2A|P2M|IN))?[/\-: ]+(\d{12})(?!\d)/i;

/** The one 12-digit UPI reference in a narration, or null when there is none or it is ambiguous. */
export function utrInText(text: string): string | null {
  const runs = [...new Set(text.match(TWELVE_DIGITS) ?? [])].filter((run) => /[1-9]/.test(run));
  if (runs.length === 1) return runs[0]!;
  if (runs.length === 0) return null;
  return AFTER_UPI_MARKER.exec(text)?.[1] ?? null;
}

/**
 * A reference column holds the UTR alone (banks pad it with zeros: 0000501501259006) or a short
 * text around it (UPI/501501259006).
 */
export function utrInReference(reference: string): string | null {
  const compact = reference.replace(/[\s']/g, '');
  if (/^\d+$/.test(compact)) {
    const utr = compact.length > 12 && /^0+$/.test(compact.slice(0, -12)) ? compact.slice(-12) : compact;
    // Banks fill the column with zeros for lines that have no reference.
    return utr.length === 12 && /[1-9]/.test(utr) ? utr : null;
  }
  return utrInText(reference);
}

/** The UTR of a statement line: the reference column first, then the narration. */
export function extractUtr(reference: string | null, description: string): string | null {
  return (reference ? utrInReference(reference) : null) ?? utrInText(description);
}
