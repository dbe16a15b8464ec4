import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consents, users } from '../../../server/db/schema.js';
import { appStarted, signIn, type TestBrowser, withAppAndBrowser, fitsTheWidth, procedureReads } from '../../../test/browser.js';
import { createUserWithToken, TEST_PASSWORD } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import type { TestApp } from '../../../test/test-app.js';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy.js';
import pagesMr from '../../locales/mr/pages.json';
import myDataMr from '../../locales/mr/my-data.json';
import privacyMr from '../../locales/mr/privacy.json';
import whatsappMr from '../../locales/mr/whatsapp.json';
import auditMr from '../../locales/mr/audit.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('privacy, at 360 px in Marathi', () => {
  it('asks someone who never agreed to any notice (a legacy-client sign-up) for a first agreement, not about a change', async () => {
    const learner = await createUserWithToken(t.db, { name: 'सुनील जाधव', lang: 'mr', consent: false });
    const { page, context } = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await signIn(context, t.url, learner.token);
    await page.goto(`${t.url}/account?lang=mr`);
    const ask = page.getByRole('dialog', { name: privacyMr.consent.firstTitle });
    await ask.waitFor();
    expect(await ask.getByText(privacyMr.consent.firstText).isVisible()).toBe(true);
    expect(await page.getByText(privacyMr.consent.title).count()).toBe(0);
    expect(await fitsTheWidth(page)).toBe(true);
    await ask.getByRole('button', { name: privacyMr.consent.agree }).click();
    await expect.poll(() => ask.isVisible()).toBe(false);
    expect(t.db.select().from(consents).where(eq(consents.userId, learner.user.id)).get()?.noticeVersion).toBe(PRIVACY_NOTICE_VERSION);
    await context.close();
  });

  it('asks on a page the server draws for the learner (their dashboard) from the answer drawn with it, not asked for again', async () => {
    const learner = await createUserWithToken(t.db, { name: 'मीना कदम', lang: 'mr', consent: false });
    const { page, context } = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await signIn(context, t.url, learner.token);
    const reads = procedureReads(page);
    await page.goto(`${t.url}/${learner.user.id}/dashboard?lang=mr`);
    await appStarted(page);
    const ask = page.getByRole('dialog', { name: privacyMr.consent.firstTitle });
    await ask.waitFor();
    // Hydrated without a warning (failOnHydrationProblems), and the question came with the page.
    expect(reads).not.toContain('privacy.status');
    expect(await fitsTheWidth(page)).toBe(true);
    await ask.getByRole('button', { name: privacyMr.consent.agree }).click();
    await expect.poll(() => ask.isVisible()).toBe(false);
    expect(t.db.select().from(consents).where(eq(consents.userId, learner.user.id)).get()?.noticeVersion).toBe(PRIVACY_NOTICE_VERSION);
    await context.close();
  });

  it('a learner reads the notice, agrees to a changed one, sees and downloads their data, and erases their account through the emailed link', async () => {
    const learner = await createUserWithToken(t.db, { name: 'आशा पवार', email: 'asha.privacy@example.com', lang: 'mr', consent: false });
    // Their consent was to an older notice: they are asked again.
    t.db
      .insert(consents)
      .values({ userId: learner.user.id, noticeVersion: '2025-01-01', via: 'register', acceptedAt: Date.now() - 1000 })
      .run();
    t.db.update(users).set({ earnedPaise: 50000 }).where(eq(users.id, learner.user.id)).run();
    const { page, context } = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await signIn(context, t.url, learner.token);

    await page.goto(`${t.url}/privacy-policy?lang=mr`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pagesMr.privacy.title);
    expect(await page.getByRole('heading', { name: pagesMr.privacy.sections[3]!.heading }).isVisible()).toBe(true);
    // WhatsApp: kept only with its own consent, what for, through whom, and how to stop it (STOP or थांबा, or the profile).
    const whatsapp = page.locator('section', { has: page.getByRole('heading', { name: whatsappMr.account.title }) });
    const said = (await whatsapp.textContent()) ?? '';
    for (const word of ['WhatsApp Business Cloud API', 'Meta', 'STOP', 'थांबा', whatsappMr.account.turnOff, 'पेमेंट्स', 'पेआउट्स', 'लेक्चर्स', 'प्रमाणपत्रे'])
      expect(said).toContain(word);
    expect(await fitsTheWidth(page)).toBe(true);

    await page.goto(`${t.url}/account?lang=mr`);
    const ask = page.getByRole('dialog', { name: privacyMr.consent.title });
    await expect.poll(() => ask.isVisible(), { timeout: 10_000 }).toBe(true);
    await ask.getByRole('button', { name: privacyMr.consent.agree }).click();
    await expect.poll(() => ask.isVisible()).toBe(false);
    expect(
      t.db
        .select()
        .from(consents)
        .where(eq(consents.userId, learner.user.id))
        .all()
        .map((row) => row.noticeVersion),
    ).toContain(PRIVACY_NOTICE_VERSION);

    // My data, after the password.
    await page.getByRole('link', { name: privacyMr.account.download }).click();
    await page.getByLabel(privacyMr.myData.password).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: privacyMr.myData.show }).click();
    await expect.poll(() => page.getByRole('heading', { name: privacyMr.myData.account }).isVisible()).toBe(true);
    expect(await page.getByText('asha.privacy@example.com').first().isVisible()).toBe(true);
    // Read in Marathi: sections and fields named, money in rupees, moments in IST; no column names, paise or epoch numbers.
    expect(await page.getByRole('heading', { name: myDataMr.sections.consents }).isVisible()).toBe(true);
    const earned = page.locator('.my-data__fields > div').filter({ has: page.getByText(myDataMr.fields.earned_paise, { exact: true }) });
    expect(await earned.locator('dd').textContent()).toBe('₹500');
    expect(await page.getByText(myDataMr.fields.accepted_at).first().isVisible()).toBe(true);
    const pageText = (await page.locator('main').textContent()) ?? '';
    expect(pageText).not.toMatch(/earned_paise|created_at|\b\d{13}\b|50000/);
    expect(pageText).toMatch(/नोव्हेंबर|डिसेंबर|जानेवारी|फेब्रुवारी|मार्च|एप्रिल|मे|जून|जुलै|ऑगस्ट|सप्टेंबर|ऑक्टोबर/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: privacyMr.myData.downloadJson }).click();
    const file = await download;
    const saved = JSON.parse(await new Response((await file.createReadStream()) as unknown as ReadableStream).text());
    expect(saved.account).toMatchObject({ email: 'asha.privacy@example.com', earned_paise: 50000 });
    expect(saved.records.consents[0]).toHaveProperty('accepted_at');
    expect(await fitsTheWidth(page)).toBe(true);

    // Erasing: the password, then the emailed link.
    await page.goto(`${t.url}/account/erase?lang=mr`);
    await page.getByLabel(privacyMr.erase.password).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: privacyMr.erase.ask }).click();
    await expect.poll(() => page.getByText(privacyMr.erase.sent).isVisible()).toBe(true);
    const mail = await waitForEmail(t.outbox, 'asha.privacy@example.com', (message) => message.subject.includes('मिटवा'));
    const link = mail.text.match(/https?:\/\/\S+token=\S+/)![0];
    await page.goto(`${link}&lang=mr`);
    await page.getByRole('button', { name: privacyMr.erase.confirm }).click();
    await expect.poll(() => page.getByText(privacyMr.erase.done).isVisible()).toBe(true);
    // The finish page leads home.
    await page.getByRole('link', { name: privacyMr.erase.home }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(t.db.select().from(users).where(eq(users.id, learner.user.id)).get()).toMatchObject({ name: 'Erased account', phone: null });

    // The admins see it, and the audit log has it.
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const adminView = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await signIn(adminView.context, t.url, admin.token);
    await adminView.page.goto(`${t.url}/admin/privacy?lang=mr`);
    const erased = adminView.page.getByRole('listitem').filter({ hasText: privacyMr.admin.account.replace('{{id}}', String(learner.user.id)) });
    await expect.poll(() => erased.textContent()).toContain(privacyMr.admin.erased.split('{{date}}')[1]!.trim());
    expect(await adminView.page.getByText(auditMr.sentences['privacy.erase']).first().isVisible()).toBe(true);
    expect(await fitsTheWidth(adminView.page)).toBe(true);
  });
});
