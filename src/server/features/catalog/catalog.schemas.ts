import { z } from 'zod';
import { tiers, type Tier } from '../../../shared/domain.js';
import { rupeesToPaise } from '../../../shared/money.js';
import { entityId } from '../../../shared/schemas.js';
import type { ValidationMessageKey } from '../../../shared/validation-messages.js';

/** Multipart forms send every field as text: an empty field means "not given", as does null from JSON. */
const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** The largest price or commission accepted: ₹1 crore. */
const MAX_RUPEES = 1_00_00_000;

/**
 * Rupees typed by a person ("4999", "4,999.50", "₹ 4999") or sent as a number, at most two
 * decimals, turned into paise.
 */
function rupeeAmount(keys: { required: ValidationMessageKey; invalid: ValidationMessageKey }, allowZero: boolean) {
  return z.preprocess(
    (raw) => {
      const value = blankToUndefined(raw);
      if (typeof value !== 'string') return value;
      const text = value.trim().replace(/[\s,₹]/g, '');
      return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? keys.required : keys.invalid) })
      .refine((rupees) => {
        const paise = rupees * 100;
        return Number.isFinite(rupees) && (allowZero ? rupees >= 0 : rupees > 0) && rupees <= MAX_RUPEES && Math.abs(paise - Math.round(paise)) < 1e-6;
      }, keys.invalid)
      .transform(rupeesToPaise),
  );
}

/** A tier label in any letter case ("gold", "GOLD"), or none. */
const tierLabel = z.preprocess(
  (value) => {
    const given = blankToUndefined(value);
    if (typeof given !== 'string') return given;
    return tiers.find((tier) => tier.toLowerCase() === given.trim().toLowerCase()) ?? given;
  },
  z.enum(tiers, { error: 'TIER_INVALID' }).optional(),
);

export const newPackageInput = z
  .object({
    name: z.string({ error: 'PACKAGE_NAME_REQUIRED' }).trim().min(1, 'PACKAGE_NAME_REQUIRED').max(120, 'TEXT_TOO_LONG'),
    description: z.string({ error: 'DESCRIPTION_REQUIRED' }).trim().min(1, 'DESCRIPTION_REQUIRED').max(5000, 'TEXT_TOO_LONG'),
    price: rupeeAmount({ required: 'PRICE_REQUIRED', invalid: 'PRICE_INVALID' }, false),
    tier: tierLabel,
    commission: z.preprocess(blankToUndefined, rupeeAmount({ required: 'COMMISSION_INVALID', invalid: 'COMMISSION_INVALID' }, true).optional()),
    // Only the REST adapter's multipart reader produces a Buffer: the JSON API cannot create packages.
    image: z.instanceof(Buffer, { error: 'PACKAGE_IMAGE_REQUIRED' }),
  })
  .refine((input) => input.commission === undefined || input.commission <= input.price, {
    path: ['commission'],
    message: 'COMMISSION_INVALID',
  })
  .transform((input) => ({
    name: input.name,
    description: input.description,
    pricePaise: input.price,
    tier: (input.tier ?? null) as Tier | null,
    commissionPaise: input.commission ?? null,
    image: input.image,
  }));

/** The package of a new lecture: missing, it gets the spec's message rather than "id not valid". */
const chosenPackage = z
  .unknown()
  .refine((value) => blankToUndefined(value) !== undefined, 'LECTURE_LINK_REQUIRED')
  .pipe(entityId);

export const newLectureInput = z.object({
  packageId: chosenPackage,
  video: z.string({ error: 'LECTURE_LINK_REQUIRED' }).trim().min(1, 'LECTURE_LINK_REQUIRED'),
  title: z.preprocess(blankToUndefined, z.string().trim().max(200, 'TEXT_TOO_LONG').optional()).transform((title) => title ?? null),
});

export const reorderInput = z.object({
  packageId: entityId,
  lectureIds: z.array(entityId).max(1000),
});

export const progressInput = z.object({ packageId: entityId, lectureId: entityId });
