import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lectureProgress, lectures, packages } from '../../../server/db/schema.js';
import { fitsTheWidth, appStarted, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../../test/factories.js';
import { makePng } from '../../../test/images.js';
import type { TestApp } from '../../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

/** A browser page signed in as a new user of this role. */
async function signedIn(role: 'user' | 'admin', options: Parameters<TestBrowser['newPage']>[0] = {}) {
  const { user, token } = await createUserWithToken(t.db, { role });
  const { context, page } = await browser.newPage(options);
  await context.addCookies([{ name: 'session', value: token, url: t.url }]);
  return { user, context, page };
}

const heading = (page: Page, level: number) => page.getByRole('heading', { level }).first().textContent();

/** No part of the page sticks out sideways at a phone's width. */

describe('the catalogue from the admin screens to the player', () => {
  it('an admin adds a package and two lectures; it shows on /packages; its buyer moves through the player and comes back to the same part', async () => {
    // The admin, on a phone: the admin sidebar is a toggle menu.
    const admin = await signedIn('admin', { width: 375 });
    await admin.page.goto(`${t.url}/admin/course`);
    await expect.poll(() => heading(admin.page, 1)).toBe('Add Packages');
    await admin.page.getByLabel('Name').fill('Share Market Basics');
    await admin.page.getByLabel('Image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePng(1200, 800) });
    await admin.page.getByLabel('Price (₹)').fill('4999');
    await admin.page.getByLabel('Description').fill('How the share market works, in plain Marathi.');
    await admin.page.getByLabel('Tier (optional)').selectOption('Gold');
    await admin.page.getByRole('button', { name: 'Create package' }).click();
    await expect.poll(() => admin.page.getByText('Package created.').isVisible()).toBe(true);
    const pkg = t.db.select().from(packages).where(eq(packages.name, 'Share Market Basics')).get()!;
    expect(pkg).toMatchObject({ pricePaise: 499_900, tier: 'Gold' });
    expect(pkg.image).toMatch(/^[0-9a-f]{24}$/);

    const adminMenu = admin.page.getByRole('navigation', { name: 'Admin menu' });
    expect(await adminMenu.isVisible()).toBe(false);
    await admin.page.getByRole('button', { name: 'Admin menu' }).click();
    await adminMenu.getByRole('link', { name: 'Add Lectures' }).click();
    await admin.page.waitForURL(`${t.url}/admin/lecture`);
    await expect.poll(() => adminMenu.isVisible()).toBe(false);

    // The spec's message when the form is incomplete.
    await admin.page.getByRole('button', { name: 'Add lecture' }).click();
    await expect.poll(() => admin.page.getByText('Please select a course and enter a lecture link.').isVisible()).toBe(true);

    const packageSelect = admin.page.getByLabel('Package');
    await expect.poll(() => packageSelect.locator('option', { hasText: 'Share Market Basics' }).count()).toBe(1);
    await packageSelect.selectOption({ label: 'Share Market Basics' });
    for (const [link, title] of [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'Introduction'],
      ['https://vimeo.com/76979871', 'Reading a chart'],
    ] as const) {
      await admin.page.getByLabel('Lecture link').fill(link);
      await admin.page.getByLabel('Title (optional)').fill(title);
      await admin.page.getByLabel('Video length (minutes:seconds)').fill('12:30');
      await admin.page.getByRole('button', { name: 'Add lecture' }).click();
      await expect.poll(() => admin.page.getByRole('listitem').filter({ hasText: title }).count()).toBe(1);
      await expect.poll(() => admin.page.getByText('Length 12:30').count()).toBeGreaterThan(0);
    }
    const stored = t.db.select().from(lectures).where(eq(lectures.packageId, pkg.id)).orderBy(lectures.position).all();
    expect(stored.map((lecture) => lecture.videoUrl)).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/76979871',
    ]);
    expect(await fitsTheWidth(admin.page)).toBe(true);
    await admin.context.close();

    // A visitor sees it on /packages with its price and a responsive image.
    const visitor = await browser.newPage({ width: 360 });
    await visitor.page.goto(`${t.url}/packages`);
    const card = visitor.page.getByRole('listitem').filter({ hasText: 'Share Market Basics' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getByText('₹4,999', { exact: true }).isVisible()).toBe(true);
    const srcset = await card.locator('img').getAttribute('srcset');
    expect(srcset).toContain(`/uploads/packages/${pkg.image}-320.webp 320w`);
    expect(srcset).toContain(`/uploads/packages/${pkg.image}-960.webp 960w`);
    await visitor.context.close();

    // Its buyer: My Courses, then the player.
    const learner = await signedIn('user', { width: 360 });
    grantPackage(t.db, learner.user.id, pkg.id);
    await learner.page.goto(`${t.url}/myCourses`);
    await expect.poll(() => heading(learner.page, 1)).toBe('My Courses');
    await learner.page.getByRole('link', { name: /Start Learning/ }).click();
    await learner.page.waitForURL(`${t.url}/course-content/${pkg.id}`);

    const current = learner.page.locator('#current-part');
    const previous = learner.page.getByRole('button', { name: 'Previous', exact: true });
    const next = learner.page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => current.textContent()).toBe('Part 1 · Introduction');
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    // No player before the learner taps play.
    expect(await learner.page.locator('iframe').count()).toBe(0);

    await next.click();
    await expect.poll(() => current.textContent()).toBe('Part 2 · Reading a chart');
    expect(await next.isDisabled()).toBe(true);
    await previous.click();
    await expect.poll(() => current.textContent()).toBe('Part 1 · Introduction');
    await next.click();
    await expect.poll(() => current.textContent()).toBe('Part 2 · Reading a chart');
    const parts = learner.page.getByRole('navigation', { name: 'Parts' });
    // Moving through the parts ticks none: a part is ticked once it was watched (features/progress).
    expect(await parts.locator('.parts__tick--on').count()).toBe(0);
    expect(await parts.getByRole('button', { name: /Part 2/ }).getAttribute('aria-current')).toBe('step');

    // The server knows where the learner is; after a reload the player opens there.
    const progress = () =>
      t.db
        .select()
        .from(lectureProgress)
        .where(and(eq(lectureProgress.userId, learner.user.id), eq(lectureProgress.packageId, pkg.id)))
        .get()?.lectureId;
    await expect.poll(progress).toBe(stored[1]!.id);
    await learner.page.reload();
    await expect.poll(() => current.textContent()).toBe('Part 2 · Reading a chart');
    expect(await next.isDisabled()).toBe(true);
    expect(await previous.isDisabled()).toBe(false);
    expect(await fitsTheWidth(learner.page)).toBe(true);

    // Tapping play loads the player, and only then.
    await learner.page.getByRole('button', { name: 'Play part 2' }).click();
    await expect.poll(() => learner.page.locator('iframe').getAttribute('src')).toBe('https://player.vimeo.com/video/76979871?autoplay=1');

    // Clicking a part selects it.
    await parts.getByRole('button', { name: /Part 1/ }).click();
    await expect.poll(() => current.textContent()).toBe('Part 1 · Introduction');
    expect(await learner.page.locator('iframe').count()).toBe(0);
    await learner.context.close();
  });
});

