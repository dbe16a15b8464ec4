import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lectureProgress, lectures, orders, packages } from '../../../server/db/schema.js';
import { pagePaths, pathTo } from '../../../shared/page-paths.js';
import { formatRupees } from '../../../shared/money.js';
import { fitsTheWidth, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { catalogueText as text } from '../../../test/catalogue-text.js';
import { addLecture, createPackage, createUser, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import enCatalog from '../../locales/en/catalog-admin.json';
import enCommon from '../../locales/en/common.json';
import enOrders from '../../locales/en/orders.json';
import mrCatalog from '../../locales/mr/catalog-admin.json';
import mrCommon from '../../locales/mr/common.json';
import mrOrders from '../../locales/mr/orders.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const languages = [
  { lang: 'en', locale: 'en-IN', catalog: enCatalog, common: enCommon, orders: enOrders },
  { lang: 'mr', locale: 'mr-IN', catalog: mrCatalog, common: mrCommon, orders: mrOrders },
] as const;

let utr = 610_000_000_000;
const nextUtr = () => {
  utr += 1;
  return String(utr);
};

/** An admin's browser at a laptop's width (1280 px), in the language under test. */
async function adminAt1280(lang: 'en' | 'mr', locale: string) {
  const { user, token } = await createUserWithToken(t.db, { role: 'admin', lang });
  const { context, page } = await browser.newPage({ width: 1280, locale });
  await context.addCookies([{ name: 'session', value: token, url: t.url }]);
  return { user, context, page };
}

describe.each(languages)("the operator's first week at 1280 px ($lang)", ({ lang, locale, catalog, common, orders: ordersTexts }) => {
  it('edits a published package and a lecture in place: the link, the progress and the amount already ordered stay', async () => {
    const pkg = createPackage(t.db, { name: `Share Market Basics ${lang}`, pricePaise: 999_00 });
    const lecture = addLecture(t.db, pkg.id, 0);
    const learner = await createUser(t.db);
    t.db.insert(lectureProgress).values({ userId: learner.id, packageId: pkg.id, lectureId: lecture.id, updatedAt: Date.now() }).run();
    const placed = insertPendingOrder(t.db, { buyer: learner, pkg, utr: nextUtr(), referrerId: null });
    const admin = await adminAt1280(lang, locale);

    // The package: chosen from the list, its fields filled with what is published, changed and saved.
    await admin.page.goto(`${t.url}${pagePaths.adminAddPackage}`);
    await admin.page.getByLabel(text(catalog, 'editPackage.choose')).selectOption({ label: pkg.name });
    const name = admin.page.getByLabel(text(catalog, 'fields.name'), { exact: true });
    await expect.poll(() => name.inputValue()).toBe(pkg.name);
    expect(await admin.page.getByText(text(catalog, 'editPackage.hint')).isVisible()).toBe(true);
    await name.fill(`Share Market Basics, new edition ${lang}`);
    await admin.page.getByLabel(text(catalog, 'fields.price')).fill('1299');
    await admin.page.getByRole('button', { name: text(catalog, 'editPackage.submit') }).click();
    await expect.poll(() => t.db.select().from(packages).where(eq(packages.id, pkg.id)).get()?.name).toBe(`Share Market Basics, new edition ${lang}`);
    const edited = t.db.select().from(packages).where(eq(packages.id, pkg.id)).get()!;
    expect(edited.pricePaise).toBe(1_299_00);
    // A new price is for new orders: the order already placed keeps its amount.
    expect(t.db.select().from(orders).where(eq(orders.id, placed.id)).get()!.amountPaise).toBe(999_00);
    expect(await fitsTheWidth(admin.page)).toBe(true);

    // The shared link still opens it, under its new name and price.
    const visitor = await browser.newPage({ width: 1280, locale });
    await visitor.page.goto(`${t.url}${pathTo(pagePaths.packagePage, { id: pkg.id })}`);
    await expect.poll(() => visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe(edited.name);
    expect(await visitor.page.getByText(formatRupees(1_299_00)).first().isVisible()).toBe(true);
    await visitor.context.close();

    // The lecture: edited by keyboard from its place in the list; its id, and so the learner's progress, stay.
    await admin.page.goto(`${t.url}${pagePaths.adminAddLecture}`);
    await admin.page.getByLabel(text(catalog, 'fields.package'), { exact: true }).selectOption({ label: edited.name });
    const edit = admin.page.getByRole('button', { name: text(catalog, 'editLecture.editLabel', { number: 1 }) });
    await edit.focus();
    await admin.page.keyboard.press('Enter');
    const form = admin.page.getByRole('form', { name: text(catalog, 'editLecture.title', { number: 1 }) });
    await form.getByLabel(text(catalog, 'fields.title')).fill(`Reading a chart ${lang}`);
    await form.getByLabel(text(catalog, 'fields.length')).fill('14:05');
    await form.getByRole('button', { name: text(catalog, 'editLecture.submit') }).click();
    await expect.poll(() => admin.page.getByText(text(catalog, 'editLecture.saved')).isVisible()).toBe(true);
    const stored = t.db.select().from(lectures).where(eq(lectures.packageId, pkg.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: lecture.id, title: `Reading a chart ${lang}`, durationSeconds: 14 * 60 + 5 });
    expect(t.db.select().from(lectureProgress).where(eq(lectureProgress.userId, learner.id)).get()?.lectureId).toBe(lecture.id);
    await admin.context.close();
  });

  it('shows a new order on Pending Orders without leaving the page, with its count in the menu', async () => {
    const pkg = createPackage(t.db, { name: `Mutual Funds ${lang}`, pricePaise: 499_00 });
    const admin = await adminAt1280(lang, locale);
    await admin.page.goto(`${t.url}${pagePaths.adminPendingOrders}`);
    await expect.poll(() => admin.page.getByRole('heading', { level: 1 }).textContent()).toBe(text(ordersTexts, 'admin.title'));

    // An order placed while the page is open appears when the admin comes back to the window...
    const first = await createUser(t.db, { name: `Manisha ${lang}` });
    insertPendingOrder(t.db, { buyer: first, pkg, utr: nextUtr(), referrerId: null });
    await admin.page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => admin.page.getByText(`Manisha ${lang}`).first().isVisible(), { timeout: 5_000 }).toBe(true);

    // ...and one placed while they keep looking appears by itself (the page asks again every 20 s).
    const second = await createUser(t.db, { name: `Asha ${lang}` });
    insertPendingOrder(t.db, { buyer: second, pkg, utr: nextUtr(), referrerId: null });
    await expect.poll(() => admin.page.getByText(`Asha ${lang}`).first().isVisible(), { timeout: 30_000, interval: 1_000 }).toBe(true);

    // The menu counts the orders waiting for a decision.
    const waiting = t.db.select().from(orders).where(eq(orders.status, 'pending')).all().length;
    await admin.page.getByRole('button', { name: text(common, 'header.openMenu') }).click();
    const menu = admin.page.getByRole('navigation', { name: text(common, 'nav.label') });
    await expect
      .poll(() => menu.getByText(text(common, waiting === 1 ? 'nav.ordersToCheck.one' : 'nav.ordersToCheck.other', { count: waiting })).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    await admin.context.close();
  });
});
