import { describe, expect, it } from 'vitest';
import { tdsRule } from './tds.js';

const on = { enabled: true, rateBp: 200, noPanRateBp: 2000, thresholdPaise: 20_000_00 };

describe('the TDS rule (section 194H, over the financial year)', () => {
  it('withholds nothing when off, or while the year’s credit does not exceed the threshold', () => {
    expect(tdsRule({ ...on, enabled: false }, { creditedInYearPaise: 50_000_00, withheldInYearPaise: 0, grossPaise: 50_000_00, hasPan: true }).tdsPaise).toBe(
      0,
    );
    expect(tdsRule(on, { creditedInYearPaise: 20_000_00, withheldInYearPaise: 0, grossPaise: 20_000_00, hasPan: true }).tdsPaise).toBe(0);
  });

  it('once over, withholds the rate on the whole year’s credit minus what was withheld, within the payout', () => {
    expect(tdsRule(on, { creditedInYearPaise: 20_000_01, withheldInYearPaise: 0, grossPaise: 5_000_00, hasPan: true })).toEqual({
      tdsPaise: 400_00,
      rateBp: 200,
    });
    expect(tdsRule(on, { creditedInYearPaise: 30_000_00, withheldInYearPaise: 500_00, grossPaise: 5_000_00, hasPan: true }).tdsPaise).toBe(100_00);
    // Without a PAN, 20%; never more than the payout itself.
    expect(tdsRule(on, { creditedInYearPaise: 30_000_00, withheldInYearPaise: 0, grossPaise: 1_000_00, hasPan: false })).toEqual({
      tdsPaise: 1_000_00,
      rateBp: 2000,
    });
    // Already withheld more (a PAN added later, a reversal): nothing more, nothing given back.
    expect(tdsRule(on, { creditedInYearPaise: 25_000_00, withheldInYearPaise: 5_000_00, grossPaise: 1_000_00, hasPan: true }).tdsPaise).toBe(0);
  });

  it('rounds to whole paise, half up', () => {
    expect(tdsRule(on, { creditedInYearPaise: 20_000_25, withheldInYearPaise: 0, grossPaise: 10_000_00, hasPan: true }).tdsPaise).toBe(400_01);
  });
});
