import { z } from 'zod';
import { requiredText } from './schemas.js';

/**
 * Payout details of an affiliate, checked for shape on both sides: a UPI id, or a bank account
 * (number typed twice, IFSC), with the account holder's name as the bank has it (Latin letters,
 * for the bank file), plus an optional PAN with the name as on the PAN card.
 * Shapes only: nobody here can tell whether the account exists; the bank's answer to the first
 * payout does (a failed line).
 */

/** `name@handle`: the handle is the bank's or app's (okaxis, ybl, paytm…). */
export const UPI_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;
/** 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** 5 letters, 4 digits, 1 letter. */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** Indian bank account numbers have 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;

const squeeze = (raw: string) => raw.replace(/\s+/g, '');

export const upiIdField = z
  .string({ error: 'UPI_ID_INVALID' })
  .max(320, 'UPI_ID_INVALID')
  .transform((raw) => squeeze(raw).toLowerCase())
  .pipe(z.string().regex(UPI_ID_PATTERN, 'UPI_ID_INVALID'));

export const accountNumberField = z
  .string({ error: 'ACCOUNT_NUMBER_INVALID' })
  .max(40, 'ACCOUNT_NUMBER_INVALID')
  .transform((raw) => raw.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(ACCOUNT_NUMBER_PATTERN, 'ACCOUNT_NUMBER_INVALID'));

export const ifscField = z
  .string({ error: 'IFSC_INVALID' })
  .max(20, 'IFSC_INVALID')
  .transform((raw) => squeeze(raw).toUpperCase())
  .pipe(z.string().regex(IFSC_PATTERN, 'IFSC_INVALID'));

export const panField = z
  .string({ error: 'PAN_INVALID' })
  .max(20, 'PAN_INVALID')
  .transform((raw) => squeeze(raw).toUpperCase())
  .pipe(z.string().regex(PAN_PATTERN, 'PAN_INVALID'));

/** Letters A-Z, spaces, dots, apostrophes and hyphens: what banks' bulk uploads take as a beneficiary's name. */
export const LATIN_NAME_PATTERN = /^[A-Za-z][A-Za-z .'-]*$/;

/** The account holder's name as the bank has it, in Latin letters (the bank file's beneficiary name). */
const holderName = requiredText(100, 'NAME_REQUIRED')
  .transform((name) => name.replace(/\s+/g, ' '))
  .pipe(z.string().regex(LATIN_NAME_PATTERN, 'ACCOUNT_HOLDER_LATIN'));
const panName = requiredText(100, 'PAN_NAME_REQUIRED');

/** PAN is optional (without it TDS is withheld at the higher rate); when given, the name on it is required. */
const panPart = {
  pan: z
    .union([z.literal(''), z.null(), panField])
    .optional()
    .transform((value) => value || null),
  panName: z.union([z.null(), z.string()]).optional(),
};

export const payoutDetailsInput = z
  .discriminatedUnion(
    'method',
    [
      z.object({
        method: z.literal('upi'),
        upiId: upiIdField,
        // The form always sends it (so an empty one is refused); a caller made before it was asked may leave it out (the bank file then uses the name on PAN).
        accountHolder: z.preprocess((value) => (value === null ? undefined : value), holderName.optional()),
        ...panPart,
      }),
      z.object({
        method: z.literal('bank'),
        accountHolder: holderName,
        accountNumber: accountNumberField,
        accountNumberAgain: z.string({ error: 'ACCOUNT_NUMBERS_DIFFER' }).max(40, 'ACCOUNT_NUMBERS_DIFFER'),
        ifsc: ifscField,
        ...panPart,
      }),
    ],
    { error: 'REQUIRED' },
  )
  .superRefine((value, ctx) => {
    if (value.method === 'bank' && value.accountNumberAgain.replace(/[\s-]/g, '') !== value.accountNumber) {
      ctx.addIssue({ code: 'custom', message: 'ACCOUNT_NUMBERS_DIFFER', path: ['accountNumberAgain'] });
    }
    if (value.pan) {
      const parsed = panName.safeParse(value.panName ?? '');
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message, path: ['panName'] });
    }
  })
  .transform((value) => {
    const pan = value.pan;
    const nameOnPan = pan ? (value.panName ?? '').trim() : null;
    return value.method === 'upi'
      ? { method: 'upi' as const, upiId: value.upiId, accountHolder: value.accountHolder ?? null, accountNumber: null, ifsc: null, pan, panName: nameOnPan }
      : {
          method: 'bank' as const,
          upiId: null,
          accountHolder: value.accountHolder,
          accountNumber: value.accountNumber,
          ifsc: value.ifsc,
          pan,
          panName: nameOnPan,
        };
  });

export type PayoutDetailsValue = z.output<typeof payoutDetailsInput>;

/** Everything but the last 4 characters hidden: `XXXXXX1234`. */
export function maskTail(value: string, keep = 4): string {
  if (value.length <= keep) return value;
  return 'X'.repeat(value.length - keep) + value.slice(-keep);
}

/** A UPI id shown back: the name part hidden but for its last 4 characters, the handle kept. */
export function maskUpiId(upiId: string): string {
  const at = upiId.lastIndexOf('@');
  if (at < 0) return maskTail(upiId);
  return `${maskTail(upiId.slice(0, at))}${upiId.slice(at)}`;
}

/** PAN shown back with its last 4 characters: `XXXXXX234F`. */
export function maskPan(pan: string): string {
  return maskTail(pan);
}

/** The bank's reference for a payout it made: NEFT/RTGS UTRs are 16-22 characters, IMPS and UPI 12 digits. */
export const bankReference = z
  .string({ error: 'BANK_REFERENCE_INVALID' })
  .max(40, 'BANK_REFERENCE_INVALID')
  .transform((raw) => squeeze(raw).toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6,22}$/, 'BANK_REFERENCE_INVALID'));
