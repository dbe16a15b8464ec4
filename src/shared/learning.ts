/**
 * Rules of learning that the server keeps and the client shows: when a lecture counts as done,
 * how a package's lectures open on a schedule (drip), and how a name may be written on a
 * certificate. The server decides; the client uses these only to say the same thing.
 */

import { DAY_MS, istDayStart, istWallClock } from './ist.js';

/** A lecture whose player can tell its length counts as done once this share of it was played. */
export const WATCHED_SHARE = 0.9;

/**
 * Players play at most twice as fast: seconds of video reported as watched can never be more
 * than twice the time since the lecture was started.
 */
export const FASTEST_PLAYBACK = 2;

/** The longest a lecture's video may be, in seconds (12 hours). */
export const MAX_VIDEO_LENGTH_SECONDS = 12 * 60 * 60;

/**
 * A video's length as an admin types it: "12:30" (minutes:seconds), "1:02:03"
 * (hours:minutes:seconds) or "45" (minutes); null when it does not read as one from 1 second to
 * MAX_VIDEO_LENGTH_SECONDS.
 */
export function parseVideoLength(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) return null;
  const numbers = parts.map(Number);
  if (numbers.slice(1).some((part) => part > 59)) return null;
  const seconds = parts.length === 1 ? numbers[0]! * 60 : numbers.reduce((total, part) => total * 60 + part, 0);
  return seconds >= 1 && seconds <= MAX_VIDEO_LENGTH_SECONDS ? seconds : null;
}

/** Seconds as the admin form shows them: "12:30", or "1:02:03" from an hour on. */
export function formatVideoLength(seconds: number): string {
  const whole = Math.round(seconds);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/** How a package's lectures open after purchase: all at once (no schedule), one a week, or each after its own number of days. */
export const dripModes = ['weekly', 'days'] as const;
export type DripMode = (typeof dripModes)[number];

/** The most days after purchase a lecture may open (about three years). */
export const MAX_OPEN_AFTER_DAYS = 1100;

/**
 * When a lecture opens for one buyer: 00:00 IST of the purchase's IST date plus its days (a
 * lecture with 0 days, and every lecture of a package without a schedule, opens at purchase).
 * Weekly: the lecture at position `index` (0 first) opens `7 × index` days after purchase.
 */
export function lectureOpensAt(input: { mode: DripMode | null; purchasedAt: number; index: number; openAfterDays: number | null }): number {
  const days = input.mode === 'weekly' ? 7 * input.index : input.mode === 'days' ? (input.openAfterDays ?? 0) : 0;
  if (days <= 0) return input.purchasedAt;
  return istDayStart(input.purchasedAt) + days * DAY_MS;
}

/** The scripts a certificate's name may be written in: one of them, never mixed. */
export const nameScripts = ['devanagari', 'latin'] as const;
export type NameScript = (typeof nameScripts)[number];

export const CERTIFICATE_NAME_MAX = 60;

const devanagariName = /^[\u0900-\u097F\u200C\u200D]+(?:[ .'-][\u0900-\u097F\u200C\u200D]*)*$/u;
const latinName = /^[A-Za-z]+(?:[ .'-][A-Za-z]*)*$/;

/** Spaces at the ends removed and runs of spaces made one, as the name will be printed. */
export function tidyName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** The script a name for a certificate is written in, or null when it is not all Devanagari or all Latin letters (2 to 60 characters). */
export function nameScriptOf(name: string): NameScript | null {
  const tidy = tidyName(name);
  if (tidy.length < 2 || tidy.length > CERTIFICATE_NAME_MAX) return null;
  if (devanagariName.test(tidy) && /[\u0905-\u0939\u0958-\u0961\u0972-\u097F]/u.test(tidy)) return 'devanagari';
  if (latinName.test(tidy)) return 'latin';
  return null;
}

/**
 * LinkedIn's documented "Add to Profile" link for a certification: it opens the learner's profile
 * with the certificate's name, issuer, month and link filled in.
 */
export function linkedInAddToProfileUrl(input: { name: string; organization: string; issuedAt: number; url: string; number: string }): string {
  const issued = istWallClock(input.issuedAt);
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: input.name,
    organizationName: input.organization,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: input.url,
    certId: input.number,
  });
  return `https://www.linkedin.com/profile/add?${query.toString()}`;
}

/** A certificate number as people type it: capitals, the dash optional. */
export function normaliseCertificateNumber(raw: string): string {
  return raw.trim().toUpperCase();
}

/** MS-7K3F-9QX2-HW4P: a prefix and 12 characters of Crockford's base 32 (no I, L, O, U) in three groups. */
export const CERTIFICATE_NUMBER = /^[A-Z0-9]{1,3}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
