import { financialQuarter, financialYearOf, type Period, quarterOf } from './financial-year.js';

/**
 * The financial quarter containing `at` and the `count - 1` quarters before it, newest first:
 * the quarters a TDS register can be drawn for. Q1 steps back to the previous year's Q4.
 */
export function recentQuarters(at: number, count = 4): Period[] {
  const current = Number(quarterOf(at).label.slice(-1)) - 1;
  const year = financialYearOf(at);
  return Array.from({ length: count }, (_, back) => {
    const index = current - back;
    return financialQuarter(year + Math.floor(index / 4), (((index % 4) + 4) % 4) + 1);
  });
}
