import { describe, expect, it } from 'vitest';
import { pagePaths, pathTo } from './page-paths.js';

describe('page paths', () => {
  it('fills the named parts, encoded', () => {
    expect(pathTo(pagePaths.receipt, { orderId: 42 })).toBe('/receipt/42');
    expect(pathTo(pagePaths.resetPassword, { token: 'a/b c' })).toBe('/reset-password/a%2Fb%20c');
    expect(pathTo(pagePaths.dashboard, { id: '7' })).toBe('/7/dashboard');
  });

  it('keeps every path absolute, without a trailing slash, and each one once', () => {
    const paths = Object.values(pagePaths);
    for (const path of paths) expect(path === '/' || /^\/[^?#]*[^/]$/.test(path), path).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
