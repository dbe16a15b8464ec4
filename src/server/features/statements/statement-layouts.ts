/**
 * Recognising a statement's layout from its header row: the known banks' layouts, or columns an
 * admin chose once for a header the app did not know. Banks put a preamble (account holder,
 * period, branch) above the header, so the first rows are searched for it.
 */
import type { Grid, Row } from './statement-file.js';
import knownLayouts from './statement-layouts.json' with { type: 'json' };
import { cellText, parseAmount, parseStatementDate } from './statement-values.js';

/** Where the parts of a transaction are, as column indexes of the header row. */
export type Columns = { date: number; description: number; reference: number | null; credit: number };

type LayoutSpec = {
  key: string;
  /** For people: which bank's export this looks like. */
  name: string;
  /** The bank's header row as it comes, for whoever adds a layout. */
  header: string;
  /** Each part's possible header texts (normalised), preferred first. Reference is optional. */
  date: string[];
  description: string[];
  reference: string[];
  credit: string[];
};

/** Header texts are compared lower-cased, with punctuation and repeated spaces dropped. */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The known banks' layouts (statement-layouts.json): data, as banks change their exports. */
export const KNOWN_LAYOUTS: readonly LayoutSpec[] = knownLayouts;

export function layoutName(key: string): string {
  return KNOWN_LAYOUTS.find((layout) => layout.key === key)?.name ?? key;
}

/** The same header row always gives the same key; an admin's column choice is remembered by it. */
export function headerKey(row: Row): string {
  const cells = row.map((cell) => normaliseHeader(cellText(cell)).slice(0, 100));
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells.join('|');
}

function matchLayout(row: Row, layout: LayoutSpec): Columns | null {
  const cells = row.map((cell) => normaliseHeader(cellText(cell)));
  const find = (names: string[]) => {
    for (const name of names) {
      const index = cells.indexOf(name);
      if (index >= 0) return index;
    }
    return -1;
  };
  const date = find(layout.date);
  const description = find(layout.description);
  const credit = find(layout.credit);
  if (date < 0 || description < 0 || credit < 0) return null;
  const reference = find(layout.reference);
  return { date, description, credit, reference: reference >= 0 ? reference : null };
}

/** How far down the preamble may push the header row. */
const HEADER_SEARCH_ROWS = 60;

export type Recognised =
  | { kind: 'known'; layout: string; sheet: number; headerRow: number; columns: Columns }
  | { kind: 'mapped'; layout: 'mapped'; sheet: number; headerRow: number; columns: Columns }
  | { kind: 'unknown'; sheet: number; headerRow: number; headerKey: string; headers: string[]; sample: string[][] }
  | { kind: 'none' };

const filled = (row: Row) => row.filter((cell) => cellText(cell) !== '').length;

/** A header cell is words, not an amount or a date. */
const looksLikeHeader = (row: Row) =>
  filled(row) >= 3 &&
  row.every((cell) => {
    const text = cellText(cell);
    return text === '' || (parseAmount(cell) === null && parseStatementDate(cell) === null && /\p{L}/u.test(text));
  });

/**
 * Finds the header row: a known bank's layout first, then a layout an admin mapped before
 * (`mappedColumns` looks a header key up). Otherwise offers the likeliest header row for the
 * admin to map, with a few rows under it, or says there is none.
 */
export function recogniseLayout(sheets: Grid[], mappedColumns: (key: string) => Columns | undefined): Recognised {
  for (const [sheet, grid] of sheets.entries()) {
    const rows = grid.slice(0, HEADER_SEARCH_ROWS);
    for (const [headerRow, row] of rows.entries()) {
      if (filled(row) < 3) continue;
      for (const layout of KNOWN_LAYOUTS) {
        const columns = matchLayout(row, layout);
        if (columns) return { kind: 'known', layout: layout.key, sheet, headerRow, columns };
      }
      const mapped = mappedColumns(headerKey(row));
      if (mapped) return { kind: 'mapped', layout: 'mapped', sheet, headerRow, columns: mapped };
    }
  }
  for (const [sheet, grid] of sheets.entries()) {
    const headerRow = grid.slice(0, HEADER_SEARCH_ROWS).findIndex(looksLikeHeader);
    if (headerRow < 0) continue;
    const header = grid[headerRow]!;
    const below = grid.slice(headerRow + 1).filter((row) => filled(row) > 0);
    // Under a header there must be rows that look like transactions: a date and an amount.
    const transactions = below.filter(
      (row) => row.some((cell) => parseStatementDate(cell) !== null) && row.some((cell) => typeof cell === 'number' || parseAmount(cell) !== null),
    );
    if (transactions.length === 0) continue;
    const width = Math.max(header.length, ...below.slice(0, 5).map((row) => row.length));
    const headers = Array.from({ length: width }, (_, index) => cellText(header[index]).slice(0, 100));
    while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
    return {
      kind: 'unknown',
      sheet,
      headerRow,
      headerKey: headerKey(header),
      headers,
      sample: below.slice(0, 5).map((row) => headers.map((_, index) => cellText(row[index]).slice(0, 80))),
    };
  }
  return { kind: 'none' };
}

/** Finds the row with this header key, for columns an admin is choosing now. */
export function findHeaderRow(sheets: Grid[], key: string): { sheet: number; headerRow: number; width: number } | null {
  for (const [sheet, grid] of sheets.entries()) {
    const headerRow = grid.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => filled(row) >= 3 && headerKey(row) === key);
    if (headerRow >= 0) return { sheet, headerRow, width: key.split('|').length };
  }
  return null;
}
