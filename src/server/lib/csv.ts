/**
 * CSV as spreadsheets and banks' upload screens read it: comma-separated, CRLF line ends, fields
 * quoted when they hold a comma, quote or line break. Text that a spreadsheet would run as a
 * formula (starting with = + - @ or a tab) gets a leading apostrophe; numbers (a negative amount
 * too) are written as they are.
 */
export type Cell = string | number | null;

/** One CSV field: quoted when needed, formula-like text defused. */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A plain number (a negative amount) is no formula: only other text is defused.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: Cell[][]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * CSV for spreadsheet programs: with a UTF-8 byte-order mark first, so that Excel reads Marathi
 * names and words right. A bank's upload file goes without one (`toCsv`), as upload screens expect.
 */
export function spreadsheetCsv(rows: Cell[][]): string {
  return `\uFEFF${toCsv(rows)}`;
}
