import { describe, expect, it } from 'vitest';
import {
  financialQuarter,
  financialYear,
  financialYearLabel,
  financialYearOf,
  financialYearShortLabel,
  istMonthLabel,
  parsePeriod,
  parseQuarter,
  quarterOf,
} from './financial-year.js';

const ist = (text: string) => Date.parse(`${text}+05:30`);

describe('financial years and quarters in IST', () => {
  it('turn at 1 April 00:00 IST, which is 31 March 18:30 UTC', () => {
    expect(financialYearOf(Date.parse('2027-03-31T18:29:59.999Z'))).toBe(2026);
    expect(financialYearOf(Date.parse('2027-03-31T18:30:00.000Z'))).toBe(2027);
    expect(financialYear(2026)).toEqual({ label: 'FY2026-27', from: ist('2026-04-01T00:00:00'), to: ist('2027-04-01T00:00:00') });
    expect(financialYear(2099).label).toBe('FY2099-00');
  });

  it('have quarters April-June, July-September, October-December, January-March', () => {
    expect(financialQuarter(2026, 1)).toEqual({ label: 'FY2026-27 Q1', from: ist('2026-04-01T00:00:00'), to: ist('2026-07-01T00:00:00') });
    expect(financialQuarter(2026, 4)).toEqual({ label: 'FY2026-27 Q4', from: ist('2027-01-01T00:00:00'), to: ist('2027-04-01T00:00:00') });
    expect(quarterOf(ist('2026-12-31T23:59:59')).label).toBe('FY2026-27 Q3');
    expect(quarterOf(ist('2027-01-01T00:00:00')).label).toBe('FY2026-27 Q4');
    expect(quarterOf(ist('2027-04-01T00:00:00')).label).toBe('FY2027-28 Q1');
  });

  it('read statement periods and quarters from their labels, and nothing else', () => {
    expect(parsePeriod('2026-11')).toEqual({ label: '2026-11', from: ist('2026-11-01T00:00:00'), to: ist('2026-12-01T00:00:00') });
    expect(parsePeriod('2026-12')?.to).toBe(ist('2027-01-01T00:00:00'));
    expect(parsePeriod('FY2026-27')?.from).toBe(ist('2026-04-01T00:00:00'));
    expect(parseQuarter('FY2026-27 Q2')?.from).toBe(ist('2026-07-01T00:00:00'));
    for (const bad of ['2026-13', '2026-00', 'FY2026-28', '2026', 'FY2026-27 Q5', '']) {
      expect(parsePeriod(bad)).toBeNull();
      expect(parseQuarter(bad)).toBeNull();
    }
    expect(istMonthLabel(Date.parse('2026-11-30T18:30:00Z'))).toBe('2026-12');
  });

  it('labels a year "FY2026-27" for reports and "26-27" for receipt numbers', () => {
    expect(financialYearLabel(2026)).toBe('FY2026-27');
    expect(financialYearShortLabel(2026)).toBe('26-27');
    expect(financialYearLabel(2099)).toBe('FY2099-00');
    expect(financialYearShortLabel(2099)).toBe('99-00');
    expect(financialYearShortLabel(2000)).toBe('00-01');
  });
});
