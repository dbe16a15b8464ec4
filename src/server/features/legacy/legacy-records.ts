import { z } from 'zod';
import { tiers, type Tier } from '../../../shared/domain.js';

/**
 * The legacy export's documents, checked and reduced to what the import uses (LEGACY.md). A
 * document that cannot be imported at all (a user without an email, a price that is not a
 * number) is a fault of the export: the import stops and changes nothing. Smaller oddities are
 * kept for the rules to report.
 */

const objectId = z.string().regex(/^[0-9a-f]{24}$/);
const optionalId = z.union([objectId, z.null(), z.undefined()]).catch(undefined);
const optionalDate = z.date().optional().catch(undefined);
/** A text field that may be missing or of another type: undefined then. */
const optionalText = z.string().optional().catch(undefined);

const email = z
  .string({ error: 'has no email' })
  .trim()
  .min(1, 'has no email')
  .max(254, 'has an email that is too long')
  .pipe(z.email({ error: 'has an email that is not an email address' }));

const rupees = (what: string) =>
  z.number({ error: `has a ${what} that is not a number` }).refine((value) => Number.isFinite(value) && value >= 0, `has a ${what} below zero`);

export const legacyUser = z.object({
  _id: objectId,
  name: optionalText,
  email,
  password: optionalText,
  role: optionalText,
  mainrole: optionalText,
  contact: z.union([z.string(), z.number()]).optional().catch(undefined),
  referralLink: optionalText,
  referrer: optionalId,
  /** `$oid`s, plain id strings and, in early rows, small numbers. */
  purchasedCourses: z.array(z.unknown()).optional().catch(undefined),
  earnings: z.object({ total: rupees('total of earnings').optional() }).nullish(),
  profileImage: z.string().nullish().catch(undefined),
  createdAt: optionalDate,
});

export const legacyCourse = z.object({
  _id: objectId,
  name: z.string({ error: 'has no name' }).trim().min(1, 'has no name').max(200, 'has a name that is too long'),
  price: z.number({ error: 'has a price that is not a number' }).refine((value) => Number.isFinite(value) && value > 0, 'has a price that is not above zero'),
  description: optionalText,
  image: z.string().nullish().catch(undefined),
  lectures: z.array(z.unknown()).optional().catch(undefined),
  createdAt: optionalDate,
});

export const legacyLecture = z.object({
  _id: objectId,
  video: optionalText,
  course: optionalId,
  createdAt: optionalDate,
});

export const legacyTransaction = z.object({
  _id: objectId,
  user: optionalId,
  courseId: z.union([z.string(), z.number()]).optional().catch(undefined),
  paymentId: z.union([z.string(), z.number()]).optional().catch(undefined),
  status: optionalText,
  timestamp: optionalDate,
});

export const legacyPendingOrder = z.object({
  _id: objectId,
  user: optionalId,
  course: z.union([z.string(), z.number()]).optional().catch(undefined),
  transactionId: z.union([z.string(), z.number()]).optional().catch(undefined),
  status: optionalText,
  createdAt: optionalDate,
});

/** A profile picture the legacy app kept for a user; the newest of a user is theirs. */
export const legacyProfileImage = z.object({
  _id: objectId,
  userID: optionalId,
  profileImage: optionalText,
});

export type LegacyUser = z.infer<typeof legacyUser>;
export type LegacyCourse = z.infer<typeof legacyCourse>;
export type LegacyLecture = z.infer<typeof legacyLecture>;
export type LegacyTransaction = z.infer<typeof legacyTransaction>;
export type LegacyPendingOrder = z.infer<typeof legacyPendingOrder>;
export type LegacyProfileImage = z.infer<typeof legacyProfileImage>;

/** The first problem of a document that fails its schema, in words for the report. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'cannot be read';
  const field = issue.path.join('.');
  if (issue.code === 'custom' || issue.message.startsWith('has ')) return issue.message;
  return field ? `has a bad "${field}" (${issue.message})` : issue.message;
}

// What the documents' values mean here.

/** The ObjectId's own time (its first 4 bytes), for rows without a date. */
export function idTime(oid: string): number {
  return Number.parseInt(oid.slice(0, 8), 16) * 1000;
}

export function dateOf(value: Date | undefined, oid: string): number {
  return value ? value.getTime() : idTime(oid);
}

/** The email an account here is kept under: trimmed and lower-cased, so capitals never make two accounts. */
export function accountEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** `$oid`s, plain id strings, and anything else (early rows' small numbers) as its text. */
export function idText(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : JSON.stringify(value);
}

const UUID = /^[0-9A-F]{8}(?:-[0-9A-F]{4}){3}-[0-9A-F]{12}$/;
const SHORT_CODE = /^[A-Z0-9]{4,16}$/;

/**
 * A legacy referral code as it is kept here, upper case: a whole link reduced to its `ref`, with
 * or without its scheme (`successmarathi.vercel.app/packages?ref=3F0MJX&lang=mr` as well as
 * `https://…/packages?ref=3F0MJX`, or only `/packages?ref=3F0MJX`). A link without a `ref` is no code.
 */
export function normaliseReferralCode(raw: string | undefined): string | null {
  if (!raw) return null;
  let code = raw.trim();
  const query = code.indexOf('?');
  if (query >= 0) code = new URLSearchParams(code.slice(query + 1).split('#')[0]).get('ref') ?? '';
  else if (/^[a-z][a-z0-9+.-]*:/i.test(code) || code.includes('/')) return null;
  code = code.trim().toUpperCase();
  return SHORT_CODE.test(code) || UUID.test(code) ? code : null;
}

export function tierOf(name: string): Tier | null {
  const first = name.trim().split(/\s+/)[0]?.toLowerCase();
  return tiers.find((tier) => tier.toLowerCase() === first) ?? null;
}

export function utrText(value: string | number | undefined): string {
  return value === undefined ? '' : String(value).replace(/\s/g, '');
}
