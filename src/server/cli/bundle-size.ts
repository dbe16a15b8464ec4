/**
 * `npm run size`: the gzipped weight of what the first load of the built app downloads
 * (the entry script, the app's start with its chunks, and the CSS), and of every other chunk.
 * Exits non-zero when the first load's JavaScript is over the budget of DESIGN.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { clientDist } from '../http/serve-client.js';
import { firstLoadFiles } from '../http/server-pages.js';

export const FIRST_LOAD_JS_BUDGET = 150 * 1024;

const gz = (file: string) => gzipSync(readFileSync(path.join(clientDist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function firstLoadAssets(): { js: string[]; css: string[] } {
  // The entry script and its stylesheet, and the app's start (boot.tsx) it imports once the page has painted.
  const files = firstLoadFiles(clientDist);
  return { js: files.filter((file) => file.endsWith('.js')), css: files.filter((file) => file.endsWith('.css')) };
}

function main(): void {
  const first = firstLoadAssets();
  const jsBytes = first.js.reduce((sum, file) => sum + gz(file), 0);
  const cssBytes = first.css.reduce((sum, file) => sum + gz(file), 0);
  console.log('First load of any page (gzipped):');
  for (const file of [...first.js, ...first.css]) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);
  console.log(`  JavaScript ${kb(jsBytes)} (budget ${kb(FIRST_LOAD_JS_BUDGET)}), CSS ${kb(cssBytes)}`);

  const lazy = readdirSync(path.join(clientDist, 'assets'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => `assets/${name}`)
    .filter((file) => !first.js.includes(file) && !first.css.includes(file));
  console.log('\nLoaded on demand (gzipped):');
  for (const file of lazy.sort()) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);

  if (jsBytes > FIRST_LOAD_JS_BUDGET) {
    console.error(`\nOver budget: the first load's JavaScript is ${kb(jsBytes - FIRST_LOAD_JS_BUDGET)} too heavy.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
