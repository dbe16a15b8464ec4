import { describe, expect, it } from 'vitest';
import { appStarted, type TestBrowser, withAppAndBrowser } from '../../test/browser.js';
import type { TestApp } from '../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('the site shell in a phone browser', () => {
  it('walks from the home page through Get Started to the packages, and survives a reload there', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(t.url);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Success');
    expect(await page.locator('h1').textContent()).toContain('मराठी');
    for (const heading of ['About Company', 'Our Mission', 'Meet our founder']) {
      expect(await page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    }
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${t.url}/packages`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Our Packages');
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Our Packages');
    await context.close();
  });

  it('opens the menu at 375 px and closes it by the close button, the overlay, a link and Escape', async () => {
    const { page, context } = await browser.newPage({ width: 375 });
    await page.goto(t.url);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const toggle = page.getByRole('button', { name: 'Open menu' });

    const expectOpen = async (open: boolean) => {
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe(String(open));
      await expect.poll(() => menu.getByRole('link', { name: 'Packages' }).isVisible()).toBe(open);
    };

    await expectOpen(false);
    await toggle.click();
    await expectOpen(true);
    // The links of the spec's menu, with Login for a visitor.
    for (const name of ['Home', 'Packages', 'My Courses', 'Dashboard', 'Leaderboard', 'My Affiliates', 'Update Profile', 'Login']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expectOpen(false);

    await toggle.click();
    await expectOpen(true);
    await page.mouse.click(360, 400); // on the overlay, right of the drawer
    await expectOpen(false);

    await toggle.click();
    await page.keyboard.press('Escape');
    await expectOpen(false);
    // Focus returns to the menu button, so a keyboard user is not lost.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('site-menu');

    await toggle.click();
    await menu.getByRole('link', { name: 'Leaderboard' }).click();
    await expectOpen(false);
    await page.waitForURL(`${t.url}/leaderboard`);
    await context.close();
  });

  it('switches to Marathi, remembers the choice after a reload, and back', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(t.url);
    await page.getByRole('button', { name: 'मराठी' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'सुरुवात करा' }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('mr');
    // The page's description follows the language too (what a bookmark or a share of it says).
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^मराठी शिकणाऱ्यांसाठी/);
    expect(await page.getByRole('heading', { name: 'आमचे ध्येय' }).isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'सुरुवात करा' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'मराठी' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('follows the browser language on a first visit', async () => {
    const { page, context } = await browser.newPage({ locale: 'mr-IN' });
    await page.goto(`${t.url}/CancellationRefund`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('रद्द करणे व परतावा');
    await context.close();
  });

  it('shows the spec text on the refund page and a 404 page for an unknown address', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${t.url}/CancellationRefund`);
    await expect.poll(() => page.getByText('No Refund Will be provided!!').isVisible()).toBe(true);
    await page.goto(`${t.url}/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await context.close();
  });

  it('shows the Login screen in place of a protected page for a visitor', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${t.url}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Login');
    expect(page.url()).toBe(`${t.url}/dashboard`);
    await context.close();
  });

  it('paints the catalogue the server drew, then the app hydrates it in place with one script', async () => {
    const { page, context } = await browser.newPage();
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen[entry.name] ??= entry.startTime;
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto(`${t.url}/packages`);
    await appStarted(page);
    const seen = await page.evaluate(
      (): Record<string, number | undefined> => ({
        ...(window as unknown as { seen: Record<string, number> }).seen,
        hydrated: performance.getEntriesByName('hydrated')[0]?.startTime,
      }),
    );
    // The catalogue was on the screen before the app had hydrated it.
    expect(seen['first-contentful-paint']).toBeGreaterThan(0);
    expect(seen.hydrated).toBeGreaterThan(seen['first-contentful-paint']!);
    // The page's one script is the app's; its page's chunks are preloaded beside it.
    expect(await page.locator('script[type="module"]').count()).toBe(1);
    expect(await page.locator('script[type="module"]').getAttribute('src')).toMatch(/\/assets\/index-[\w-]+\.js$/);
    expect(await page.locator('link[rel="modulepreload"][href*="/assets/packages-page-"]').count()).toBe(1);
    // And the app's start, which the entry imports once the page has painted (main.tsx), arrives beside it.
    expect(await page.locator('link[rel="modulepreload"][href*="/assets/boot-"]').count()).toBe(1);
    // The entry and the page's chunks at low priority: the page paints without them, so its image and stylesheets come first.
    expect(await page.locator('script[type="module"]').getAttribute('fetchpriority')).toBe('low');
    expect(await page.locator('link[rel="modulepreload"][href*="/assets/packages-page-"]').getAttribute('fetchpriority')).toBe('low');
    // Hydrated: the app's menu button works.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Packages' }).isVisible()).toBe(true);
    await context.close();
  });
});
