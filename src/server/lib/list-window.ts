/**
 * A list asked for without a page (REST.md's calls, which the legacy client sends without one) is
 * answered whole, up to this many rows; its `total` tells whether there were more.
 */
export const WHOLE_LIST_LIMIT = 5000;

/** The rows to read: one page of `pageSize`, or the whole list (up to WHOLE_LIST_LIMIT) when no page is asked for. */
export function listWindow(page: number | undefined, pageSize: number): { limit: number; offset: number; pageSize: number } {
  if (page === undefined) return { limit: WHOLE_LIST_LIMIT, offset: 0, pageSize: WHOLE_LIST_LIMIT };
  return { limit: pageSize, offset: (page - 1) * pageSize, pageSize };
}
