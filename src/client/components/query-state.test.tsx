import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Pager, pageCount } from './pager';
import { QueryState } from './query-state';

type Query<T> = { isPending: boolean; isError: boolean; data: T | undefined; error: unknown; refetch: () => unknown };

const pending: Query<string[]> = { isPending: true, isError: false, data: undefined, error: null, refetch: () => undefined };
const failed: Query<string[]> = { isPending: false, isError: true, data: undefined, error: new Error('down'), refetch: () => undefined };
const loaded = (data: string[]): Query<string[]> => ({ isPending: false, isError: false, data, error: null, refetch: () => undefined });

const list = (items: string[]) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

describe('QueryState', () => {
  it('shows the page spinner, announced as a status, while the query is pending', () => {
    const html = renderToStaticMarkup(
      <QueryState query={pending} error="Could not load.">
        {list}
      </QueryState>,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading...');
    expect(html).not.toContain('<ul>');
  });

  it('shows the given placeholder instead, or nothing', () => {
    expect(
      renderToStaticMarkup(
        <QueryState query={pending} loading={<p>…</p>} error="x">
          {list}
        </QueryState>,
      ),
    ).toBe('<p>…</p>');
    expect(
      renderToStaticMarkup(
        <QueryState query={pending} loading={null} error="x">
          {list}
        </QueryState>,
      ),
    ).toBe('');
  });

  it('announces a failure text as an alert, from the error when given a function', () => {
    expect(
      renderToStaticMarkup(
        <QueryState query={failed} error="Could not load.">
          {list}
        </QueryState>,
      ),
    ).toBe('<p role="alert">Could not load.</p>');
    const fromError = renderToStaticMarkup(
      <QueryState query={failed} error={(error) => `Failed: ${(error as Error).message}`}>
        {list}
      </QueryState>,
    );
    expect(fromError).toBe('<p role="alert">Failed: down</p>');
  });

  it('offers Retry with the failure when given its label, and shows an element as it is', () => {
    const retry = renderToStaticMarkup(
      <QueryState query={failed} error="Could not load." retry="Retry">
        {list}
      </QueryState>,
    );
    expect(retry).toBe('<div role="alert" class="query-error"><p>Could not load.</p><button type="button" class="button">Retry</button></div>');
    expect(
      renderToStaticMarkup(
        <QueryState query={failed} error={<div className="page">Gone</div>}>
          {list}
        </QueryState>,
      ),
    ).toBe('<div class="page">Gone</div>');
  });

  it('shows the empty state for an empty answer and the children for data', () => {
    const empty = <p className="empty-state">Nothing yet.</p>;
    const isEmpty = (items: string[]) => items.length === 0;
    expect(
      renderToStaticMarkup(
        <QueryState query={loaded([])} error="x" isEmpty={isEmpty} empty={empty}>
          {list}
        </QueryState>,
      ),
    ).toBe('<p class="empty-state">Nothing yet.</p>');
    expect(
      renderToStaticMarkup(
        <QueryState query={loaded(['a', 'b'])} error="x" isEmpty={isEmpty} empty={empty}>
          {list}
        </QueryState>,
      ),
    ).toBe('<ul><li>a</li><li>b</li></ul>');
  });
});

/** Each button's text, marked when it is disabled (attribute order and form are the renderer's own). */
const buttonsOf = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map(([, attributes, text]) => (/\bdisabled\b/.test(attributes ?? '') ? `${text} (disabled)` : text));

describe('Pager', () => {
  it('is not there when the whole list fits on its first page', () => {
    expect(renderToStaticMarkup(<Pager page={1} hasNext={false} onPage={() => undefined} />)).toBe('');
  });

  it('disables Previous on the first page and Next on the last, and shows the position when told the count', () => {
    const first = renderToStaticMarkup(<Pager page={1} hasNext onPage={() => undefined} />);
    expect(buttonsOf(first)).toEqual(['Previous page (disabled)', 'Next page']);
    const last = renderToStaticMarkup(<Pager page={3} hasNext={false} onPage={() => undefined} pages={3} />);
    expect(buttonsOf(last)).toEqual(['Previous page', 'Next page (disabled)']);
    expect(last).toContain('<span>3 / 3</span>');
  });

  it('counts pages from a total and a page size, at least one', () => {
    expect(pageCount(undefined)).toBe(1);
    expect(pageCount({ total: 0, pageSize: 25 })).toBe(1);
    expect(pageCount({ total: 50, pageSize: 25 })).toBe(2);
    expect(pageCount({ total: 51, pageSize: 25 })).toBe(3);
  });
});
