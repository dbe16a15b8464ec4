import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePaths, pathTo } from '../../shared/page-paths.js';
import { signIn, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import type { TestApp } from '../../test/test-app.js';
import { settled, worldForEveryPage } from '../../test/page-walk.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

type PageName = keyof typeof pagePaths;

/** The least a finger needs (WCAG 2.5.5, Android's and Apple's guides): 44 by 44 CSS px. */
const LEAST = 44;

/** Pages a visitor opens signed out; the other learner pages are opened by a signed-in learner; admin pages are not learners'. */
const visitorPages = new Set<PageName>(['login', 'register', 'verify', 'forgot', 'resetPassword', 'setup', 'certificate']);

/**
 * Every visible thing a finger can tap on the page that is smaller than 44 by 44 px. A checkbox or
 * radio is tapped through its label, so the label is measured; a link inside a sentence too.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((least) => {
    const found: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>(
      'a[href], button, select, summary, [role="button"], input[type="checkbox"], input[type="radio"], input[type="file"]',
    );
    for (const target of targets) {
      const measured = (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio') && target.closest('label')) || target;
      const style = getComputedStyle(measured);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const box = measured.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Off screen: a skip link until focused, a closed menu drawer.
      if (box.right <= 0 || box.bottom <= 0 || box.left >= window.innerWidth) continue;
      if (target.closest('[inert], [aria-hidden="true"], .sidebar:not(.sidebar--open)')) continue;
      if (box.height < least - 0.5 || box.width < least - 0.5) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 30);
        found.push(`${measured.tagName.toLowerCase()}.${[...measured.classList].join('.')} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  }, LEAST);
}

describe('tap targets on learner pages, at 360 px in Marathi', () => {
  it('are each at least 44 by 44 px: links, buttons, the language switch, checkboxes with their labels', async () => {
    const { world, values } = await worldForEveryPage(t);
    const problems: string[] = [];
    for (const viewer of ['visitor', 'learner'] as const) {
      const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
      await page.addInitScript(() => localStorage.setItem('lang', 'mr'));
      if (viewer === 'learner') await signIn(context, t.url, world.user.token);
      for (const name of Object.keys(pagePaths) as PageName[]) {
        const path = pagePaths[name];
        if (path.startsWith('/admin') || (viewer === 'visitor') !== visitorPages.has(name)) continue;
        const address = pathTo(path, values as never);
        await page.goto(`${t.url}${address}`);
        await settled(page);
        for (const small of await smallTargets(page)) problems.push(`${address}: ${small}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('draws a main action that cannot be taken (the last lecture’s disabled “पुढील”) unlike one that can', async () => {
    const { page } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await page.goto(`${t.url}/?lang=mr`);
    await settled(page);
    const looks = await page.evaluate(() => {
      const make = (disabled: boolean) => {
        const button = document.createElement('button');
        button.className = 'button button--primary';
        button.disabled = disabled;
        button.textContent = 'पुढील';
        document.querySelector('main')!.append(button);
        const style = getComputedStyle(button);
        return { background: style.backgroundColor, color: style.color };
      };
      return { enabled: make(false), disabled: make(true) };
    });
    expect(looks.disabled.background).not.toBe(looks.enabled.background);
    expect(looks.disabled.color).not.toBe(looks.enabled.color);
  });
});
