/**
 * Reading a bank statement file into rows of cells, whatever its format: CSV (any of the usual
 * delimiters and encodings) or Excel .xlsx. The file is only ever held in memory. What the rows
 * mean is decided later (statement-layouts.ts).
 */
import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { statementErrors } from './statements.errors.js';

export type Cell = string | number | boolean | Date | null;
export type Row = Cell[];
/** One sheet of a workbook, or the one table of a CSV file. */
export type Grid = Row[];

export type StatementFile = { kind: 'csv' | 'xlsx'; sheets: Grid[] };

/** Banks' statements for a few months are far smaller; a longer one should be split. */
export const MAX_ROWS = 20_000;
/** Bank layouts have about a dozen columns; anything past this is ignored. */
export const MAX_COLUMNS = 60;
/** An .xlsx is a zip: what it unpacks to is capped, so a small "zip bomb" cannot fill the memory. */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 500;
const MAX_SHEETS = 20;

const startsWith = (file: Buffer, bytes: number[]) => bytes.every((byte, index) => file[index] === byte);

/** Decides the format by the content, never by the file's name. */
export async function readStatementFile(file: Buffer): Promise<StatementFile> {
  if (startsWith(file, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'xlsx', sheets: await readXlsx(file) };
  if (startsWith(file, [0xd0, 0xcf, 0x11, 0xe0])) throw statementErrors.XLS_NOT_SUPPORTED();
  if (startsWith(file, [0x25, 0x50, 0x44, 0x46])) throw statementErrors.PDF_NOT_SUPPORTED();
  return { kind: 'csv', sheets: [readCsv(file)] };
}

// ---- CSV ----

/** UTF-8 (with or without a BOM), UTF-16 as Excel's "Unicode text" writes it, else Windows-1252. */
export function decodeText(file: Buffer): string {
  if (startsWith(file, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(file.subarray(2));
  if (startsWith(file, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(file.subarray(2));
  const body = startsWith(file, [0xef, 0xbb, 0xbf]) ? file.subarray(3) : file;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

const DELIMITERS = [',', '\t', ';', '|'] as const;

/** The delimiter that splits the first lines most often; banks mostly use commas, some tabs. */
export function sniffDelimiter(text: string): string {
  const head = text.split(/\r?\n/, 40).join('\n');
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = head.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

function readCsv(file: Buffer): Grid {
  const text = decodeText(file);
  // A binary file (a picture, a zip under another name) is no statement.
  if (text.includes('\u0000')) throw statementErrors.NOT_A_STATEMENT();
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: sniffDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: 64 * 1024,
      to: MAX_ROWS + 1,
    }) as string[][];
  } catch {
    throw statementErrors.NOT_A_STATEMENT();
  }
  if (records.length > MAX_ROWS) throw statementErrors.TOO_MANY_ROWS();
  return records.map((record) => record.slice(0, MAX_COLUMNS));
}

// ---- XLSX ----

async function readXlsx(file: Buffer): Promise<Grid[]> {
  checkZipLimits(file);
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = (await readXlsxFile(file)) as unknown as { sheet: string; data: unknown[][] }[];
  } catch {
    throw statementErrors.NOT_A_STATEMENT();
  }
  return sheets.slice(0, MAX_SHEETS).map(({ data }) => {
    if (data.length > MAX_ROWS) throw statementErrors.TOO_MANY_ROWS();
    return data.map((row) => row.slice(0, MAX_COLUMNS).map(toCell));
  });
}

function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  return String(value);
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/**
 * Unpacks every entry of the zip the way a streaming reader meets them (local headers, in
 * order), counting the bytes they inflate to, and refuses the file past MAX_UNPACKED_BYTES or
 * when its headers do not add up. The spreadsheet reader unpacks it again afterwards; this pass
 * only measures.
 */
export function checkZipLimits(file: Buffer): void {
  const refuse = () => statementErrors.NOT_A_STATEMENT();
  const sizesByOffset = centralDirectory(file);
  if (!sizesByOffset) throw refuse();

  let offset = 0;
  let entries = 0;
  let unpacked = 0;
  while (offset + 30 <= file.length && file.readUInt32LE(offset) === LOCAL_HEADER) {
    entries += 1;
    if (entries > MAX_ZIP_ENTRIES) throw statementErrors.SPREADSHEET_TOO_LARGE();
    const flags = file.readUInt16LE(offset + 6);
    const method = file.readUInt16LE(offset + 8);
    let compressedSize = file.readUInt32LE(offset + 18);
    const nameLength = file.readUInt16LE(offset + 26);
    const extraLength = file.readUInt16LE(offset + 28);
    const listed = sizesByOffset.get(offset);
    if (!listed) throw refuse();
    // With a data descriptor (flag bit 3) the sizes follow the data; the central directory has them.
    if (flags & 0x08) compressedSize = listed.compressedSize;
    if (compressedSize === 0xffffffff) throw statementErrors.SPREADSHEET_TOO_LARGE();
    const start = offset + 30 + nameLength + extraLength;
    const end = start + compressedSize;
    if (end > file.length) throw refuse();

    const room = MAX_UNPACKED_BYTES - unpacked;
    if (method === 0) {
      unpacked += compressedSize;
    } else if (method === 8) {
      try {
        unpacked += inflateRawSync(file.subarray(start, end), { maxOutputLength: room + 1 }).length;
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw statementErrors.SPREADSHEET_TOO_LARGE();
        }
        throw refuse();
      }
    } else {
      throw refuse();
    }
    if (unpacked > MAX_UNPACKED_BYTES) throw statementErrors.SPREADSHEET_TOO_LARGE();

    offset = end;
    if (flags & 0x08) {
      // Skip the data descriptor: optional signature, crc, two sizes.
      offset += offset + 4 <= file.length && file.readUInt32LE(offset) === 0x08074b50 ? 16 : 12;
    }
  }
  if (entries === 0 || entries !== sizesByOffset.size) throw refuse();
}

/** Local header offset → sizes, from the zip's central directory; null when it cannot be read. */
function centralDirectory(file: Buffer): Map<number, { compressedSize: number }> | null {
  if (file.length < 22) return null;
  const searchFrom = Math.max(0, file.length - 22 - 0xffff);
  let end = -1;
  for (let at = file.length - 22; at >= searchFrom; at -= 1) {
    if (file.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  if (count > MAX_ZIP_ENTRIES) throw statementErrors.SPREADSHEET_TOO_LARGE();
  const sizes = new Map<number, { compressedSize: number }>();
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== CENTRAL_HEADER) return null;
    const compressedSize = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const localOffset = file.readUInt32LE(at + 42);
    sizes.set(localOffset, { compressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return sizes;
}
