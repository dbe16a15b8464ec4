import type { ReactNode } from 'react';
import { PageSpinner } from './page-spinner';

/** The part of a query's result (TanStack Query, through tRPC) this component reads. */
type QueryLike<T> = { isPending: boolean; isError: boolean; data: T | undefined; error: unknown; refetch: () => unknown };

type Props<T> = {
  query: QueryLike<T>;
  /** Shown while the data arrives: the page spinner unless given (`null` shows nothing). */
  loading?: ReactNode;
  /**
   * Shown when the query failed: a text (or a function of the error giving one) is announced as an
   * alert; an element is shown as it is.
   */
  error: ReactNode | ((error: unknown) => ReactNode);
  /** With a label, the failure comes with a button that asks again. */
  retry?: string;
  /** When the answer counts as empty, `empty` shows instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/** One home for the three states every list and page has before its data: loading, failed, empty. */
export function QueryState<T>({ query, loading = <PageSpinner />, error, retry, isEmpty, empty = null, children }: Props<T>) {
  if (query.isPending) return loading;
  if (query.isError) {
    const shown = typeof error === 'function' ? error(query.error) : error;
    if (retry) {
      return (
        <div role="alert" className="query-error">
          <p>{shown}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {retry}
          </button>
        </div>
      );
    }
    return typeof shown === 'string' ? <p role="alert">{shown}</p> : shown;
  }
  // Neither pending nor failed: the query has its data.
  const data = query.data as T;
  if (isEmpty?.(data)) return empty;
  return children(data);
}
