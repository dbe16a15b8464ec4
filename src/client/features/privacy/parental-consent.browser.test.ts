import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema.js';
import { codeFrom } from '../../../test/accounts.js';
import { type TestBrowser, withAppAndBrowser, fitsTheWidth } from '../../../test/browser.js';
import { waitForEmail } from '../../../test/outbox.js';
import type { TestApp } from '../../../test/test-app.js';
import authMr from '../../locales/mr/auth.json';
import privacyMr from '../../locales/mr/privacy.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('a minor signs up, at 360 px in Marathi', () => {
  it('answers under 18, names a parent, and the account opens once the code emailed to the parent is typed', async () => {
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await page.goto(`${t.url}/register?lang=mr`);
    await page.getByLabel(authMr.fields.name).fill('साई जाधव');
    await page.getByLabel(authMr.fields.email).fill('sai.jadhav@example.com');
    await page.getByLabel(authMr.fields.password).fill('mango-lassi-42');
    await page.getByRole('radio', { name: authMr.age.minor }).tap();
    await page.getByLabel(authMr.age.parentEmail).fill('aai.jadhav@example.com');
    await page.getByRole('checkbox', { name: new RegExp(authMr.register.consentLink) }).tap();
    expect(await fitsTheWidth(page)).toBe(true);
    await page.getByRole('button', { name: authMr.register.submit }).tap();
    await page.waitForURL(`${t.url}/verify`);
    const own = await waitForEmail(t.outbox, 'sai.jadhav@example.com');
    await page.getByLabel(authMr.fields.code).fill(codeFrom(own.subject + own.text));

    // Signed in, the account waits for the parent: the code went to the parent's email.
    const waiting = page.getByRole('dialog', { name: privacyMr.age.waitingTitle });
    await waiting.waitFor();
    expect(await waiting.getByText('a•••@example.com').isVisible()).toBe(true);
    expect(await fitsTheWidth(page)).toBe(true);
    const parentMail = await waitForEmail(t.outbox, 'aai.jadhav@example.com');
    expect(parentMail.subject).not.toMatch(/\d{6}/);
    const code = codeFrom(parentMail.text);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await waiting.getByLabel(privacyMr.age.code).fill(wrong);
    await waiting.getByRole('button', { name: privacyMr.age.confirm }).tap();
    await waiting.getByRole('alert').waitFor();
    expect(await waiting.getByRole('alert').textContent()).toContain('बरोबर नाही');
    await waiting.getByLabel(privacyMr.age.code).fill(code);
    await waiting.getByRole('button', { name: privacyMr.age.confirm }).tap();
    await waiting.waitFor({ state: 'hidden' });
    expect(t.db.select().from(users).where(eq(users.email, 'sai.jadhav@example.com')).get()?.ageStatus).toBe('minor_consented');
    await context.close();
  });
});
