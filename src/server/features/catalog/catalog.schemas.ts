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

const packageFields = {
  name: requiredText(120, 'PACKAGE_NAME_REQUIRED'),
  description: requiredText(5000, 'DESCRIPTION_REQUIRED'),
  price: rupees({ required: 'PRICE_REQUIRED', invalid: 'PRICE_INVALID' }),
  tier: tierLabel,
  commission: z.preprocess(blankToUndefined, rupees({ required: 'COMMISSION_INVALID', invalid: 'COMMISSION_INVALID' }, { allowZero: true }).optional()),
};

const commissionWithinPrice = (input: { commission?: number | undefined; price: number }) => input.commission === undefined || input.commission <= input.price;
const commissionIssue = { path: ['commission'], message: 'COMMISSION_INVALID' };

function toPackageFields(input: { name: string; description: string; price: number; tier?: Tier | undefined; commission?: number | undefined }) {
  return {
    name: input.name,
    description: input.description,
    pricePaise: input.price,
    tier: (input.tier ?? null) as Tier | null,
    commissionPaise: input.commission ?? null,
  };
}

export const newPackageInput = z
  .object({
    ...packageFields,
    // Only the REST adapter's multipart reader produces a Buffer: the JSON API cannot create packages.
    image: z.instanceof(Buffer, { error: 'PACKAGE_IMAGE_REQUIRED' }),
  })
  .refine(commissionWithinPrice, commissionIssue)
  .transform((input) => ({ ...toPackageFields(input), image: input.image }));

/** A package edited in place: every field again, its picture only when a new one is sent (through REST's form). */
export const packageChangesInput = z
  .object({
    id: entityId,
    ...packageFields,
    image: z.preprocess(blankToUndefined, z.instanceof(Buffer, { error: 'PACKAGE_IMAGE_REQUIRED' }).optional()),
  })
  .refine(commissionWithinPrice, commissionIssue)
  .transform((input) => ({ id: input.id, ...toPackageFields(input), image: input.image }));

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

/** A lecture edited in place: its title, link and length (its place is set by reordering). */
export const lectureChangesInput = z.object({
  id: entityId,
  video: lectureVideo,
  title: lectureTitle,
  lengthSeconds: videoLength,
});

export const reorderInput = z.object({
  packageId: entityId,
  lectureIds: z.array(entityId).max(1000),
});

export const progressInput = z.object({ packageId: entityId, lectureId: entityId });
