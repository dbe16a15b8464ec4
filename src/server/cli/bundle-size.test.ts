import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDist } from '../http/serve-client.js';
import { firstLoadAssets } from './bundle-size.js';

describe('the first load the build budgets', () => {
  it('counts the app and every chunk the page preloads beside it, not only the page’s own script', () => {
    const html = readFileSync(path.join(clientDist, 'index.html'), 'utf8');
    const app = /<script type="module" crossorigin(?: fetchpriority="low")? src="\/([^"]+)"/.exec(html)?.[1];
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin(?: fetchpriority="low")? href="\/([^"]+)"/g)].map((match) => match[1]!);
    expect(app).toMatch(/^assets\/index-[\w-]+\.js$/);

    const first = firstLoadAssets();
    expect(first.js).toEqual(expect.arrayContaining([app, ...preloaded]));
    expect(first.css).toEqual([expect.stringMatching(/^assets\/index-[\w-]+\.css$/)]);
  });
});
