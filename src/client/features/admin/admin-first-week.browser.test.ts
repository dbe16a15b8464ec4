import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages, users } from '../../../server/db/schema.js';
import { signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { addLecture, createPackage, createUserWithToken } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import adminEn from '../../locales/en/admin.json';
import adminMr from '../../locales/mr/admin.json';
import catalogEn from '../../locales/en/catalog-admin.json';
import catalogMr from '../../locales/mr/catalog-admin.json';
import learningEn from '../../locales/en/learning-admin.json';
import learningMr from '../../locales/mr/learning-admin.json';
import { interpolate as fill } from '../../../shared/texts.js';

let t: TestApp;
let browser: TestBrowser;
withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const texts = {
  mr: { admin: adminMr, learning: learningMr, catalog: catalogMr },
  en: { admin: adminEn, learning: learningEn, catalog: catalogEn },
} as const;

describe("the operator's first week, on a laptop", () => {
  it.each(['mr', 'en'] as const)('in %s: deletes a user from their own page after a confirmation, never from the menu', async (lang) => {
    const { admin } = texts[lang];
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin', lang });
    const doomed = await createUserWithToken(t.db, { name: `Kiran Doomed ${lang}` });
    const { context, page } = await browser.newPage({ width: 1280, height: 900, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
    await signIn(context, t.url, superadmin.token);
    await page.goto(`${t.url}/admin?lang=${lang}`);
    await expect.poll(() => page.getByRole('navigation').first().isVisible()).toBe(true);
    // Nothing under Logout any more.
    expect(await page.getByRole('button', { name: admin.deleteUser.submit }).count()).toBe(0);

    await page.goto(`${t.url}/admin/learners/${doomed.user.id}?lang=${lang}`);
    const remove = page.getByRole('button', { name: admin.deleteUser.submit });
    await expect.poll(() => remove.isVisible()).toBe(true);
    await remove.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(fill(admin.deleteUser.confirm, { name: doomed.user.name, email: doomed.user.email })).isVisible()).toBe(true);
    // Cancel keeps them.
    await dialog.getByRole('button', { name: admin.deleteUser.cancel, exact: true }).first().click();
    expect(t.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, doomed.user.id)).get()?.deletedAt).toBeNull();
    await remove.click();
    await page.getByRole('button', { name: fill(admin.deleteUser.confirmYes, { name: doomed.user.name }) }).click();
    await expect.poll(() => page.getByText(admin.deleteUser.done).first().isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/users');
    expect(t.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, doomed.user.id)).get()?.deletedAt).not.toBeNull();
    await context.close();
  });

  it.each(['mr', 'en'] as const)('in %s: saves every learning setting the same way, and draws Marathi headings bold', async (lang) => {
    const { learning, catalog } = texts[lang];
    const admin = await createUserWithToken(t.db, { role: 'admin', lang });
    const pkg = createPackage(t.db, { name: `Mutual Funds ${lang}` });
    addLecture(t.db, pkg.id, 0);
    const { context, page } = await browser.newPage({ width: 1280, height: 900, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fonts.push(new URL(request.url()).pathname);
    });
    await signIn(context, t.url, admin.token);
    await page.goto(`${t.url}/admin/learning?lang=${lang}`);
    await page.getByLabel(catalog.fields.package, { exact: true }).selectOption(String(pkg.id));
    const saved = page.getByText(learning.saved, { exact: true });

    // The certificate: a box and its Save button, like the rest (no longer saved as it is ticked).
    const certificates = page.getByLabel(learning.certificates.enabled);
    await expect.poll(() => certificates.isEnabled()).toBe(true);
    await certificates.check();
    expect(t.db.select({ on: packages.certificates }).from(packages).where(eq(packages.id, pkg.id)).get()?.on).toBe(false);
    await page.getByRole('button', { name: learning.certificates.save }).click();
    await expect.poll(() => saved.first().isVisible()).toBe(true);
    expect(t.db.select({ on: packages.certificates }).from(packages).where(eq(packages.id, pkg.id)).get()?.on).toBe(true);

    // The schedule: the same.
    await page.getByLabel(learning.drip.weekly).check();
    await page.getByRole('button', { name: learning.drip.save }).click();
    await expect.poll(() => t.db.select({ drip: packages.drip }).from(packages).where(eq(packages.id, pkg.id)).get()?.drip).toBe('weekly');

    // A quiz's pass mark: the same form, and a refusal said under its button.
    await page.getByRole('button', { name: learning.quizzes.add }).last().click();
    const pass = page.getByLabel(learning.quizzes.passPercent);
    await expect.poll(() => pass.isVisible()).toBe(true);
    await pass.fill('0');
    await page.getByRole('button', { name: learning.quizzes.savePass }).click();
    const passForm = page.locator('form').filter({ has: pass });
    await expect.poll(() => passForm.getByRole('alert').isVisible()).toBe(true);
    await pass.fill('70');
    await page.getByRole('button', { name: learning.quizzes.savePass }).click();
    await expect.poll(() => passForm.getByRole('alert').count()).toBe(0);

    const weight = await page.getByRole('heading', { level: 1 }).evaluate((heading) => getComputedStyle(heading).fontWeight);
    expect(weight).toBe('700');
    if (lang === 'mr') {
      // This Chromium has no Devanagari font of its own: the bold heading brings the bold file.
      await expect.poll(() => fonts.some((path) => path.includes('devanagari-700-normal'))).toBe(true);
    }
    await context.close();
  });
});
