import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../test/images.js';
import { hdfcStatement, knownLayoutStatements, toCsv, toXlsx, unknownLayoutStatement, type StatementEntry } from '../../../test/statements.js';
import { readCredits } from './statement-credits.js';
import { decodeText, MAX_UNPACKED_BYTES, readStatementFile, sniffDelimiter } from './statement-file.js';
import { headerKey, recogniseLayout } from './statement-layouts.js';
import { matchCredits } from './statement-matching.js';
import { extractUtr, parseAmount, parseStatementDate, utrInText } from './statement-values.js';

describe('amounts', () => {
  it('reads Indian digit grouping, currency marks, Cr and Dr, and numbers from spreadsheets', () => {
    expect(parseAmount('1,00,000.00')).toBe(1_00_000_00);
    expect(parseAmount('10,00,000')).toBe(10_00_000_00);
    expect(parseAmount('4,999.50')).toBe(4_999_50);
    expect(parseAmount('₹ 4,999')).toBe(4_999_00);
    expect(parseAmount('Rs. 500.5')).toBe(500_50);
    expect(parseAmount('INR 1200')).toBe(1_200_00);
    expect(parseAmount('4,999.00 Cr')).toBe(4_999_00);
    expect(parseAmount('4,999.00 Dr')).toBe(-4_999_00);
    expect(parseAmount('(250.00)')).toBe(-250_00);
    expect(parseAmount('-250')).toBe(-250_00);
    expect(parseAmount(4999.99)).toBe(4_999_99);
    expect(parseAmount(19.99)).toBe(19_99);
  });

  it('is no amount for empty cells, dashes, words and dates', () => {
    for (const cell of ['', '-', '********', 'Deposit Amt.', '12/11/2026', '1,2,3', null, undefined, new Date()]) {
      expect(parseAmount(cell)).toBeNull();
    }
  });
});

describe('dates', () => {
  it('reads the day first, in the ways Indian banks write it', () => {
    expect(parseStatementDate('02/11/26')).toBe('2026-11-02');
    expect(parseStatementDate('02/11/2026')).toBe('2026-11-02');
    expect(parseStatementDate('2-11-2026')).toBe('2026-11-02');
    expect(parseStatementDate('2 Nov 2026')).toBe('2026-11-02');
    expect(parseStatementDate('02-Nov-26')).toBe('2026-11-02');
    expect(parseStatementDate('02 November 2026 10:31:05')).toBe('2026-11-02');
    expect(parseStatementDate('2026-11-02')).toBe('2026-11-02');
    expect(parseStatementDate(new Date(Date.UTC(2026, 10, 2)))).toBe('2026-11-02');
    // An Excel day number in a cell not formatted as a date.
    expect(parseStatementDate(46328)).toBe('2026-11-02');
  });

  it('is no date for impossible days, words and small numbers', () => {
    for (const cell of ['31/02/2026', '********', 'Date', '1,000.00', 5, '', null]) {
      expect(parseStatementDate(cell)).toBeNull();
    }
  });
});

describe('UTRs', () => {
  it('finds the 12-digit UPI reference inside the narrations banks write', () => {
    expect(utrInText('UPI/501501259006/RAMESH K/ramesh@okaxis/Payment')).toBe('501501259006');
    expect(utrInText('UPI-RAMESH K-ramesh@okaxis-UTIB0000123-501501259006-Course fee')).toBe('501501259006');
    expect(utrInText('BY TRANSFER-UPI/CR/501501259006/RAMESH/SBIN/ramesh@oksbi/Payment--')).toBe('501501259006');
    // A UPI id made of a phone number with 91 is not the UTR.
    expect(utrInText('UPI-RAMESH-919876543210@paytm-PYTM0123456-501501259006-NA')).toBe('501501259006');
    expect(utrInText('UPI/501501259006/ref 123456789012 note')).toBe('501501259006');
    expect(utrInText('NEFT-HDFCN52026110212345-ACME')).toBeNull();
    expect(utrInText('Two numbers 123456789012 and 210987654321')).toBeNull();
  });

  it('prefers the reference column, with or without the padding zeros, then the narration', () => {
    expect(extractUtr('0000501501259006', 'UPI-X-501501259007-Y')).toBe('501501259006');
    expect(extractUtr('501501259006', '')).toBe('501501259006');
    expect(extractUtr('UPI/501501259006', '')).toBe('501501259006');
    expect(extractUtr('TRANSFER FROM 4897694162091', 'BY TRANSFER-UPI/CR/501501259006/X')).toBe('501501259006');
    expect(extractUtr('-', 'CASH DEPOSIT')).toBeNull();
  });
});

