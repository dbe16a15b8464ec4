/** Money is stored as integer paise and shown in rupees with Indian digit grouping (₹1,00,000). */

/*
 * Whole paise are grouped by hand, not by Intl.NumberFormat: the first Intl number or date format
 * a page makes costs Chromium 15-25 ms (its locale data), 60-100 ms on a slow phone, in the task
 * that hydrates a package page, and its prices are all this page formats. money.test.ts holds the
 * two to the same text; anything not whole paise is Intl's.
 */
let intlFormats: { whole: Intl.NumberFormat; paise: Intl.NumberFormat } | undefined;
function intlRupees(rupees: number): string {
  intlFormats ??= {
    whole: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }),
    paise: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  };
  return (Number.isInteger(rupees) ? intlFormats.whole : intlFormats.paise).format(rupees);
}

/** Non-negative paise as rupees in Indian grouping: "1,00,000" for whole rupees, "1,499.50" else. */
function groupedRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) return intlRupees(paise / 100);
  const digits = String(Math.floor(paise / 100));
  // The last three digits, then pairs: 1,23,45,678.
  const grouped = digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  const rest = paise % 100;
  return rest === 0 ? grouped : `${grouped}.${String(rest).padStart(2, '0')}`;
}

/** "₹1,00,000" for whole rupees, "₹1,499.50" when there are paise, "-₹500" below zero. */
export function formatRupees(paise: number): string {
  return `${paise < 0 ? '-' : ''}₹${groupedRupees(Math.abs(paise))}`;
}

/** Digits only, Indian grouping, no symbol: used by the dashboard's "₹ N /-" cards. */
export function formatRupeeAmount(paise: number): string {
  return `${paise < 0 ? '-' : ''}${groupedRupees(Math.abs(paise))}`;
}

/**
 * Paise as plain rupee text with two decimals, no grouping, no symbol: "1234.50" for 123450,
 * "-0.05" for -5. What CSV files, banks' upload files and UPI links carry. With `wholeAsInteger`
 * a whole amount has no decimals ("2499"), as a UPI app's amount field takes it.
 */
export function paiseAsText(paise: number, options: { wholeAsInteger?: boolean } = {}): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = `${sign}${Math.floor(abs / 100)}`;
  return options.wholeAsInteger && abs % 100 === 0 ? rupees : `${rupees}.${String(abs % 100).padStart(2, '0')}`;
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Rupees (at most two decimals) to paise, rounding away float noise such as 19.99 * 100. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Decimal rupees as a person types them, in paise, or null: digits with optional grouping commas
 * (`1,00,000` or `100,000`), at most two decimals, an optional leading `₹`. Nothing else that
 * JavaScript's Number() would take: no `0x1F4`, no `1e3`, no sign, no `Infinity`.
 */
export function parseRupees(text: string): number | null {
  const match = text
    .trim()
    .replace(/^₹\s*/, '')
    .match(/^(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d{1,2}))?$/);
  if (!match) return null;
  const rupees = Number(match[1]!.replaceAll(',', ''));
  const paise = Number((match[2] ?? '').padEnd(2, '0'));
  const total = rupees * 100 + paise;
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * A rupee amount as a form or a JSON body sends it, in paise, or null: text is read by
 * `parseRupees` only; a number must be finite, not negative, with at most two decimals.
 */
export function paiseOfRupees(value: string | number): number | null {
  if (typeof value === 'string') return parseRupees(value);
  if (!Number.isFinite(value) || value < 0 || Math.abs(Math.round(value * 100) - value * 100) >= 1e-6) return null;
  const paise = Math.round(value * 100);
  return Number.isSafeInteger(paise) ? paise : null;
}
