import writeXlsxFile from 'write-excel-file/node';

/**
 * Synthetic bank statements in the shapes Indian banks export, made up by the tests: no real
 * account data. Each builder gives rows of cells; `toCsv` and `toXlsx` turn them into files.
 */

export type TestCell = string | number | Date | null;
export type TestRows = TestCell[][];

export type StatementEntry = {
  /** YYYY-MM-DD */
  date: string;
  /** Credit in rupees (may have paise), or a debit when `debit` is set instead. */
  credit?: number;
  debit?: number;
  utr?: string;
  payer?: string;
  /** Overrides the narration the layout would write. */
  narration?: string;
};

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** dd/mm/yy, as HDFC writes it. */
export const ddmmyy = (date: string) => {
  const { y, m, d } = parts(date);
  return `${pad(d)}/${pad(m)}/${String(y).slice(2)}`;
};
/** 2 Nov 2026, as SBI writes it. */
export const dMonYyyy = (date: string) => {
  const { y, m, d } = parts(date);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};
/** dd/mm/yyyy, as ICICI writes it. */
export const ddmmyyyy = (date: string) => {
  const { y, m, d } = parts(date);
  return `${pad(d)}/${pad(m)}/${y}`;
};
/** A Date cell (midnight UTC, as spreadsheets hold dates). */
export const dateCell = (date: string) => {
  const { y, m, d } = parts(date);
  return new Date(Date.UTC(y, m - 1, d));
};

/** Rupees written the Indian way: 1,00,000.00 */
export const indianAmount = (rupees: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupees);

type Style = 'text' | 'spreadsheet';
const amountCell = (rupees: number | undefined, style: Style): TestCell =>
  rupees === undefined ? (style === 'text' ? '' : null) : style === 'text' ? indianAmount(rupees) : rupees;

function runningBalances(entries: StatementEntry[]) {
  let balance = 25_000;
  return entries.map((entry) => {
    balance += (entry.credit ?? 0) - (entry.debit ?? 0);
    return balance;
  });
}

/** HDFC-like: preamble, `Date, Narration, Chq./Ref.No., Value Dt, Withdrawal Amt., Deposit Amt., Closing Balance`. */
export function hdfcStatement(entries: StatementEntry[], style: Style = 'text'): TestRows {
  const balances = runningBalances(entries);
  const date = (value: string) => (style === 'text' ? ddmmyy(value) : dateCell(value));
  return [
    ['HDFC BANK Ltd.', null, null, null, null, null, 'Page No .: 1'],
    ['M/S. MARATHI SUCCESS TEST ACCOUNT'],
    ['Account No :XXXXXXXX4321', null, null, null, 'Statement From : 01/11/26 To : 30/11/26'],
    [],
    ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
    ['********', '********', '********', '********', '********', '********', '********'],
    ...entries.map((entry, index) => [
      date(entry.date),
      entry.narration ??
        (entry.utr
          ? `UPI-${entry.payer ?? 'RAMESH K'}-payer${index}@okaxis-UTIB0000123-${entry.utr}-Course fee`
          : entry.debit
            ? 'NEFT DR-ELECTRICITY BOARD'
            : 'CASH DEPOSIT BRANCH'),
      entry.utr ? `0000${entry.utr}` : '000000000000000',
      date(entry.date),
      amountCell(entry.debit, style),
      amountCell(entry.credit, style),
      amountCell(balances[index], style),
    ]),
    [],
    ['STATEMENT SUMMARY :-'],
    ['Opening Balance', 'Dr Count', 'Cr Count', 'Debits', 'Credits', 'Closing Bal'],
  ];
}

