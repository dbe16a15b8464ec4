import { z } from 'zod';
import { tiers, type Tier } from '../../../shared/domain.js';
import { MAX_VIDEO_LENGTH_SECONDS, parseVideoLength } from '../../../shared/learning.js';
import { blankToUndefined, entityId, optionalText, requiredText, rupees } from '../../../shared/schemas.js';

/** A tier label in any letter case ("gold", "GOLD"), or none. */
const tierLabel = z.preprocess((value) => {
  const given = blankToUndefined(value);
  if (typeof given !== 'string') return given;
  return tiers.find((tier) => tier.toLowerCase() === given.trim().toLowerCase()) ?? given;
}, z.enum(tiers, { error: 'TIER_INVALID' }).optional());

export const newPackageInput = z
  .object({
    name: requiredText(120, 'PACKAGE_NAME_REQUIRED'),
    description: requiredText(5000, 'DESCRIPTION_REQUIRED'),
    price: rupees({ required: 'PRICE_REQUIRED', invalid: 'PRICE_INVALID' }),
    tier: tierLabel,
    commission: z.preprocess(blankToUndefined, rupees({ required: 'COMMISSION_INVALID', invalid: 'COMMISSION_INVALID' }, { allowZero: true }).optional()),
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

/** A video's length: whole seconds, or the admin's "12:30" or "1:02:03"; blank when not known yet (null). */
const videoLength = z
  .preprocess((value) => {
    const given = blankToUndefined(value);
    return typeof given === 'string' ? (parseVideoLength(given) ?? given) : given;
  }, z
    .number({ error: 'LECTURE_LENGTH_INVALID' })
    .int('LECTURE_LENGTH_INVALID')
    .min(1, 'LECTURE_LENGTH_INVALID')
    .max(MAX_VIDEO_LENGTH_SECONDS, 'LECTURE_LENGTH_INVALID')
    .optional())
  .transform((seconds) => seconds ?? null);

const lectureVideo = z.string({ error: 'LECTURE_LINK_REQUIRED' }).trim().min(1, 'LECTURE_LINK_REQUIRED');
const lectureTitle = z.preprocess(blankToUndefined, optionalText(200)).transform((title) => title ?? null);

export const newLectureInput = z.object({
  packageId: chosenPackage,
  video: lectureVideo,
  title: lectureTitle,
  lengthSeconds: videoLength,
});

export const reorderInput = z.object({
  packageId: entityId,
  lectureIds: z.array(entityId).max(1000),
});

export const progressInput = z.object({ packageId: entityId, lectureId: entityId });
