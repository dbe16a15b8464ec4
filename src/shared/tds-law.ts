/**
 * Which law names TDS on commission for a financial (tax) year. The Income-tax Act, 1961 until
 * FY 2025-26: section 194H, 206AA without a PAN, the quarterly statement in Form 26Q. The
 * Income-tax Act, 2025 from 1 April 2026 (tax year 2026-27 on): section 393(1), its Table's
 * serial number 1(ii) (commission or brokerage), section 397(2)(b) without a PAN, and Form 140
 * of the Income-tax Rules, 2026 (decision 140).
 */
import { financialYearOf } from './financial-year.js';

export type TdsLaw = {
  act: string;
  /** The section commission TDS is deducted under. */
  section: string;
  /** The section of the higher rate without a PAN. */
  noPanSection: string;
  /** The quarterly TDS statement it is reported in. */
  returnForm: string;
};

/** The first financial year under the Income-tax Act, 2025. */
export const ACT_2025_FROM_FY = 2026;

const act1961: TdsLaw = { act: 'Income-tax Act, 1961', section: '194H', noPanSection: '206AA', returnForm: 'Form 26Q' };
const act2025: TdsLaw = { act: 'Income-tax Act, 2025', section: '393(1) [Table: Sl. No. 1(ii)]', noPanSection: '397(2)(b)', returnForm: 'Form 140' };

/** The law for the financial year starting in April of `fyStart`. */
export function tdsLawOfYear(fyStart: number): TdsLaw {
  return fyStart >= ACT_2025_FROM_FY ? act2025 : act1961;
}

/** The law in force at the moment `at` (the date of credit). */
export function tdsLawAt(at: number): TdsLaw {
  return tdsLawOfYear(financialYearOf(at));
}