describe('learner pages', () => {
  it('remembers a ?ref code, asks a visitor to log in from Buy Now in a dialog that Escape closes, and fits 360 px in Marathi', async () => {
    createPackage(t.db, { name: 'Tally Basics', pricePaise: 100_000_00 });
    const { page, context } = await browser.newPage({ width: 360, locale: 'mr-IN' });
    // Someone has logged in on this browser before: Buy asks to log in (a browser new to the site opens on sign-up).
    await page.addInitScript(() => localStorage.setItem('signedInBefore', '1'));
    await page.goto(`${t.url}/packages?ref=ABC123`);
    await expect.poll(() => heading(page, 1)).toBe('आमची पॅकेजेस');
    await appStarted(page);
    expect(await page.evaluate(() => localStorage.getItem('ref'))).toBe('ABC123');
    const card = page.getByRole('listitem').filter({ hasText: 'Tally Basics' });
    expect(await card.getByText('₹1,00,000', { exact: true }).isVisible()).toBe(true);
    await card.getByRole('link', { name: 'आत्ताच खरेदी करा' }).click();
    const dialog = page.getByRole('dialog', { name: 'लॉग इन आवश्यक' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await fitsTheWidth(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('shows the package page with lecture titles and no links to a visitor; /course/study/{id} leads to the player', async () => {
    const pkg = createPackage(t.db, { name: 'Bookkeeping', tier: 'Silver' });
    addLecture(t.db, pkg.id, 0, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    const { page, context } = await browser.newPage();
    await page.goto(`${t.url}/course/${pkg.id}`);
    await expect.poll(() => heading(page, 1)).toBe('Bookkeeping');
    expect(await page.getByText('Part 1', { exact: false }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Buy Now' }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain('aqz-KE-bpKQ');

    // The study address leads to the player, which asks a visitor to log in.
    await page.goto(`${t.url}/course/study/${pkg.id}`);
    await page.waitForURL(`${t.url}/course-content/${pkg.id}`);
    await expect.poll(() => heading(page, 1)).toBe('Login');
    await context.close();
  });

  it("tells a learner who did not buy a package that its lectures are for buyers, and shows My Courses' empty text", async () => {
    const pkg = createPackage(t.db);
    const { page, context } = await signedIn('user');
    await page.goto(`${t.url}/course-content/${pkg.id}`);
    await expect.poll(() => page.getByText('Only learners who bought this package can watch its lectures.').isVisible()).toBe(true);
    await page.goto(`${t.url}/myCourses`);
    await expect.poll(() => page.getByText('You have not purchased any courses yet.').isVisible()).toBe(true);
    await context.close();
  });

  it('moves to the next part when its place cannot be saved, and says so in a toast loaded then', async () => {
    const pkg = createPackage(t.db);
    addLecture(t.db, pkg.id, 0, 'https://player.vimeo.com/video/76979871');
    addLecture(t.db, pkg.id, 1, 'https://player.vimeo.com/video/76979872');
    const { page, context, user } = await signedIn('user');
    grantPackage(t.db, user.id, pkg.id);
    await page.route(/\/trpc\/[^?]*lectures\.saveProgress/, (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }));
    await page.goto(`${t.url}/course-content/${pkg.id}`);
    await appStarted(page);
    const current = page.locator('#current-part');
    await expect.poll(() => current.textContent()).toMatch(/^Part 1/);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => current.textContent()).toMatch(/^Part 2/);
    await expect.poll(() => page.getByText('Your place could not be saved. Please check your connection.').isVisible()).toBe(true);
    await context.close();
  });

  it("says 'No lectures available for this course.' for a package without lectures", async () => {
    const pkg = createPackage(t.db);
    const { page, context, user } = await signedIn('user');
    grantPackage(t.db, user.id, pkg.id);
    await page.goto(`${t.url}/course-content/${pkg.id}`);
    await expect.poll(() => page.getByText('No lectures available for this course.').isVisible()).toBe(true);
    await context.close();
  });
});

describe('the admin area', () => {
  it('sends a learner home from the admin pages', async () => {
    const { page, context } = await signedIn('user');
    await page.goto(`${t.url}/admin/dashboard`);
    await page.waitForURL(`${t.url}/`);
    await context.close();
  });

  it('shows the stats and the sidebar on a wide screen, deletes a package by keyboard, and logs out', async () => {
    const doomed = createPackage(t.db, { name: 'Old Course' });
    const { page, context } = await signedIn('admin', { width: 1200, height: 800 });
    await page.goto(`${t.url}/admin/dashboard`);
    await expect.poll(() => heading(page, 1)).toBe('Admin Dashboard');
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    for (const name of ['Home', 'Add Packages', 'Delete Packages', 'Add Lectures', 'Delete Lectures', 'Pending Orders', 'Match Bank Statement', 'Users']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Admin menu' }).isVisible()).toBe(false);
    await expect
      .poll(() => page.locator('.admin-stats dt').allTextContents())
      .toEqual([
        'Orders waiting',
        'Revenue today',
        'Revenue this month',
        'Commission affiliates earned',
        'Commission still to pay affiliates',
        'Packages',
        'Lectures',
        'Users',
      ]);
    // The delete-user box is the superadmin's only.
    expect(await page.getByRole('button', { name: 'Delete user' }).count()).toBe(0);

    await menu.getByRole('link', { name: 'Delete Packages' }).click();
    await expect.poll(() => heading(page, 1)).toBe('Delete Packages');
    page.once('dialog', (dialog) => void dialog.accept());
    const remove = page.getByRole('button', { name: 'Delete Old Course' });
    await expect.poll(() => remove.isVisible()).toBe(true);
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Package deleted.').isVisible()).toBe(true);
    expect(t.db.select().from(packages).where(eq(packages.id, doomed.id)).get()).toBeUndefined();

    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${t.url}/login`);
    await expect.poll(() => page.getByText('Logged Out').isVisible()).toBe(true);
    await context.close();
  });
});
