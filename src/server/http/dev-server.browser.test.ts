/**
 * `npm run dev` (buildApp with `dev`: Vite's dev server inside Fastify, serve-client.ts): the server
 * draws a page with the app's components as Vite loads them, the app hydrates it, and an edit to one
 * of its components reaches the open page by React's Fast Refresh, without a reload.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appStarted, headingText, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import type { TestApp } from '../../test/test-app.js';
import { projectRoot } from './serve-client.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser(
  (app, chromium) => {
    t = app;
    browser = chromium;
  },
  { build: { dev: true } },
);

/** The component that draws the About page's heading. */
const component = path.join(projectRoot, 'src/client/features/pages/static-page.tsx');

describe('the dev server', () => {
  it('draws and hydrates a page, and takes an edit to one of its components by Fast Refresh, without a reload', { timeout: 120_000 }, async () => {
    const { page, context } = await browser.newPage();
    const said: string[] = [];
    page.on('console', (message) => said.push(message.text()));
    page.on('pageerror', (error) => said.push(`page error: ${error.message}`));
    await page.goto(`${t.url}/about`);
    // The first load has Vite transform each module the page needs.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await appStarted(page);
    expect(await headingText(page)).toBe('About Us');
    await page.evaluate(() => {
      (window as Window & { stillThisPage?: boolean }).stillThisPage = true;
    });

    const source = await readFile(component, 'utf8');
    try {
      // A comment only: the page looks the same, so a build another test makes meanwhile is unchanged.
      await writeFile(component, `${source}// Edited by dev-server.browser.test.ts.\n`);
      await expect.poll(() => said.some((line) => line.includes('[vite] hot updated: /features/pages/static-page.tsx')), { timeout: 30_000 }).toBe(true);
    } finally {
      await writeFile(component, source);
    }
    expect(await page.evaluate(() => (window as Window & { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    expect(await headingText(page)).toBe('About Us');
    expect(said.filter((line) => /page reload|invalidate|page error|Content Security Policy|preamble/i.test(line))).toEqual([]);
    await context.close();
  });
});
