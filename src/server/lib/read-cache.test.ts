import { describe, expect, it } from 'vitest';
import { jsonOf, ReadCache } from './read-cache.js';

const shape = (rows: { n: number }[]) => ({ rows: rows.map((row) => row.n) });

describe('the read cache', () => {
  it('answers the same value until its kind of data is invalidated', () => {
    const cache = new ReadCache();
    let computed = 0;
    const read = () => cache.get('k', ['catalog'], () => [{ n: ++computed }]);
    const first = read();
    expect(read()).toBe(first);
    cache.invalidate('earnings');
    expect(read()).toBe(first);
    cache.invalidate('catalog');
    expect(read()).not.toBe(first);
    expect(read()).toEqual([{ n: 2 }]);
  });
});

describe('jsonOf', () => {
  it('keeps the text of a cached value, and makes it anew for the value that replaces it', () => {
    const cache = new ReadCache();
    let n = 0;
    const read = () => cache.get('k', ['catalog'], () => [{ n: ++n }]);
    expect(jsonOf(read(), shape)).toBe('{"rows":[1]}');
    expect(jsonOf(read(), shape)).toBe('{"rows":[1]}');
    expect(jsonOf(read(), (rows) => rows.length)).toBe('1');
    cache.invalidate('catalog');
    expect(jsonOf(read(), shape)).toBe('{"rows":[2]}');
  });

  it('serializes any other value afresh each time', () => {
    const rows = [{ n: 1 }];
    expect(jsonOf(rows, shape)).toBe('{"rows":[1]}');
    rows[0]!.n = 5;
    expect(jsonOf(rows, shape)).toBe('{"rows":[5]}');
    expect(jsonOf(null, () => null)).toBe('null');
  });
});
