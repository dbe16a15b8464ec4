import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDist } from '../server/http/serve-client.js';

/**
 * The phones run React DOM, not an implementation of React's API (decision 127): the built client
 * (made by the test setup) holds React DOM's own marks and none of Preact's.
 */
describe('the built client', () => {
  const assets = path.join(clientDist, 'assets');
  const chunks = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => [name, readFileSync(path.join(assets, name), 'utf8')] as const);
  const manifest = JSON.parse(readFileSync(path.join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;

  it('runs React DOM from its entry chunk', () => {
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.file.includes('index'));
    expect(entry, 'the manifest names the app entry').toBeDefined();
    const code = readFileSync(path.join(clientDist, entry!.file), 'utf8');
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
