import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDist } from '../http/serve-client.js';
import { firstLoadAssets } from './bundle-size.js';

describe('the first load the build budgets', () => {
  it('counts the entry and the app’s start with every chunk it imports, not only the page’s own script', () => {
    const html = readFileSync(path.join(clientDist, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin(?: fetchpriority="low")? src="\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^assets\/index-[\w-]+\.js$/);
    const manifest = JSON.parse(readFileSync(path.join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
    >;
    // The start (boot.tsx, with what it imports, in one chunk): the entry's one dynamic import.
    const start = manifest[Object.values(manifest).find((chunk) => chunk.isEntry)!.dynamicImports![0]!]!;
    expect(start.file).toMatch(/^assets\/boot-[\w-]+\.js$/);

    const first = firstLoadAssets();
    expect(first.js).toEqual(expect.arrayContaining([entry, start.file, ...(start.imports ?? []).map((key) => manifest[key]!.file)]));
    expect(first.css).toEqual([expect.stringMatching(/^assets\/index-[\w-]+\.css$/)]);
  });
});
