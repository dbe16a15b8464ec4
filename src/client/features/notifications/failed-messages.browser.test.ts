import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../../server/db/schema.js';
import { pagePaths } from '../../../shared/page-paths.js';
import { fitsTheWidth, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { catalogueText as text } from '../../../test/catalogue-text.js';
import { createUser, createUserWithToken } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import type { TestApp } from '../../../test/test-app.js';
import en from '../../locales/en/notifications.json';
import mr from '../../locales/mr/notifications.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

/** A password-changed email the outbox gave up on, as the worker leaves it after its last try. */
async function failedEmail(name: string) {
  const person = await createUser(t.db, { name });
  const row = t.db
    .insert(notifications)
    .values({
      eventKey: `password-changed:${person.id}`,
      userId: person.id,
      recipient: `user:${person.id}`,
      channel: 'email',
      kind: 'password-changed',
      lang: 'en',
      payload: JSON.stringify({ siteName: 'Marathi Success', name, forgotUrl: `${t.url}/forgot-password` }),
      status: 'failed',
      attempts: 8,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      nextAttemptAt: Date.now(),
      createdAt: Date.now(),
    })
    .returning()
    .get();
  return { row, person };
}

describe.each([
  { lang: 'en', width: 1280, texts: en },
  { lang: 'mr', width: 360, texts: mr },
] as const)('messages not delivered ($lang, $width px)', ({ lang, width, texts }) => {
  it('lists what the outbox gave up on, with why, and sends one again by keyboard', async () => {
    const { row, person } = await failedEmail(`Manisha ${lang}`);
    const admin = await createUserWithToken(t.db, { role: 'admin', lang });
    const { page, context } = await browser.newPage({ width, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
    await signIn(context, t.url, admin.token);
    await page.goto(`${t.url}${pagePaths.adminMessages}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.title);
    const item = page.getByRole('listitem').filter({ hasText: `Manisha ${lang}` });
    await expect.poll(() => item.getByText('connect ECONNREFUSED 127.0.0.1:25').isVisible()).toBe(true);
    expect(await fitsTheWidth(page)).toBe(true);

    const again = item.getByRole('button', { name: text(texts, 'retryLabel', { to: (await item.locator('dd').first().textContent()) ?? '' }) });
    await again.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText(text(texts, 'retried.one', { count: 1 })).isVisible()).toBe(true);
    await waitForEmail(t.outbox, person.email, (message) => message.text.includes(`Manisha ${lang}`));
    await expect.poll(() => t.db.select().from(notifications).where(eq(notifications.id, row.id)).get()?.status).toBe('sent');
    await expect.poll(() => item.count()).toBe(0);
    await context.close();
  });
});
