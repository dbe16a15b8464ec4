import { z } from 'zod';
import { parseRupees } from './money.js';
import { cleanUtr, isImplausibleUtr } from './utr.js';

/** Ids travel as strings (REST `_id`) or numbers; inside the server they are positive integers. */
export const entityId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^[1-9]\d{0,14}$/).transform(Number),
], { error: 'ID_INVALID' });

export const emailAddress = z
  .string({ error: 'EMAIL_INVALID' })
  .trim()
  .max(254, 'EMAIL_INVALID')
  .pipe(z.email({ error: 'EMAIL_INVALID' }))
  .transform((email) => email.toLowerCase());

/** Keeps 10 digits; a typed +91 or leading 0, spaces and dashes are dropped. */
export const indianPhone = z
  .string({ error: 'PHONE_INVALID' })
  .transform((raw) => raw.replace(/[\s-]/g, '').replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
  .pipe(z.string().regex(/^\d{10}$/, 'PHONE_INVALID'));

export const personName = z.string({ error: 'NAME_REQUIRED' }).trim().min(1, 'NAME_REQUIRED').max(100, 'TEXT_TOO_LONG');

export const newPassword = z
  .string({ error: 'PASSWORD_TOO_SHORT' })
  .min(8, 'PASSWORD_TOO_SHORT')
  .max(200, 'TEXT_TOO_LONG');

/**
 * The 12-digit UPI reference (UTR) the payer's app shows; pasted text around it ("UTR: 5123 4567
 * 8901") is dropped, and a number of one repeated digit is refused.
 */
export const utr = z
  .string({ error: 'PURCHASE_FIELDS_REQUIRED' })
  .max(200, 'UTR_INVALID')
  .transform(cleanUtr)
  .pipe(
    z
      .string()
      .min(1, 'PURCHASE_FIELDS_REQUIRED')
      .regex(/^\d{12}$/, 'UTR_INVALID')
      .refine((value) => !isImplausibleUtr(value), 'UTR_NOT_REAL'),
  );

/** A calendar date "YYYY-MM-DD" that exists. */
export const calendarDate = z
  .string({ error: 'DATE_INVALID' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'DATE_INVALID')
  .refine((text) => {
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return y >= 2000 && y <= 2999 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'DATE_INVALID');

/** A 6-digit Indian PIN code (the first digit is never 0); spaces are ignored. */
export const pinCode = z
  .string({ error: 'PIN_INVALID' })
  .max(20, 'PIN_INVALID')
  .transform((raw) => raw.replace(/\s/g, ''))
  .pipe(z.string().regex(/^[1-9]\d{5}$/, 'PIN_INVALID'));

/**
 * A positive rupee amount with at most two decimals (a number, or text such as "1,500.50"),
 * answered in paise.
 */
export const rupeeAmount = z
  .union([z.number(), z.string()], { error: 'AMOUNT_INVALID' })
  .transform((value, ctx) => {
    // Text is read as decimal rupees only (parseRupees); a JSON number must have at most two decimals.
    const paise =
      typeof value === 'string'
        ? parseRupees(value)
        : Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6
          ? Math.round(value * 100)
          : null;
    if (paise === null || paise <= 0 || paise > 1_00_00_000_00) {
      ctx.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' });
      return z.NEVER;
    }
    return paise;
  });
