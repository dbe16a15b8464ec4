import { eq } from 'drizzle-orm';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enrollments, orders, users } from '../../../server/db/schema.js';
import { appStarted, fitsTheWidth, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { addLecture, createPackage, createUser, createUserWithToken, TEST_PASSWORD } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import { callJson, type TestApp } from '../../../test/test-app.js';
import { insertOrder } from '../../../test/world.js';

/**
 * Protected lectures at a phone's width (360 px): the viewer's mark over the playing lecture,
 * the device limit at login and on the account page, and an admin taking back a package.
 */

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const WIDTH = 360;
const VIDEO_HOSTS = /vimeo\.com|youtube|ytimg|google\.com|googlevideo/;
const REDMI =
  'Mozilla/5.0 (Linux; Android 11; Redmi Note 8 Pro Build/RP1A.200720.011) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A learner with a phone number who bought a two-part package through an approved order. */
async function buyer() {
  const user = await createUser(t.db, { phone: '9876543210' });
  const pkg = createPackage(t.db, { name: 'Share Market Basics' });
  addLecture(t.db, pkg.id, 0, 'https://player.vimeo.com/video/76979871');
  addLecture(t.db, pkg.id, 1, 'https://player.vimeo.com/video/76979872');
  const order = insertOrder(t, user, pkg, null);
  t.db.update(orders).set({ status: 'approved', decidedAt: Date.now() }).where(eq(orders.id, order.id)).run();
  t.db.insert(enrollments).values({ userId: user.id, packageId: pkg.id, orderId: order.id, createdAt: Date.now() }).run();
  return { user, pkg, order };
}

/** The video hosts answer with an empty page (this machine has no internet); every request is kept. */
async function recordRequests(context: BrowserContext): Promise<Request[]> {
  const requests: Request[] = [];
  context.on('request', (request) => requests.push(request));
  await context.route(VIDEO_HOSTS, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><body style="background:#222"></body>' }),
  );
  return requests;
}

async function signedInPage(userId: number, options: { reducedMotion?: boolean } = {}) {
  const { token } = await loginAs(userId);
  const { context, page } = await browser.newPage({ width: WIDTH, height: 740, phone: true });
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  const requests = await recordRequests(context);
  await context.addCookies([{ name: 'session', value: token, url: t.url }]);
  return { context, page, requests, token };
}

async function loginAs(userId: number, userAgent = LAPTOP) {
  const user = t.db.select().from(users).where(eq(users.id, userId)).get()!;
  const answer = await callJson(t.url, 'POST', '/api/user/login', {
    body: { email: user.email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(answer.status).toBe(200);
  return { token: answer.body.token as string };
}

const mark = (page: Page) => page.locator('canvas[data-watermark]');
const markBox = async (page: Page) => (await mark(page).boundingBox())!;

/** Whether the mark's canvas has anything drawn on it (it is not a blank box). */
const markIsDrawn = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-watermark]');
    const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    return pixels ? pixels.some((value, index) => index % 4 === 3 && value > 0) : false;
  });

/** Whether the mark shows: in the document, displayed, visible, of real size. */
const markShows = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-watermark]');
    if (!canvas) return false;
    const style = getComputedStyle(canvas);
    const box = canvas.getBoundingClientRect();
    return style.display !== 'none' && style.visibility === 'visible' && Number(style.opacity) > 0.9 && box.width > 10 && box.height > 10;
  });

