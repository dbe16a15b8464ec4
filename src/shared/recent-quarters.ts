import { type Period, quarterOf } from './financial-year.js';

/**
 * The financial quarter containing `at` and the `count - 1` quarters before it, newest first:
 * the quarters a TDS register can be drawn for. Each is the quarter of the moment before the
 * next one starts, so Q1 steps back to the previous year's Q4.
 */
export function recentQuarters(at: number, count = 4): Period[] {
  const quarters: Period[] = [];
  for (let moment = at; quarters.length < count; moment = quarters.at(-1)!.from - 1) quarters.push(quarterOf(moment));
  return quarters;
}
