import { describe, expect, it } from 'vitest';
import { istDateOf, istDateStart, istDateTimeToEpoch, istDayStart, istMonthStart, istPeriods, istWeekStart } from './ist.js';

/** A moment given in IST (UTC+05:30). */
const ist = (text: string) => Date.parse(`${text}+05:30`);

describe('IST periods', () => {
  it('starts the day at 00:00 IST, not UTC', () => {
    expect(istDayStart(ist('2026-11-21T23:59:00'))).toBe(ist('2026-11-21T00:00:00'));
    expect(istDayStart(ist('2026-11-22T00:01:00'))).toBe(ist('2026-11-22T00:00:00'));
    // 01:00 IST is still the previous day in UTC.
    expect(istDayStart(ist('2026-11-22T01:00:00'))).toBe(ist('2026-11-22T00:00:00'));
  });

  it('starts the week on Monday', () => {
    // 2026-11-22 is a Sunday; 2026-11-23 a Monday.
    expect(istWeekStart(ist('2026-11-22T23:59:00'))).toBe(ist('2026-11-16T00:00:00'));
    expect(istWeekStart(ist('2026-11-23T00:00:00'))).toBe(ist('2026-11-23T00:00:00'));
    expect(istWeekStart(ist('2026-11-25T12:00:00'))).toBe(ist('2026-11-23T00:00:00'));
  });

  it('starts the month on the 1st', () => {
    expect(istMonthStart(ist('2026-11-30T23:59:59'))).toBe(ist('2026-11-01T00:00:00'));
    expect(istMonthStart(ist('2026-12-01T00:00:00'))).toBe(ist('2026-12-01T00:00:00'));
    expect(istMonthStart(ist('2027-01-01T03:00:00'))).toBe(ist('2027-01-01T00:00:00'));
  });

  it('gives all three at once', () => {
    expect(istPeriods(ist('2026-11-21T10:00:00'))).toEqual({
      dayStart: ist('2026-11-21T00:00:00'),
      weekStart: ist('2026-11-16T00:00:00'),
      monthStart: ist('2026-11-01T00:00:00'),
    });
  });
});

describe('formatIstDateTime in Marathi', () => {
  it('writes "23 नोव्हेंबर 2026, दुपारी 1:58" with the part of the day and Latin digits', async () => {
    const { formatIstDateTime } = await import('./ist.js');
    expect(formatIstDateTime(Date.parse('2026-11-23T08:28:00Z'), 'mr')).toBe('23 नोव्हेंबर 2026, दुपारी 1:58');
    expect(formatIstDateTime(Date.parse('2026-01-05T03:00:00Z'), 'mr')).toBe('5 जानेवारी 2026, सकाळी 8:30');
    expect(formatIstDateTime(Date.parse('2026-06-30T18:35:00Z'), 'mr')).toBe('1 जुलै 2026, रात्री 12:05');
    expect(formatIstDateTime(Date.parse('2026-03-10T13:00:00Z'), 'mr')).toBe('10 मार्च 2026, संध्याकाळी 6:30');
  });
});

describe('IST calendar dates', () => {
  it('reads and writes "YYYY-MM-DD" in IST, not UTC', () => {
    // 18:30 UTC is already the next day in India.
    expect(istDateOf(Date.parse('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
    expect(istDateOf(Date.parse('2026-11-22T18:29:59Z'))).toBe('2026-11-22');
    expect(istDateStart('2026-11-23')).toBe(ist('2026-11-23T00:00:00'));
    expect(istDateStart('not a date')).toBeNaN();
    expect(istDateTimeToEpoch('2026-11-25T14:30')).toBe(ist('2026-11-25T14:30:00'));
  });
});
