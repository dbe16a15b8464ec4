import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelConsents, notifications, users } from '../../../server/db/schema.js';
import { signIn, type TestBrowser, withAppAndBrowser, fitsTheWidth } from '../../../test/browser.js';
import { whatsAppEnv } from '../../../test/fake-graph-api.js';
import { createUserWithToken } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import whatsappEn from '../../locales/en/whatsapp.json';
import whatsappMr from '../../locales/mr/whatsapp.json';
import commonMr from '../../locales/mr/common.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser(
  (app, chromium) => {
    t = app;
    browser = chromium;
  },
  { env: whatsAppEnv('http://127.0.0.1:9') },
);

describe('WhatsApp updates on the account page, at 360 px in Marathi', () => {
  it('are turned on by keyboard with a number and the ticked consent, and off again, each change recorded', async () => {
    const learner = await createUserWithToken(t.db, { name: 'आशा पवार', lang: 'mr' });
    const { page, context } = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await signIn(context, t.url, learner.token);
    await page.goto(`${t.url}/account?lang=mr`);
    const section = page.getByRole('region', { name: whatsappMr.account.title });
    await section.waitFor();
    expect(await section.getByText(whatsappMr.account.off).isVisible()).toBe(true);

    const number = section.getByLabel(commonMr.whatsappFields.number);
    await number.fill('98765 43210');
    // Without the consent ticked, nothing is turned on: the box says why.
    await section.getByRole('button', { name: whatsappMr.account.turnOn }).click();
    await expect.poll(() => section.getByRole('alert').textContent()).toContain('संमतीचा चौकोन');
    expect(t.db.select().from(channelConsents).where(eq(channelConsents.userId, learner.user.id)).all()).toEqual([]);

    const consent = section.getByRole('checkbox', { name: commonMr.whatsappFields.consent });
    await consent.focus();
    await page.keyboard.press('Space');
    expect(await consent.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => t.db.select().from(users).where(eq(users.id, learner.user.id)).get()?.whatsappPhone).toBe('9876543210');
    await expect.poll(() => section.getByText('9876543210').first().isVisible()).toBe(true);
    expect(await fitsTheWidth(page)).toBe(true);

    await section.getByRole('button', { name: whatsappMr.account.turnOff }).click();
    await expect.poll(() => section.getByText(whatsappMr.account.off).isVisible()).toBe(true);
    const rows = t.db.select().from(channelConsents).where(eq(channelConsents.userId, learner.user.id)).all();
    expect(rows.map((row) => [row.action, row.via, row.phone])).toEqual([
      ['given', 'profile', '9876543210'],
      ['withdrawn', 'profile', '9876543210'],
    ]);
    expect(t.db.select().from(users).where(eq(users.id, learner.user.id)).get()).toMatchObject({ whatsappPhone: null, whatsappOptInAt: null });
    await context.close();
  });
});

describe("the admin's WhatsApp report", () => {
  it('shows messages and their cost per IST month and kind, at 1280 px in English and 360 px in Marathi', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const sentAt = Date.now();
    for (const kind of ['order-approved', 'order-approved', 'payout-paid']) {
      t.db
        .insert(notifications)
        .values({
          eventKey: `${kind}:${Math.random()}`,
          recipient: 'user:1',
          channel: 'whatsapp',
          kind,
          lang: 'mr',
          payload: '{}',
          status: 'sent',
          nextAttemptAt: sentAt,
          createdAt: sentAt,
          sentAt,
        })
        .run();
    }
    for (const [width, lang, texts] of [
      [1280, 'en', whatsappEn],
      [360, 'mr', whatsappMr],
    ] as const) {
      const { page, context } = await browser.newPage({ width, locale: lang === 'mr' ? 'mr-IN' : 'en-IN' });
      await signIn(context, t.url, admin.token);
      await page.goto(`${t.url}/admin/whatsapp?lang=${lang}`);
      const table = page.getByRole('table').first();
      await table.waitFor();
      const approved = table.getByRole('row', { name: texts.admin.kinds['order-approved'] });
      expect(await approved.getByRole('cell').allTextContents()).toEqual(['2', '₹0.23']);
      const total = table.getByRole('row', { name: texts.admin.total });
      expect(await total.getByRole('cell').allTextContents()).toEqual(['3', '₹0.35']);
      expect(await fitsTheWidth(page)).toBe(true);
      await context.close();
    }
  });
});
