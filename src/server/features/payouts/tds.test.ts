import { describe, expect, it } from 'vitest';
import { rateFor, tdsDepositDueDate, yearsTds } from './tds.service.js';

const on = { enabled: true, rateBp: 200, noPanRateBp: 2000, thresholdPaise: 20_000_00 };
/** A moment given in IST (UTC+05:30). */
const ist = (text: string) => Date.parse(`${text}+05:30`);

describe('the TDS rule (section 194H, over the financial year)', () => {
  it('is nothing while the year’s credit does not exceed the threshold, then the rate on all of it', () => {
    expect(yearsTds(on, 20_000_00, 200)).toBe(0);
    expect(yearsTds(on, 20_000_01, 200)).toBe(400_00);
    expect(yearsTds(on, 30_000_00, 200)).toBe(600_00);
    expect(yearsTds(on, 30_000_00, 2000)).toBe(6_000_00);
  });

  it('rounds to whole paise, half up', () => {
    expect(yearsTds(on, 20_000_25, 200)).toBe(400_01);
  });

  it('takes the 206AA rate without a PAN', () => {
    expect(rateFor(on, true)).toBe(200);
    expect(rateFor(on, false)).toBe(2000);
  });

  it('is deposited by the 7th of the next month, and by 30 April for March (IST)', () => {
    expect(tdsDepositDueDate(ist('2026-03-20T10:00:00'))).toBe('2026-04-30');
    expect(tdsDepositDueDate(ist('2026-03-31T23:59:59'))).toBe('2026-04-30');
    expect(tdsDepositDueDate(ist('2026-04-01T00:00:00'))).toBe('2026-05-07');
    expect(tdsDepositDueDate(ist('2026-12-31T23:00:00'))).toBe('2027-01-07');
    // 31 December 20:00 UTC is already 1 January in India.
    expect(tdsDepositDueDate(Date.UTC(2026, 11, 31, 20))).toBe('2027-02-07');
  });
});
