import { describe, expect, it } from 'vitest';
import { signIn, type TestBrowser, fitsTheWidth, withAppAndBrowser } from '../../../test/browser.js';
import { createPackage, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import { callProcedure } from '../../../test/trpc-http.js';
import { freshUtr } from '../../../test/world.js';
import auditEn from '../../locales/en/audit.json';
import auditMr from '../../locales/mr/audit.json';
import { interpolate as fill } from '../../../shared/texts.js';

let t: TestApp;
let browser: TestBrowser;
withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('the audit log, on a laptop', () => {
  it.each([
    ['mr', auditMr],
    ['en', auditEn],
  ] as const)('in %s: sentences naming the person and the package, reads apart, a filter by person', async (lang, texts) => {
    const admin = await createUserWithToken(t.db, { role: 'admin', name: `Asha ${lang}`, lang });
    const buyer = await createUserWithToken(t.db, { name: `Manisha ${lang}` });
    const other = await createUserWithToken(t.db, { name: `Ravi ${lang}` });
    const pkg = createPackage(t.db, { name: `Share Market Basics ${lang}` });
    const order = insertPendingOrder(t.db, { buyer: buyer.user, pkg, utr: freshUtr(), referrerId: null });
    const otherOrder = insertPendingOrder(t.db, { buyer: other.user, pkg, utr: freshUtr(), referrerId: null });
    const call = (path: string, type: 'query' | 'mutation', input?: unknown) => callProcedure(t.url, path, type, input, { token: admin.token });
    await call('orders.pending', 'query', { search: lang });
    await call('orders.decide', 'mutation', { orderId: String(order.id), action: 'approve' });
    await call('orders.decide', 'mutation', { orderId: String(otherOrder.id), action: 'reject', reason: 'Not in the bank' });

    const { context, page } = await browser.newPage({ width: 1280, height: 900, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
    await signIn(context, t.url, admin.token);
    await page.goto(`${t.url}/admin/privacy?lang=${lang}`);
    const names = { actor: admin.user.name, package: pkg.name };
    const approved = page.getByText(fill(texts.sentences['orders.decide:approve'], { ...names, person: buyer.user.name }), { exact: true });
    const rejected = page.getByText(fill(texts.sentences['orders.decide:reject'], { ...names, person: other.user.name }), { exact: true });
    await expect.poll(() => approved.isVisible()).toBe(true);
    expect(await rejected.isVisible()).toBe(true);
    // No developer's codes on the screen: the entry as kept is folded under its sentence.
    expect(await page.getByText('orders.decide', { exact: false }).first().isVisible()).toBe(false);
    // Reading the pending orders is not an action: it is under the reads.
    const read = page.getByText(fill(texts.sentences['orders.pending'], names), { exact: true });
    expect(await read.count()).toBe(0);
    await page.getByRole('tab', { name: texts.kinds.reads }).click();
    await expect.poll(() => read.first().isVisible()).toBe(true);
    expect(await approved.count()).toBe(0);

    // Only what is by or about Ravi.
    await page.getByRole('tab', { name: texts.kinds.actions }).click();
    await page.getByLabel(texts.person).fill(other.user.name);
    await page.getByRole('button', { name: texts.show, exact: true }).click();
    await expect.poll(() => approved.count()).toBe(0);
    expect(await rejected.isVisible()).toBe(true);
    expect(await fitsTheWidth(page)).toBe(true);
    await context.close();
  });
});
