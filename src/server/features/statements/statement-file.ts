/**
 * Reading a bank statement file into rows of cells, whatever its format: CSV (any of the usual
 * delimiters and encodings) or Excel .xlsx. The file is only ever held in memory. What the rows
 * mean is decided later (statement-layouts.ts).
 */
import { crc32, inflateRawSync } from 'node:zlib';
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
  const checked = repackXlsx(file);
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = (await readXlsxFile(checked)) as unknown as { sheet: string; data: unknown[][] }[];
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
const ZIP64_MARK = 0xffffffff;

type ZipEntry = { name: Buffer; flags: number; time: number; date: number; content: Buffer; crc: number };

/**
 * Unpacks the .xlsx once, here, and hands the spreadsheet reader only what was checked: every
 * entry named by the zip's central directory is inflated with a cap on its output (the running
 * total stays within MAX_UNPACKED_BYTES), its length and CRC must agree with the directory, and
 * the entries are written back as a plain zip of stored entries with their sizes in the local
 * headers. Bytes the directory does not list (a second, hidden entry after a data descriptor, an
 * entry of unknown size) never reach the reader, whose streaming unzip would otherwise inflate
 * them without any limit.
 */
export function repackXlsx(file: Buffer): Buffer {
  // The reader itself skips everything but XML parts (pictures, printer settings).
  return writeStoredZip(unpackZip(file).filter(({ name }) => /\.(xml|rels)$/.test(name.toString('latin1'))));
}

function unpackZip(file: Buffer): ZipEntry[] {
  const refuse = () => statementErrors.NOT_A_STATEMENT();
  const directory = centralDirectory(file);
  if (!directory || directory.length === 0) throw refuse();
  const names = new Set<string>();
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  for (const listed of directory) {
    // Encrypted entries, and sizes that only a zip64 record would give, are nothing a bank writes.
    if (listed.flags & 0x01) throw refuse();
    if (listed.compressedSize === ZIP64_MARK || listed.size === ZIP64_MARK || listed.localOffset === ZIP64_MARK) {
      throw statementErrors.SPREADSHEET_TOO_LARGE();
    }
    const key = listed.name.toString('latin1');
    if (names.has(key)) throw refuse();
    names.add(key);
    const at = listed.localOffset;
    if (at + 30 > file.length || file.readUInt32LE(at) !== LOCAL_HEADER) throw refuse();
    const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
    const end = start + listed.compressedSize;
    if (end > file.length) throw refuse();
    // The directory's size is checked before anything is unpacked, then the output is capped anyway.
    if (listed.size > MAX_UNPACKED_BYTES - unpacked) throw statementErrors.SPREADSHEET_TOO_LARGE();
    let content: Buffer;
    if (listed.method === 0) {
      content = file.subarray(start, end);
    } else if (listed.method === 8) {
      try {
        content = inflateRawSync(file.subarray(start, end), { maxOutputLength: Math.max(1, listed.size) });
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw statementErrors.SPREADSHEET_TOO_LARGE();
        }
        throw refuse();
      }
    } else {
      throw refuse();
    }
    if (content.length !== listed.size || crc32(content) !== listed.crc) throw refuse();
    unpacked += content.length;
    entries.push({ name: listed.name, flags: listed.flags & 0x0800, time: listed.time, date: listed.date, content, crc: listed.crc });
  }
  return entries;
}

type Listed = {
  name: Buffer;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

/** The entries of the zip's central directory; null when it cannot be read. */
function centralDirectory(file: Buffer): Listed[] | null {
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
  const listed: Listed[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== CENTRAL_HEADER) return null;
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    if (at + 46 + nameLength > file.length) return null;
    listed.push({
      flags: file.readUInt16LE(at + 8),
      method: file.readUInt16LE(at + 10),
      time: file.readUInt16LE(at + 12),
      date: file.readUInt16LE(at + 14),
      crc: file.readUInt32LE(at + 16),
      compressedSize: file.readUInt32LE(at + 20),
      size: file.readUInt32LE(at + 24),
      localOffset: file.readUInt32LE(at + 42),
      name: Buffer.from(file.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return listed;
}

/** A zip of stored (uncompressed) entries, sizes in every local header, no data descriptors. */
function writeStoredZip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(entry.time, 10);
    local.writeUInt16LE(entry.date, 12);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.content.length, 18);
    local.writeUInt32LE(entry.content.length, 22);
    local.writeUInt16LE(entry.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    local.copy(central, 8, 6, 28); // flags, method, time, date, crc, sizes, name length
    central.writeUInt32LE(offset, 42);
    parts.push(local, entry.name, entry.content);
    centrals.push(central, entry.name);
    offset += local.length + entry.name.length + entry.content.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