describe('files', () => {
  it('decodes UTF-8 with a BOM, UTF-16 and Windows-1252, and finds the delimiter', () => {
    expect(decodeText(Buffer.from('\uFEFFDate,Narration', 'utf8'))).toBe('Date,Narration');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Date\tNarration', 'utf16le')]))).toBe('Date\tNarration');
    expect(decodeText(Buffer.from([0x52, 0x73, 0xa0, 0x35]))).toBe('Rs\u00a05');
    expect(sniffDelimiter('Date\tNarration\tDeposit\n01/11/26\tUPI\t5')).toBe('\t');
    expect(sniffDelimiter('Date;Narration;Deposit')).toBe(';');
    expect(sniffDelimiter('Date,Narration,Deposit')).toBe(',');
  });

  it('refuses pictures, PDFs, old .xls files and broken zips with a message, never a crash', async () => {
    await expect(readStatementFile(await makePng(20, 20))).rejects.toMatchObject({ appCode: 'NOT_A_STATEMENT' });
    await expect(readStatementFile(Buffer.from('%PDF-1.7\n...'))).rejects.toMatchObject({ appCode: 'PDF_NOT_SUPPORTED' });
    await expect(readStatementFile(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).rejects.toMatchObject({
      appCode: 'XLS_NOT_SUPPORTED',
    });
    await expect(readStatementFile(Buffer.from('PK\u0003\u0004garbage'))).rejects.toMatchObject({ appCode: 'NOT_A_STATEMENT' });
  });

  it('refuses a statement of more than 20,000 rows', async () => {
    const rows = `Date,Narration,Deposit Amt.\n${'01/11/26,UPI,1.00\n'.repeat(20_001)}`;
    await expect(readStatementFile(Buffer.from(rows))).rejects.toMatchObject({ appCode: 'TOO_MANY_ROWS' });
  });

  it('refuses a spreadsheet that unpacks to more than the limit (a zip bomb) before reading it', async () => {
    const zeros = Buffer.alloc(MAX_UNPACKED_BYTES + 1024);
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: zeros }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(readStatementFile(bomb)).rejects.toMatchObject({ appCode: 'SPREADSHEET_TOO_LARGE' });
  });

  it('hands the reader only the entries it checked: a sheet hidden behind a data descriptor is never unpacked', async () => {
    // The first entry says "sizes follow the data" (flag bit 3) yet carries them in its header and
    // has no descriptor after it; a streaming unzip reads on into a second run of entries that the
    // central directory (listing only the first) never names, whose sheet is of unknown size.
    const workbook = unzipEntries(await toXlsx(hdfcStatement(entries)));
    const sheetName = 'xl/worksheets/sheet1.xml';
    const sheet = workbook.find(({ name }) => name === sheetName)!.content.toString('utf8');
    const declarationEnd = sheet.indexOf('?>') + 2;
    // 60 MB of whitespace between the XML declaration and the root: valid XML, past the 50 MB limit.
    const padded = Buffer.concat([Buffer.from(sheet.slice(0, declarationEnd)), Buffer.alloc(60 * 1024 * 1024, 0x20), Buffer.from(sheet.slice(declarationEnd))]);
    const [first, ...rest] = workbook;
    const head = localEntry(first!.name, first!.content, { flags: 0x08 });
    const hidden = rest.map((entry) =>
      entry.name === sheetName ? localEntry(entry.name, padded, { flags: 0x08, unknownSize: true }) : localEntry(entry.name, entry.content),
    );
    const directory = centralEntry(first!.name, first!.content, 0, 0x08);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(directory.length, 12);
    const body = Buffer.concat([head, ...hidden]);
    end.writeUInt32LE(body.length, 16);
    const crafted = Buffer.concat([body, directory, end]);
    expect(crafted.length).toBeLessThan(1024 * 1024);

    const before = process.memoryUsage().arrayBuffers;
    await expect(readStatementFile(crafted)).rejects.toMatchObject({ appCode: 'NOT_A_STATEMENT' });
    // Nothing near the hidden 60 MB was ever held.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses a zip whose entry inflates to more than its directory says, or whose CRC does not match', async () => {
    const workbook = unzipEntries(await toXlsx(hdfcStatement(entries)));
    const lying = zipOf(workbook, { sizeDelta: -1 });
    await expect(readStatementFile(lying)).rejects.toMatchObject({ appCode: 'SPREADSHEET_TOO_LARGE' });
    const badCrc = zipOf(workbook, { crcXor: 1 });
    await expect(readStatementFile(badCrc)).rejects.toMatchObject({ appCode: 'NOT_A_STATEMENT' });
    // The same entries, honestly listed, read fine.
    const honest = await readStatementFile(zipOf(workbook));
    expect(honest.kind).toBe('xlsx');
  });

  it('still reads spreadsheets whose entries carry data descriptors', async () => {
    const workbook = unzipEntries(await toXlsx(hdfcStatement(entries)));
    const parts: Buffer[] = [];
    const centrals: Buffer[] = [];
    let offset = 0;
    for (const entry of workbook) {
      const local = localEntry(entry.name, entry.content, { flags: 0x08, unknownSize: true });
      centrals.push(centralEntry(entry.name, entry.content, offset, 0x08));
      parts.push(local);
      offset += local.length;
    }
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(workbook.length, 8);
    end.writeUInt16LE(workbook.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    const result = await parse(Buffer.concat([...parts, directory, end]));
    expect(result.layout).toBe('hdfc');
    expect(result.credits.length).toBeGreaterThan(0);
  });
});

const entries: StatementEntry[] = [
  { date: '2026-11-02', credit: 4999, utr: '501501259006', payer: 'RAMESH K' },
  { date: '2026-11-02', debit: 1200 },
  { date: '2026-11-03', credit: 100000, utr: '501501259007', payer: 'SUNITA P' },
  { date: '2026-11-04', credit: 350.5 },
  { date: '2026-11-05', credit: 2499, utr: '501501259008' },
];

async function parse(file: Buffer) {
  const statement = await readStatementFile(file);
  const found = recogniseLayout(statement.sheets, () => undefined);
  if (found.kind !== 'known' && found.kind !== 'mapped') throw new Error(`not recognised: ${found.kind}`);
  return { kind: statement.kind, layout: found.layout, ...readCredits(statement.sheets[found.sheet]!, found.headerRow, found.columns) };
}

describe.each(knownLayoutStatements)('the %s layout', (layout, build) => {
  const expected = [
    { txnDate: '2026-11-02', amountPaise: 4_999_00, utr: '501501259006' },
    { txnDate: '2026-11-03', amountPaise: 1_00_000_00, utr: '501501259007' },
    { txnDate: '2026-11-04', amountPaise: 350_50, utr: null },
    { txnDate: '2026-11-05', amountPaise: 2_499_00, utr: '501501259008' },
  ];

  it('is recognised under its preamble in CSV, and gives the credits with their UTRs, debits left out', async () => {
    const parsed = await parse(toCsv(build(entries)));
    expect(parsed).toMatchObject({ kind: 'csv', layout, rowsRead: 5, periodFrom: '2026-11-02', periodTo: '2026-11-05' });
    expect(parsed.credits.map(({ txnDate, amountPaise, utr }) => ({ txnDate, amountPaise, utr }))).toEqual(expected);
  });

  it('is recognised in .xlsx with date cells and number cells, with the same fingerprints as its CSV', async () => {
    const fromXlsx = await parse(await toXlsx(build(entries, 'spreadsheet')));
    expect(fromXlsx).toMatchObject({ kind: 'xlsx', layout, rowsRead: 5 });
    expect(fromXlsx.credits.map(({ txnDate, amountPaise, utr }) => ({ txnDate, amountPaise, utr }))).toEqual(expected);
    const fromCsv = await parse(toCsv(build(entries)));
    expect(fromXlsx.credits.map((credit) => credit.fingerprint)).toEqual(fromCsv.credits.map((credit) => credit.fingerprint));
  });
});

describe('an unknown layout', () => {
  it('offers its header row and sample rows for mapping, and reads credits once the columns are known', async () => {
    const statement = await readStatementFile(toCsv(unknownLayoutStatement(entries)));
    const found = recogniseLayout(statement.sheets, () => undefined);
    expect(found).toMatchObject({
      kind: 'unknown',
      headerRow: 1,
      headers: ['Posting Date', 'Remarks Text', 'UTR / Ref', 'Money Out', 'Money In', 'Running Total'],
    });
    if (found.kind !== 'unknown') throw new Error('expected unknown');
    expect(found.headerKey).toBe(headerKey(statement.sheets[0]![1]!));
    expect(found.sample[0]).toEqual(['02/11/2026', 'IMPS-UPI receipt from RAMESH K', '501501259006', '', '4,999.00', '29,999.00']);

    const columns = { date: 0, description: 1, reference: 2, credit: 4 };
    const mapped = recogniseLayout(statement.sheets, (key) => (key === found.headerKey ? columns : undefined));
    expect(mapped).toMatchObject({ kind: 'mapped', headerRow: 1, columns });
    const read = readCredits(statement.sheets[0]!, 1, columns);
    expect(read.credits.map((credit) => credit.utr)).toEqual(['501501259006', '501501259007', null, '501501259008']);
  });

  it('is not a statement when nothing under a header looks like a transaction', async () => {
    const statement = await readStatementFile(Buffer.from('Name,Email,City\nAsha,asha@example.com,Pune\n'));
    expect(recogniseLayout(statement.sheets, () => undefined)).toEqual({ kind: 'none' });
  });
});

describe('matching', () => {
  const order = (orderId: number, utr: string, amountPaise: number, status: 'pending' | 'approved' | 'rejected' = 'pending') => ({
    orderId,
    utr,
    amountPaise,
    status,
  });

  it('sorts credits into exact, mismatch, settled and no order', () => {
    const orders = new Map([
      ['111111111111', order(1, '111111111111', 499_900)],
      ['222222222222', order(2, '222222222222', 499_900)],
      ['333333333333', order(3, '333333333333', 499_900, 'approved')],
      ['444444444444', order(4, '444444444444', 499_900, 'rejected')],
    ]);
    const lines = [
      { utr: '111111111111', amountPaise: 499_900 },
      { utr: '222222222222', amountPaise: 400_000 },
      { utr: '333333333333', amountPaise: 499_900 },
      { utr: '444444444444', amountPaise: 499_900 },
      { utr: '555555555555', amountPaise: 499_900 },
      { utr: null, amountPaise: 499_900 },
      { utr: '111111111111', amountPaise: 499_900 },
    ];
    expect(matchCredits(lines, orders).map(({ kind, note, order }) => [kind, note, order?.orderId ?? null])).toEqual([
      ['exact', null, 1],
      ['mismatch', null, 2],
      ['settled', null, 3],
      ['no_order', null, null],
      ['no_order', null, null],
      ['no_order', 'no_utr', null],
      ['no_order', 'repeated_utr', null],
    ]);
  });

  it('matches each UTR of an order paid in parts to its own part', () => {
    // Order 7: ₹899 arrived with the first UTR (counted by the admin), ₹100 was sent with the second.
    const orders = new Map([
      ['111111111111', { orderId: 7, utr: '111111111111', amountPaise: 899_00, status: 'pending' as const, earlierPart: true }],
      ['222222222222', { orderId: 7, utr: '222222222222', amountPaise: 100_00, status: 'pending' as const, earlierPart: false }],
      ['333333333333', { orderId: 8, utr: '333333333333', amountPaise: 500_00, status: 'awaiting_difference' as const, earlierPart: false }],
    ]);
    const lines = [
      { utr: '111111111111', amountPaise: 899_00 },
      { utr: '222222222222', amountPaise: 100_00 },
      { utr: '333333333333', amountPaise: 500_00 },
    ];
    expect(matchCredits(lines, orders).map(({ kind, note, order }) => [kind, note, order?.orderId ?? null])).toEqual([
      ['settled', null, 7],
      ['exact', null, 7],
      ['settled', null, 8],
    ]);
    // The second part short of what was asked: a mismatch, not an approval.
    expect(matchCredits([{ utr: '222222222222', amountPaise: 90_00 }], orders)[0]!.kind).toBe('mismatch');
  });
});

/** The entries of a zip, by its central directory (test files only: no zip64, no checks). */
function unzipEntries(zip: Buffer): { name: string; content: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: { name: string; content: Buffer }[] = [];
  for (let index = 0; index < count; index += 1) {
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressedSize);
    files.push({ name, content: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

/**
 * One deflated local entry. With `unknownSize` its header has zero sizes and a data descriptor
 * (with signature) follows the data, as streaming writers do.
 */
function localEntry(name: string, content: Buffer, options: { flags?: number; unknownSize?: boolean } = {}): Buffer {
  const nameBytes = Buffer.from(name);
  const data = deflateRawSync(content, { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(options.flags ?? 0, 6);
  local.writeUInt16LE(8, 8);
  if (!options.unknownSize) {
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
  }
  local.writeUInt16LE(nameBytes.length, 26);
  if (!options.unknownSize) return Buffer.concat([local, nameBytes, data]);
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc32(content), 4);
  descriptor.writeUInt32LE(data.length, 8);
  descriptor.writeUInt32LE(content.length, 12);
  return Buffer.concat([local, nameBytes, data, descriptor]);
}

function centralEntry(name: string, content: Buffer, localOffset: number, flags = 0): Buffer {
  const nameBytes = Buffer.from(name);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(flags, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(deflateRawSync(content, { level: 9 }).length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(localOffset, 42);
  return Buffer.concat([central, nameBytes]);
}

/** A minimal zip (deflated entries, no data descriptors), to build what no spreadsheet program would. */
function zipOf(files: { name: string; content: Buffer }[], lie: { sizeDelta?: number; crcXor?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const data = deflateRawSync(file.content, { level: 9 });
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    const size = file.content.length + (lie.sizeDelta ?? 0);
    const crc = (crc32(file.content) ^ (lie.crcXor ?? 0)) >>> 0;
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
