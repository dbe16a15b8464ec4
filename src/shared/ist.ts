/**
 * Calendar periods of India Standard Time (UTC+05:30, no daylight saving): a day starts at
 * 00:00 IST, a week on Monday 00:00 IST, a month on the 1st at 00:00 IST. All values are
 * milliseconds since the epoch.
 */

/** India Standard Time is UTC+05:30 all year. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A Date whose UTC fields (getUTCFullYear, getUTCMonth, getUTCDate, getUTCHours…) read IST's calendar and clock at `at`. */
export function istWallClock(at: number | string | Date): Date {
  return new Date(new Date(at).getTime() + IST_OFFSET_MS);
}

/** The IST calendar date of `at` as "YYYY-MM-DD" ("2026-11-23"), as spreadsheets and date fields want it. */
export function istDateOf(at: number): string {
  return istWallClock(at).toISOString().slice(0, 10);
}

/** 00:00 IST of a calendar date "YYYY-MM-DD", in milliseconds since the epoch (NaN for text that is no date). */
export function istDateStart(date: string): number {
  return Date.parse(`${date}T00:00:00+05:30`);
}

/** "2026-11-25T14:30" read as IST (as a datetime-local field holds it), in milliseconds since the epoch. */
export function istDateTimeToEpoch(value: string): number {
  return Date.parse(`${value}:00+05:30`);
}

export type IstPeriods = { dayStart: number; weekStart: number; monthStart: number };

export function istDayStart(at: number): number {
  const shifted = at + IST_OFFSET_MS;
  return shifted - mod(shifted, DAY_MS) - IST_OFFSET_MS;
}

export function istWeekStart(at: number): number {
  const dayStart = istDayStart(at);
  // getUTCDay of the shifted time is the IST weekday; 0 = Sunday. Monday starts the week.
  const weekday = istWallClock(dayStart).getUTCDay();
  const daysSinceMonday = (weekday + 6) % 7;
  return dayStart - daysSinceMonday * DAY_MS;
}

export function istMonthStart(at: number): number {
  const shifted = istWallClock(at);
  return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), 1) - IST_OFFSET_MS;
}

export function istPeriods(at: number): IstPeriods {
  return { dayStart: istDayStart(at), weekStart: istWeekStart(at), monthStart: istMonthStart(at) };
}

/** Marathi month names with the digits people use for money too (0-9, not Devanagari digits). */
const dateLocales = { en: 'en-IN', mr: 'mr-IN-u-nu-latn' } as const;

export function dateLocale(lang: keyof typeof dateLocales): string {
  return dateLocales[lang];
}

const marathiMonths = ['जानेवारी', 'फेब्रुवारी', 'मार्च', 'एप्रिल', 'मे', 'जून', 'जुलै', 'ऑगस्ट', 'सप्टेंबर', 'ऑक्टोबर', 'नोव्हेंबर', 'डिसेंबर'];

/** The part of the day as Marathi says it before a time: "दुपारी 1:58", "रात्री 9:10". */
function marathiDayPart(hour: number): string {
  if (hour < 4) return 'रात्री';
  if (hour < 6) return 'पहाटे';
  if (hour < 12) return 'सकाळी';
  if (hour < 17) return 'दुपारी';
  if (hour < 20) return 'संध्याकाळी';
  return 'रात्री';
}

/** Made on first use and kept: making an Intl format costs far more than using one. */
let englishDateTime: Intl.DateTimeFormat | undefined;

/**
 * "21 Nov 2026, 4:05 pm" in IST, for people reading times; in Marathi "23 नोव्हेंबर 2026, दुपारी
 * 1:58", written out here because browsers' Marathi date formats differ (and some use Devanagari
 * digits or "PM").
 */
export function formatIstDateTime(at: number | string | Date, lang: keyof typeof dateLocales = 'en'): string {
  if (lang === 'mr') {
    const shifted = istWallClock(at);
    const hour = shifted.getUTCHours();
    const minute = String(shifted.getUTCMinutes()).padStart(2, '0');
    const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${minute}`;
    return `${shifted.getUTCDate()} ${marathiMonths[shifted.getUTCMonth()]} ${shifted.getUTCFullYear()}, ${marathiDayPart(hour)} ${clock}`;
  }
  englishDateTime ??= new Intl.DateTimeFormat(dateLocales.en, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return englishDateTime.format(new Date(at));
}

/** "8 Dec 2026" in IST; in Marathi "8 डिसेंबर 2026" (a day, such as when a lecture opens). */
export function formatIstDate(at: number, lang: keyof typeof dateLocales = 'en'): string {
  const shifted = istWallClock(at);
  const day = shifted.getUTCDate();
  const year = shifted.getUTCFullYear();
  if (lang === 'mr') return `${day} ${marathiMonths[shifted.getUTCMonth()]} ${year}`;
  return `${day} ${englishMonths[shifted.getUTCMonth()]} ${year}`;
}

const englishMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}
