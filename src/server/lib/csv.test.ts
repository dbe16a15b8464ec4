import { describe, expect, it } from 'vitest';
import { csvField, spreadsheetCsv, toCsv } from './csv.js';

describe('CSV', () => {
  it('quotes what needs quoting and defuses text a spreadsheet would run as a formula', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(-12)).toBe('-12');
    expect(csvField('-1234.50')).toBe('-1234.50');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvField(`${start}cmd`).startsWith(`'`) || csvField(`${start}cmd`).startsWith(`"'`)).toBe(true);
    expect(csvField('a,b')).toBe('"a,b"');
  });

  it('ends every line with CRLF, and a spreadsheet file starts with a byte-order mark', () => {
    expect(toCsv([['a', 1], [], [null, 'b']])).toBe('a,1\r\n\r\n,b\r\n');
    expect(spreadsheetCsv([['नाव']])).toBe('\uFEFFनाव\r\n');
  });
});