/** SBI-like: preamble, `Txn Date, Value Date, Description, Ref No./Cheque No., Debit, Credit, Balance`. */
export function sbiStatement(entries: StatementEntry[], style: Style = 'text'): TestRows {
  const balances = runningBalances(entries);
  const date = (value: string) => (style === 'text' ? dMonYyyy(value) : dateCell(value));
  return [
    ['Account Name', ':', 'Marathi Success Test'],
    ['Address', ':', 'Pune'],
    ['Account Number', ':', '_00000012345678'],
    ['Branch', ':', 'TEST BRANCH'],
    ['Balance as on 1 Nov 2026', ':', '25,000.00'],
    [],
    ['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance'],
    ...entries.map((entry, index) => [
      date(entry.date),
      date(entry.date),
      entry.narration ??
        (entry.utr ? `BY TRANSFER-UPI/CR/${entry.utr}/${entry.payer ?? 'RAMESH K'}/SBIN/payer${index}@oksbi/Payment--` : 'TO TRANSFER-INB NEFT--'),
      entry.utr ? 'TRANSFER FROM 4897694162091' : 'TRANSFER TO 4897694162092',
      amountCell(entry.debit, style),
      amountCell(entry.credit, style),
      amountCell(balances[index], style),
    ]),
    ['**This is a computer generated statement and does not require a signature'],
  ];
}

/**
 * ICICI-like, with the empty first column its spreadsheets have: `S No., Value Date, Transaction
 * Date, Cheque Number, Transaction Remarks, Withdrawal Amount (INR ), Deposit Amount (INR ), Balance (INR )`.
 */
export function iciciStatement(entries: StatementEntry[], style: Style = 'text'): TestRows {
  const balances = runningBalances(entries);
  const date = (value: string) => (style === 'text' ? ddmmyyyy(value) : dateCell(value));
  return [
    [null, 'DETAILED STATEMENT'],
    [null, 'Transactions List - Marathi Success Test (INR) - XXXXXXXX9876'],
    [null, 'Transaction Date from 01/11/2026 to 30/11/2026'],
    [],
    [
      null,
      'S No.',
      'Value Date',
      'Transaction Date',
      'Cheque Number',
      'Transaction Remarks',
      'Withdrawal Amount (INR )',
      'Deposit Amount (INR )',
      'Balance (INR )',
    ],
    ...entries.map((entry, index) => [
      null,
      index + 1,
      date(entry.date),
      date(entry.date),
      '-',
      entry.narration ?? (entry.utr ? `UPI/${entry.utr}/Payment/payer${index}@okicici/ICICI Bank/${entry.payer ?? 'RAMESH K'}` : 'BIL/ONL/000123/ELECTRICITY'),
      amountCell(entry.debit ?? 0, style),
      amountCell(entry.credit ?? 0, style),
      amountCell(balances[index], style),
    ]),
    [],
    [null, 'Legends Used in Account Statement'],
  ];
}

/** Each bank layout the app knows, by the key it stores for it, with the builder of a statement in that layout. */
export const knownLayoutStatements: [layout: string, build: typeof hdfcStatement][] = [
  ['hdfc', hdfcStatement],
  ['sbi', sbiStatement],
  ['icici', iciciStatement],
];

/** A layout no known bank uses, for the column mapping. */
export function unknownLayoutStatement(entries: StatementEntry[]): TestRows {
  return [
    ['Cooperative Bank of Testing'],
    ['Posting Date', 'Remarks Text', 'UTR / Ref', 'Money Out', 'Money In', 'Running Total'],
    ...entries.map((entry, index) => [
      ddmmyyyy(entry.date),
      entry.narration ?? `IMPS-UPI receipt from ${entry.payer ?? 'RAMESH K'}`,
      entry.utr ?? '',
      entry.debit === undefined ? '' : indianAmount(entry.debit),
      entry.credit === undefined ? '' : indianAmount(entry.credit),
      indianAmount(runningBalances(entries)[index]!),
    ]),
  ];
}

function csvField(cell: TestCell): string {
  if (cell === null) return '';
  const text = cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: TestRows): Buffer {
  return Buffer.from(`${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx(rows: TestRows): Promise<Buffer> {
  const width = Math.max(...rows.map((row) => row.length));
  const data = rows.map((row) =>
    Array.from({ length: width }, (_, index) => {
      const cell = row[index] ?? null;
      if (cell instanceof Date) return { value: cell, type: Date, format: 'dd/mm/yyyy' };
      return cell;
    }),
  );
  return writeXlsxFile(data as unknown as Parameters<typeof writeXlsxFile>[0]).toBuffer();
}

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
