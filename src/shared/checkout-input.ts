import { z } from 'zod';
import { gstinProblem } from './gstin.js';
import { stateCodes } from './indian-states.js';
import { checkoutCodeText } from './discounts.js';
import { blankToUndefined, emailAddress, entityId, pinCode, requiredText } from './schemas.js';

/** A GSTIN as a buyer types it (spaces dropped, capitals), refused with the reason a person can act on. */
const gstinField = z
  .string({ error: 'GSTIN_INVALID' })
  .max(30, 'GSTIN_INVALID')
  .transform((raw) => raw.replace(/\s+/g, '').toUpperCase())
  .superRefine((gstin, ctx) => {
    const problem = gstinProblem(gstin);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A package chosen at checkout: missing, it gets the spec's message. */
export const chosenPackageId = z.union([z.number(), z.string()], { error: 'PACKAGE_REQUIRED' }).pipe(entityId);

/** What a buyer gives at checkout, whichever way they pay (a UTR is added for UPI by QR). */
export const checkoutFields = z.object({
  name: requiredText(100, 'PURCHASE_FIELDS_REQUIRED'),
  email: z.string({ error: 'PURCHASE_FIELDS_REQUIRED' }).trim().min(1, 'PURCHASE_FIELDS_REQUIRED').pipe(emailAddress),
  packageId: chosenPackageId,
  /** GST state code and PIN, required when the site issues tax invoices. */
  state: z.enum(stateCodes, { error: 'STATE_REQUIRED' }).optional(),
  pin: pinCode.optional(),
  /** A business buyer's GSTIN (optional, with tax invoices): checked by its shape and check character. */
  gstin: z.preprocess(blankToUndefined, gstinField.optional()),
  /** The one code box: an admin's coupon, an affiliate's own code or a friend's referral ID (the server resolves which). */
  code: z.preprocess(blankToUndefined, checkoutCodeText.optional()),
});
export type CheckoutFields = z.output<typeof checkoutFields>;

/** The checkout's fields as the order rules take them. */
export function checkoutOf(input: CheckoutFields) {
  return {
    name: input.name,
    email: input.email,
    packageId: input.packageId,
    buyerState: input.state,
    buyerPin: input.pin,
    buyerGstin: input.gstin,
    code: input.code,
  };
}
