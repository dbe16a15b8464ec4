import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** `%text%` for LIKE, with `\`, `%` and `_` escaped so that what was typed matches as it is. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The condition of a list's search box: rows where any of `columns` contains the typed text
 * (SQLite's LIKE: ASCII letters in any case), or undefined when nothing was typed.
 */
export function containsAny(search: string | undefined, columns: readonly SQLWrapper[]): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`));
}