describe("the viewer's mark over a playing lecture", () => {
  it('loads nothing of the video or the mark before play; then shows the masked phone and order, moves, survives removal and stylesheets, and stays in full screen', async () => {
    const { user, pkg, order } = await buyer();
    const { page, requests } = await signedInPage(user.id);
    await page.goto(`${t.url}/course-content/${pkg.id}`);
    const play = page.getByRole('button', { name: 'Play part 1' });
    await play.waitFor();
    await page.waitForLoadState('networkidle');

    // The facade: no frame, no mark, and not one byte from a video host.
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await mark(page).count()).toBe(0);
    expect(requests.filter((request) => !request.url().startsWith(t.url)).map((request) => request.url())).toEqual([]);
    expect(await fitsTheWidth(page)).toBe(true);
    const beforePlay = requests.length;

    await play.click();
    await expect.poll(() => page.locator('iframe').getAttribute('src')).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    expect(await page.locator('iframe').getAttribute('allowfullscreen')).toBeNull();
    await mark(page).waitFor();
    expect(await mark(page).getAttribute('aria-label')).toBe(`Viewer mark: ••••••3210 · #${order.id}`);
    expect(await markIsDrawn(page)).toBe(true);

    // Over the frame, and out of the band along its bottom where the player's controls are.
    const frame = (await page.locator('.player__frame').boundingBox())!;
    let box = await markBox(page);
    expect(box.x).toBeGreaterThanOrEqual(frame.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height * 0.7 + 1);

    // It moves every few seconds.
    await expect.poll(async () => JSON.stringify(await markBox(page)), { timeout: 9000, interval: 500 }).not.toBe(JSON.stringify(box));
    box = await markBox(page);
    expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height * 0.7 + 1);

    // Removing its node brings it back.
    await page.evaluate(() => document.querySelector('canvas[data-watermark]')!.remove());
    await expect.poll(() => markShows(page)).toBe(true);
    expect(await markIsDrawn(page)).toBe(true);
    // A stylesheet cannot hide it.
    await page.addStyleTag({ content: 'canvas, [data-watermark] { display: none !important; opacity: 0 !important; visibility: hidden !important; }' });
    await expect.poll(() => markShows(page)).toBe(true);
    await page.evaluate(() => document.querySelector<HTMLElement>('canvas[data-watermark]')!.setAttribute('style', 'display:none'));
    await expect.poll(() => markShows(page)).toBe(true);

    // The player's own full screen holds the frame and the mark.
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.classList.contains('player__stage') ?? false)).toBe(true);
    expect(await page.evaluate(() => document.fullscreenElement!.contains(document.querySelector('canvas[data-watermark]')))).toBe(true);
    expect(await markShows(page)).toBe(true);
    const inFull = await markBox(page);
    const viewport = page.viewportSize()!;
    expect(inFull.x + inFull.width).toBeLessThanOrEqual(viewport.width + 1);
    expect(inFull.y + inFull.height).toBeLessThanOrEqual(viewport.height + 1);
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    // The mark cost no request: after play, only the video host was asked, the app's own code that
    // a first tap fetches (such as its toasts), and the learning progress a play starts (the play
    // itself, then the package's progress and certificate standing read again): never a request
    // about the viewer. The service worker's own requests (it precaches the release's files once the
    // page has loaded) are the app's files, not the page's.
    const progressReads = new Set(['progress.start', 'progress.ofPackage', 'certificates.status']);
    const isProgress = (url: string) => {
      const procedures = /\/trpc\/([^?]+)/.exec(new URL(url).pathname)?.[1]?.split(',') ?? [];
      return procedures.length > 0 && procedures.every((name) => progressReads.has(name));
    };
    const afterPlay = requests
      .slice(beforePlay)
      .filter(
        (request) =>
          request.serviceWorker() === null &&
          !VIDEO_HOSTS.test(request.url()) &&
          !/\/assets\/[\w-]+\.(js|css)$/.test(request.url()) &&
          !isProgress(request.url()),
      );
    expect(afterPlay.map((request) => request.url())).toEqual([]);
    expect(await fitsTheWidth(page)).toBe(true);
  });

  it('holds still under reduced motion, and takes a new place on the next part', async () => {
    const { user, pkg } = await buyer();
    const { page } = await signedInPage(user.id, { reducedMotion: true });
    await page.goto(`${t.url}/course-content/${pkg.id}`);
    await appStarted(page);
    await page.getByRole('button', { name: 'Play part 1' }).click();
    await mark(page).waitFor();
    const first = await markBox(page);
    await page.waitForTimeout(5000);
    expect(await markBox(page)).toEqual(first);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Play part 2' }).click();
    await mark(page).waitFor();
    expect(await markBox(page)).not.toEqual(first);
  });
});

