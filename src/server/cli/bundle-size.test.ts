import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDist } from '../http/serve-client.js';
import { firstLoadAssets } from './bundle-size.js';

describe('the first load the build budgets', () => {
  it('counts the app and the chunks the boot script starts after the first paint, not only the page’s own script', () => {
    const html = readFileSync(path.join(clientDist, 'index.html'), 'utf8');
    const app = /data-app="\/([^"]+)"/.exec(html)?.[1];
    // The app's first-page code is one chunk today; any chunk the boot script starts beside it counts too.
    const chunks = (/data-chunks="([^"]*)"/.exec(html)?.[1] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((chunk) => chunk.slice(1));
    expect(app).toMatch(/^assets\/index-[\w-]+\.js$/);

    const first = firstLoadAssets();
    expect(first.js).toEqual(expect.arrayContaining([expect.stringMatching(/^assets\/boot-[\w-]+\.js$/), app, ...chunks]));
    expect(first.css).toEqual([expect.stringMatching(/^assets\/index-[\w-]+\.css$/)]);
  });
});
