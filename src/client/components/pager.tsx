import { useState } from 'react';
import { useCommonMessages } from '../lib/common-messages';

/**
 * The page a paged list shows. `resetKey` names what the list is filtered by (a search, a tab, a
 * period): when it changes, the list is back at its first page.
 */
export function usePaging(resetKey: string): { page: number; setPage: (page: number) => void } {
  const [state, setState] = useState({ page: 1, key: resetKey });
  // A new filter: back to page one, at once (React's way of adjusting state to a changed input).
  if (state.key !== resetKey) setState({ page: 1, key: resetKey });
  const page = state.key === resetKey ? state.page : 1;
  return { page, setPage: (next: number) => setState({ page: next, key: resetKey }) };
}

/** How many pages a list answer with a total has (at least one). */
export function pageCount(answer: { total: number; pageSize: number } | undefined): number {
  return answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
}

type Props = {
  page: number;
  /** Whether a page follows this one. */
  hasNext: boolean;
  onPage: (page: number) => void;
  /** With the number of pages, "2 / 5" stands between the buttons. */
  pages?: number;
};

/** Previous and Next page under a paged list; nothing when the whole list fits on its first page. */
export function Pager({ page, hasNext, onPage, pages }: Props) {
  const { t } = useCommonMessages();
  if (page <= 1 && !hasNext) return null;
  return (
    <div className="button-row pager">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      {pages !== undefined && (
        <span>
          {page} / {pages}
        </span>
      )}
      <button type="button" className="button" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </div>
  );
}