describe('the device limit', () => {
  it('a third login shows the devices and logs out the chosen one, whose next request is 401; the account page logs out another', async () => {
    t.deps.config.maxDevicesPerLearner = 2;
    try {
      const user = await createUser(t.db, { email: 'asha.devices@example.com' });
      const redmi = await loginAs(user.id, REDMI);
      const laptop = await loginAs(user.id, LAPTOP);

      const { page } = await browser.newPage({ width: WIDTH, height: 740, phone: true });
      await page.goto(`${t.url}/login`);
      await appStarted(page);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();

      const choice = page.getByRole('region', { name: 'Too many devices' });
      await choice.waitFor();
      expect(await choice.getByText('You are already logged in on 2 devices').isVisible()).toBe(true);
      expect(await choice.getByText('Redmi Note 8 Pro · Android', { exact: true }).isVisible()).toBe(true);
      expect(await choice.getByText('Windows', { exact: true }).isVisible()).toBe(true);
      expect(await fitsTheWidth(page)).toBe(true);
      // Nothing was logged out by the refused login.
      expect((await callJson(t.url, 'GET', '/api/user/me', { token: redmi.token })).status).toBe(200);

      // Each button says what it does and, to a screen reader, which device it is for.
      const redmiButton = choice.getByRole('listitem').filter({ hasText: 'Redmi Note 8 Pro · Android' }).getByRole('button');
      expect(await redmiButton.textContent()).toBe('Log out this one and continue here: Redmi Note 8 Pro · Android');
      await redmiButton.click();
      // Logged in: the login page goes home.
      await page.waitForURL(`${t.url}/`);
      expect((await callJson(t.url, 'GET', '/api/user/me', { token: redmi.token })).status).toBe(401);
      expect((await callJson(t.url, 'GET', '/api/user/me', { token: laptop.token })).status).toBe(200);

      // The account page: this phone and the laptop, each with "Log out this device".
      await page.goto(`${t.url}/account`);
      const devices = page.getByRole('region', { name: 'Logged-in devices' });
      const thisDevice = devices.getByText('This device', { exact: true });
      await thisDevice.waitFor();
      expect(await devices.getByRole('listitem').count()).toBe(2);
      expect(
        await devices
          .getByRole('listitem')
          .filter({ has: page.getByText('This device', { exact: true }) })
          .getByText('SM-A135F · Android', { exact: true })
          .isVisible(),
      ).toBe(true);
      expect(await fitsTheWidth(page)).toBe(true);
      await devices.getByRole('listitem').filter({ hasText: 'Windows' }).getByRole('button', { name: 'Log out this device' }).click();
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
      expect((await callJson(t.url, 'GET', '/api/user/me', { token: laptop.token })).status).toBe(401);
    } finally {
      t.deps.config.maxDevicesPerLearner = 0;
    }
  });
});

