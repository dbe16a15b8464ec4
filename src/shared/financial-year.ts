/**
 * India's financial year runs from 1 April 00:00 IST to 31 March; its quarters are April-June,
 * July-September, October-December and January-March. Labels: "FY2026-27" for the year that starts
 * in April 2026, quarter "FY2026-27 Q3" for October-December 2026. Months are "2026-11".
 */

import { IST_OFFSET_MS, istWallClock } from './ist.js';

function istParts(at: number): { year: number; month: number } {
  const shifted = istWallClock(at);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

/** 00:00 IST on the first of the month (month 1-12; months past 12 roll into the next year). */
function istMonthAt(year: number, month: number): number {
  return Date.UTC(year, month - 1, 1) - IST_OFFSET_MS;
}

/** The calendar year in which the financial year containing `at` starts. */
export function financialYearOf(at: number): number {
  const { year, month } = istParts(at);
  return month >= 4 ? year : year - 1;
}

export type Period = { label: string; from: number; to: number };

export function financialYear(startYear: number): Period {
  return { label: financialYearLabel(startYear), from: istMonthAt(startYear, 4), to: istMonthAt(startYear + 1, 4) };
}

const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/** "FY2026-27" for the financial year starting in 2026: the label of reports and statements. */
export function financialYearLabel(startYear: number): string {
  return `FY${startYear}-${twoDigits(startYear + 1)}`;
}

/** "26-27" for the financial year starting in 2026: the year part of receipt and credit-note numbers. */
export function financialYearShortLabel(startYear: number): string {
  return `${twoDigits(startYear)}-${twoDigits(startYear + 1)}`;
}

/** Quarter 1-4 of the financial year. */
export function financialQuarter(startYear: number, quarter: number): Period {
  const firstMonth = 4 + (quarter - 1) * 3;
  return {
    label: `${financialYearLabel(startYear)} Q${quarter}`,
    from: istMonthAt(startYear, firstMonth),
    to: istMonthAt(startYear, firstMonth + 3),
  };
}

function istMonth(year: number, month: number): Period {
  return { label: `${year}-${String(month).padStart(2, '0')}`, from: istMonthAt(year, month), to: istMonthAt(year, month + 1) };
}

/** The IST month containing `at`, as "YYYY-MM". */
export function istMonthLabel(at: number): string {
  const { year, month } = istParts(at);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * A statement period from its label: "2026-11" (an IST month) or "FY2026-27" (a financial year).
 * Null for anything else.
 */
export function parsePeriod(label: string): Period | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(label);
  if (month) return istMonth(Number(month[1]), Number(month[2]));
  const year = /^FY(\d{4})-(\d{2})$/.exec(label);
  if (year && (Number(year[1]) + 1) % 100 === Number(year[2])) return financialYear(Number(year[1]));
  return null;
}

/** "FY2026-27 Q3" to its period, or null. */
export function parseQuarter(label: string): Period | null {
  const match = /^FY(\d{4})-(\d{2}) Q([1-4])$/.exec(label);
  if (!match || (Number(match[1]) + 1) % 100 !== Number(match[2])) return null;
  return financialQuarter(Number(match[1]), Number(match[3]));
}

/** The quarter containing `at`. */
export function quarterOf(at: number): Period {
  const startYear = financialYearOf(at);
  const { month } = istParts(at);
  const quarter = month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
  return financialQuarter(startYear, quarter);
}
