import { describe, expect, it } from 'vitest';
import { recentQuarters } from './recent-quarters.js';

const ist = (text: string) => Date.parse(`${text}+05:30`);
const labels = (at: number) => recentQuarters(at).map((quarter) => quarter.label);

describe('the last four financial quarters', () => {
  it('start with the quarter of the day, newest first', () => {
    expect(labels(ist('2026-11-27T12:00:00'))).toEqual(['FY2026-27 Q3', 'FY2026-27 Q2', 'FY2026-27 Q1', 'FY2025-26 Q4']);
  });

  it('step back across the financial year from Q1 and Q4', () => {
    expect(labels(ist('2026-04-01T00:00:00'))).toEqual(['FY2026-27 Q1', 'FY2025-26 Q4', 'FY2025-26 Q3', 'FY2025-26 Q2']);
    expect(labels(ist('2027-03-31T23:59:59'))).toEqual(['FY2026-27 Q4', 'FY2026-27 Q3', 'FY2026-27 Q2', 'FY2026-27 Q1']);
  });

  it('turn in IST: 31 March 18:30 UTC is already the new year', () => {
    expect(labels(Date.parse('2027-03-31T18:30:00.000Z'))[0]).toBe('FY2027-28 Q1');
    expect(labels(Date.parse('2027-03-31T18:29:59.999Z'))[0]).toBe('FY2026-27 Q4');
  });

  it('give each quarter its period', () => {
    expect(recentQuarters(ist('2026-05-10T00:00:00'), 2)[1]).toEqual({
      label: 'FY2025-26 Q4',
      from: ist('2026-01-01T00:00:00'),
      to: ist('2026-04-01T00:00:00'),
    });
  });
});
