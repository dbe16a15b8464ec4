import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDist } from '../server/http/serve-client.js';
import { firstLoadFiles } from '../server/http/server-pages.js';

/**
 * The phones run React DOM, not an implementation of React's API (decision 127): the built client
 * (made by the test setup) holds React DOM's own marks and none of Preact's.
 */
describe('the built client', () => {
  const assets = path.join(clientDist, 'assets');
  const chunks = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => [name, readFileSync(path.join(assets, name), 'utf8')] as const);

  it("runs React DOM from its first load: the entry and the app's start it imports (decision 200)", () => {
    const files = firstLoadFiles(clientDist).filter((file) => file.endsWith('.js'));
    expect(
      files.some((file) => /^assets\/boot-/.test(file)),
      'the first load names the app start',
    ).toBe(true);
    const code = files.map((file) => readFileSync(path.join(clientDist, file), 'utf8')).join('\n');
    // The keys React DOM puts on every DOM node and on the root's container.
    expect(code).toContain('__reactFiber$');
    expect(code).toContain('__reactContainer$');
  });

  it('holds no Preact', () => {
    expect(chunks.length).toBeGreaterThan(3);
    // Preact's virtual nodes keep their children and DOM node as `__k` and `__e`; React has neither.
    for (const [name, code] of chunks) expect(/\.__[ke]\b/.test(code), `${name} holds Preact's vnode fields`).toBe(false);
  });
});