describe('the device limit in Marathi', () => {
  it('names the devices and logs the chosen one out, at 360 px', async () => {
    t.deps.config.maxDevicesPerLearner = 1;
    try {
      const user = await createUser(t.db, { email: 'asha.marathi@example.com' });
      const redmi = await loginAs(user.id, REDMI);
      const { page } = await browser.newPage({ width: WIDTH, height: 740, phone: true, locale: 'mr-IN' });
      await page.goto(`${t.url}/login`);
      await appStarted(page);
      await page.getByLabel('ईमेल').fill(user.email);
      await page.getByLabel('पासवर्ड').fill(TEST_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      const choice = page.getByRole('region', { name: 'खूप डिव्हाइस' });
      await choice.waitFor();
      expect(await choice.getByText('तुम्ही आधीच 1 डिव्हाइसवर लॉग इन आहात', { exact: false }).isVisible()).toBe(true);
      expect(await fitsTheWidth(page)).toBe(true);
      await choice
        .getByRole('listitem')
        .filter({ hasText: 'Redmi Note 8 Pro · Android' })
        .getByRole('button', { name: /^हे लॉग आउट करून इथे पुढे जा/ })
        .click();
      await page.waitForURL(`${t.url}/`);
      expect((await callJson(t.url, 'GET', '/api/user/me', { token: redmi.token })).status).toBe(401);
    } finally {
      t.deps.config.maxDevicesPerLearner = 0;
    }
  });
});

describe('taking back a package', () => {
  it('an admin takes it back with a reason: it leaves My Courses, its lectures answer 403; given back, it returns; the admin logs the learner out everywhere', async () => {
    const { user, pkg } = await buyer();
    const learner = await signedInPage(user.id);
    await learner.page.goto(`${t.url}/myCourses`);
    await learner.page.getByText('Share Market Basics').first().waitFor();

    const { token: adminToken } = await createUserWithToken(t.db, { role: 'admin' });
    const admin = await browser.newPage({ width: WIDTH, height: 740 });
    await admin.context.addCookies([{ name: 'session', value: adminToken, url: t.url }]);
    await admin.page.goto(`${t.url}/admin/users`);
    await admin.page.getByLabel('Search').fill(user.email);
    await admin.page
      .getByRole('row', { name: new RegExp(user.email) })
      .getByRole('link', { name: 'Access and devices' })
      .click();
    await admin.page.getByRole('heading', { name: `Learner: ${user.name}` }).waitFor();
    expect(await fitsTheWidth(admin.page)).toBe(true);

    const packages = admin.page.getByRole('region', { name: 'Packages' });
    await packages.getByRole('button', { name: 'Take back access' }).click();
    // A reason is required.
    await packages.getByRole('button', { name: 'Take back access' }).click();
    await packages.getByText('Please write the reason.').waitFor();
    await packages.getByLabel('Reason (emailed to the learner)').fill('Login shared in a Telegram group');
    await packages.getByRole('button', { name: 'Take back access' }).click();
    await packages.getByText('Access taken back', { exact: true }).waitFor();
    expect(await packages.getByText(/Login shared in a Telegram group/).isVisible()).toBe(true);
    const email = await waitForEmail(t.outbox, user.email, (message) => message.subject.includes('taken back'));
    expect(email.text).toContain('Login shared in a Telegram group');

    // The learner: gone from My Courses; the player and the lecture links answer 403.
    await learner.page.reload();
    await learner.page.getByText('You have not purchased any courses yet.').waitFor();
    // Its order and receipt stay in the order history; the package itself is no longer offered to play.
    expect(await learner.page.getByRole('link', { name: /Start Learning: Share Market Basics/ }).count()).toBe(0);
    await learner.page.goto(`${t.url}/course-content/${pkg.id}`);
    await learner.page.getByText('Your access to this package has been taken back.').waitFor();
    expect(await learner.page.locator('iframe, canvas[data-watermark]').count()).toBe(0);
    const links = await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token: learner.token });
    expect(links.status).toBe(403);
    expect(links.body.code).toBe('ACCESS_REVOKED');
    expect(await fitsTheWidth(learner.page)).toBe(true);

    // Given back.
    await packages.getByRole('button', { name: 'Give back access' }).click();
    await packages.getByText('Access on', { exact: true }).waitFor();
    await learner.page.goto(`${t.url}/myCourses`);
    await learner.page.getByRole('link', { name: /Start Learning: Share Market Basics/ }).waitFor();
    expect((await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token: learner.token })).status).toBe(200);

    // The admin logs the learner out of every device.
    const devices = admin.page.getByRole('region', { name: 'Logged-in devices' });
    await admin.page.reload();
    await devices.getByRole('listitem').first().waitFor();
    await devices.getByRole('button', { name: 'Log out of all devices' }).click();
    await devices.getByRole('button', { name: 'Yes, log out everywhere' }).click();
    await devices.getByText('Not logged in anywhere.').waitFor();
    expect((await callJson(t.url, 'GET', '/api/user/me', { token: learner.token })).status).toBe(401);
  });
});
