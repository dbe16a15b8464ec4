/**
 * The credit lines of a statement, once its columns are known: rows with a date are
 * transactions; those with a positive credit amount are kept, each with its UTR and a
 * fingerprint that stays the same when the same line shows up in another upload.
 */
import { createHash } from 'node:crypto';
import type { Grid } from './statement-file.js';
import type { Columns } from './statement-layouts.js';
import { cellText, extractUtr, parseAmount, parseStatementDate } from './statement-values.js';

export type CreditLine = {
  /** 1-based row number in the file (or sheet), for the admin to find the line. */
  rowNumber: number;
  txnDate: string;
  amountPaise: number;
  utr: string | null;
  reference: string | null;
  description: string;
  fingerprint: string;
};

export type StatementCredits = {
  /** Transaction rows: every row under the header with a date, credits and debits alike. */
  rowsRead: number;
  /** First and last transaction dates (YYYY-MM-DD), null without transactions. */
  periodFrom: string | null;
  periodTo: string | null;
  credits: CreditLine[];
};

const MAX_DESCRIPTION = 300;
const MAX_REFERENCE = 100;

const compact = (text: string) => text.replace(/\s+/g, ' ').trim().toUpperCase();
/** 0000501501259006 in a CSV and 501501259006 in a spreadsheet cell are the same reference. */
const referenceKey = (text: string | null) => (text ? compact(text).replace(/^0+(?=\d)/, '') : '');

export function readCredits(grid: Grid, headerRow: number, columns: Columns): StatementCredits {
  let rowsRead = 0;
  let periodFrom: string | null = null;
  let periodTo: string | null = null;
  const credits: CreditLine[] = [];
  const seen = new Map<string, number>();
  for (let index = headerRow + 1; index < grid.length; index += 1) {
    const row = grid[index]!;
    const txnDate = parseStatementDate(row[columns.date]);
    // Rows without a date are the bank's decoration: separators, totals, footers.
    if (!txnDate) continue;
    rowsRead += 1;
    if (periodFrom === null || txnDate < periodFrom) periodFrom = txnDate;
    if (periodTo === null || txnDate > periodTo) periodTo = txnDate;
    const amountPaise = parseAmount(row[columns.credit]);
    if (amountPaise === null || amountPaise <= 0) continue;
    const description = cellText(row[columns.description]).slice(0, MAX_DESCRIPTION);
    const reference = columns.reference === null ? null : cellText(row[columns.reference]).slice(0, MAX_REFERENCE) || null;
    const utr = extractUtr(reference, description);
    // Two identical lines in one file are two credits: the repeat number tells them apart.
    const key = [txnDate, amountPaise, utr ?? '', referenceKey(reference), compact(description)].join('|');
    const repeat = (seen.get(key) ?? 0) + 1;
    seen.set(key, repeat);
    const fingerprint = createHash('sha256').update(`${key}|${repeat}`).digest('hex');
    credits.push({ rowNumber: index + 1, txnDate, amountPaise, utr, reference, description, fingerprint });
  }
  return { rowsRead, periodFrom, periodTo, credits };
}
