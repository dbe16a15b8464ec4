import { z } from 'zod';
import { paiseOfRupees } from './money.js';
import { phoneDigits } from './phone.js';
import { cleanPinCode, PIN_CODE_PATTERN } from './pin-code.js';
import { cleanUtr, isImplausibleUtr } from './utr.js';
import type { ValidationMessageKey } from './validation-messages.js';

/** Multipart forms send every field as text: an empty field means "not given", as does null from JSON. */
export const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** Text a person types: trimmed, not empty (else `missing`), at most `max` characters. */
export function requiredText(max: number, missing: ValidationMessageKey = 'REQUIRED') {
  return z.string({ error: missing }).trim().min(1, missing).max(max, 'TEXT_TOO_LONG');
}

/** Text that may be left out: trimmed, at most `max` characters. */
export function optionalText(max: number) {
  return z.string().trim().max(max, 'TEXT_TOO_LONG').optional();
}

/**
 * A number, or text that reads as one (a form field, a query string). Anything else is refused as
 * it is: z.coerce would call Number() on it, which turns an array nested thousands deep into a
 * stack overflow (a 500) and `true` or `[5]` into numbers.
 */
export function numberOrNumericText(error: string) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), z.number({ error }));
}

/** A whole number from `min` to `max`, from a number or text; `error` for anything else. */
export function wholeNumber(min: number, max: number, error: string) {
  return numberOrNumericText(error).pipe(z.number().int(error).min(min, error).max(max, error));
}

/** A list's search box and page (`?search=…&page=N`, pages from 1); the whole input may be left out. */
export const searchAndPage = z
  .object({
    search: optionalText(100),
    page: wholeNumber(1, 100_000, 'PAGE_INVALID').optional(),
  })
  .optional();

/** Ids travel as strings (REST `_id`) or numbers; inside the server they are positive integers. */
export const entityId = z.union(
  [
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number),
  ],
  { error: 'ID_INVALID' },
);

export const emailAddress = z
  .string({ error: 'EMAIL_INVALID' })
  .trim()
  .max(254, 'EMAIL_INVALID')
  .pipe(z.email({ error: 'EMAIL_INVALID' }))
  .transform((email) => email.toLowerCase());

/** Keeps 10 digits; a typed +91 or leading 0, spaces and dashes are dropped (`phoneDigits`, the forms' rule too). */
export const indianPhone = z.string({ error: 'PHONE_INVALID' }).transform((raw, ctx) => {
  const digits = phoneDigits(raw);
  if (digits === null) {
    ctx.addIssue({ code: 'custom', message: 'PHONE_INVALID' });
    return z.NEVER;
  }
  return digits;
});

export const personName = requiredText(100, 'NAME_REQUIRED');

export const newPassword = z.string({ error: 'PASSWORD_TOO_SHORT' }).min(8, 'PASSWORD_TOO_SHORT').max(200, 'TEXT_TOO_LONG');

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

/** True for a number with at most two decimals (12.5, 0.75), float noise such as 0.1 + 0.2 aside. */
function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
}

/**
 * A percentage from `min` to 100 with at most two decimals, from a number or form text. `invalid`
 * is the message (or message key) for anything else; `decimals`, when given, for a third decimal.
 */
export function percentage(min: number, messages: { invalid: string; decimals?: string }) {
  return numberOrNumericText(messages.invalid).pipe(
    z
      .number()
      .min(min, messages.invalid)
      .max(100, messages.invalid)
      .refine(hasAtMostTwoDecimals, messages.decimals ?? messages.invalid),
  );
}

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
  .transform(cleanPinCode)
  .pipe(z.string().regex(PIN_CODE_PATTERN, 'PIN_INVALID'));

/** The largest rupee amount accepted anywhere: ₹1 crore. */
const MAX_PAISE = 1_00_00_000_00;

/**
 * The one reader of rupee amounts in inputs: a number, or text such as "1,500.50" or "₹ 4999"
 * (`paiseOfRupees`, so never `0x10`, `1e2` or `1,0,0`), at most two decimals, up to ₹1 crore,
 * answered in paise. Nothing, null or blank text is `required`; anything else wrong is `invalid`.
 * Above 0 unless `allowZero`.
 */
export function rupees(keys: { required: ValidationMessageKey; invalid: ValidationMessageKey }, options: { allowZero?: boolean } = {}) {
  return z.preprocess(
    blankToUndefined,
    z.union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? keys.required : keys.invalid) }).transform((value, ctx) => {
      const paise = paiseOfRupees(value);
      if (paise === null || paise > MAX_PAISE || (options.allowZero ? paise < 0 : paise <= 0)) {
        ctx.addIssue({ code: 'custom', message: keys.invalid });
        return z.NEVER;
      }
      return paise;
    }),
  );
}

/** A positive amount of rupees, in paise (the admin's payout, for one). */
export const rupeeAmount = rupees({ required: 'AMOUNT_INVALID', invalid: 'AMOUNT_INVALID' });

/** A 6-digit code emailed to a person (sign-up, a parent's consent). */
export const emailedCode = z
  .string({ error: 'OTP_INVALID' })
  .trim()
  .regex(/^\d{6}$/, 'OTP_INVALID');
