/**
 * How "My data" reads to a person: each table and column named in their language, money in
 * rupees, moments in IST, yes/no and known states in words. The JSON file keeps the rows as the
 * database holds them; only the page is dressed.
 */
import type { Language } from '../../../shared/domain';
import { formatIstDateTime } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import en from '../../locales/en/my-data.json';
import mr from '../../locales/mr/my-data.json';

type Labels = { sections: Record<string, string>; fields: Record<string, string>; values: Record<string, string> };
const labelsByLanguage: Record<Language, Labels> = { en, mr };

/** Columns holding a moment (epoch milliseconds) whose names do not end in `_at`. */
const momentColumns = new Set(['week_start', 'month_start', 'valid_from', 'valid_until', 'notified_through', 'at']);
/** Yes/no columns (SQLite keeps them as 0 and 1). */
const flagColumns = new Set(['all_packages', 'free_allowed', 'active', 'passed', 'share_whatsapp']);

/** "last_seen_at" → "Last seen at": the fallback for a column added after these labels were written. */
const spelledOut = (name: string) => {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function sectionLabel(table: string, lang: Language): string {
  return labelsByLanguage[lang].sections[table] ?? spelledOut(table);
}

export function fieldLabel(column: string, lang: Language): string {
  return labelsByLanguage[lang].fields[column] ?? spelledOut(column);
}

/** One value as a person reads it; an object (payout details kept as JSON) is returned for a nested list. */
export function readableValue(column: string, value: unknown, lang: Language): string | Record<string, unknown> {
  const labels = labelsByLanguage[lang];
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') {
    if (column.endsWith('_paise') || column.endsWith('Paise')) return formatRupees(value);
    if (column.endsWith('_at') || momentColumns.has(column)) return formatIstDateTime(value, lang);
    if (column.endsWith('_bp')) return `${value / 100}%`;
    if (flagColumns.has(column)) return value ? labels.values.yes! : labels.values.no!;
    return String(value);
  }
  if (typeof value === 'boolean') return value ? labels.values.yes! : labels.values.no!;
  if (typeof value === 'string') {
    const known = labels.values[`${column}.${value}`];
    if (known) return known;
    if (value.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(value);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        // Not JSON after all: shown as it is.
      }
    }
    return value;
  }
  return JSON.stringify(value);
}

/** The columns worth a line on the page: the person's own account number on each of their rows is left out. */
export function shownColumns(row: Record<string, unknown>, accountId: unknown): [string, unknown][] {
  return Object.entries(row).filter(([column, value]) => !((column === 'user_id' || column === 'affiliate_id') && value === accountId));
}
