import { describe, expect, it } from 'vitest';
import { savePayoutDetails } from '../../../server/features/payouts/payouts.service.js';
import { payoutDetailsInput } from '../../../shared/payout-details.js';
import { signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { earnCommission } from '../../../test/earnings.js';
import { createUserWithToken } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import adminMr from '../../locales/mr/admin.json';
import authMr from '../../locales/mr/auth.json';
import commonMr from '../../locales/mr/common.json';
import payoutsMr from '../../locales/mr/payouts.json';
import privacyMr from '../../locales/mr/privacy.json';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const DAY = 24 * 60 * 60 * 1000;

describe('what the screens show keeps the privacy notice’s word, at 360 px in Marathi', () => {
  it('a learner sees their sponsor’s name only, and a WhatsApp contact once the sponsor shares it', async () => {
    const sponsor = await createUserWithToken(t.db, { name: 'रवी पाटील', email: 'ravi.sponsor@example.com', phone: '9822012345', lang: 'mr' });
    const learner = await createUserWithToken(t.db, { name: 'आशा', sponsorId: sponsor.user.id, lang: 'mr' });
    const learnerView = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await signIn(learnerView.context, t.url, learner.token);
    const sponsorSection = learnerView.page.locator('section[aria-labelledby="sponsor-title"]');
    await learnerView.page.goto(`${t.url}/account?lang=mr`);
    await expect.poll(() => sponsorSection.textContent(), { timeout: 10_000 }).toContain('रवी पाटील');
    const before = (await sponsorSection.textContent()) ?? '';
    expect(before).not.toContain('ravi.sponsor@example.com');
    expect(before).not.toContain('9822012345');

    // The sponsor turns sharing on in their profile.
    const sponsorView = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await signIn(sponsorView.context, t.url, sponsor.token);
    await sponsorView.page.goto(`${t.url}/account?lang=mr`);
    const share = sponsorView.page.getByLabel(authMr.edit.shareWhatsapp);
    await share.waitFor({ timeout: 10_000 });
    expect(await share.isChecked()).toBe(false);
    await share.check();
    await sponsorView.page.getByRole('button', { name: authMr.edit.save }).click();
    await expect.poll(() => sponsorView.page.getByText(authMr.edit.saved).isVisible(), { timeout: 10_000 }).toBe(true);

    await learnerView.page.reload();
    const whatsapp = sponsorSection.getByRole('link', { name: '9822012345' });
    await expect.poll(() => whatsapp.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/919822012345');
    expect(await sponsorSection.textContent()).not.toContain('ravi.sponsor@example.com');
  });

  it('the leaderboard shows first names; an affiliate finds Payouts in the menu, sees the request and when the money comes', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', lang: 'mr' });
    const earner = await createUserWithToken(t.db, { name: 'Sunita Ramesh Jadhav', lang: 'mr' });
    await earnCommission(t, { earnerId: earner.user.id, adminId: admin.user.id, amountPaise: 1500_00, at: Date.now() - 30 * DAY });
    savePayoutDetails(t.deps, earner.user.id, payoutDetailsInput.parse({ method: 'upi', upiId: 'sunita@okaxis' }));

    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await page.addInitScript(() => localStorage.setItem('lang', 'mr'));
    await signIn(context, t.url, earner.token);
    await page.goto(`${t.url}/leaderboard?lang=mr`);
    const board = page.locator('main');
    await expect.poll(() => board.textContent(), { timeout: 10_000 }).toContain('Sunita');
    expect(await board.textContent()).not.toContain('Jadhav');

    await page.locator('.header__menu').click();
    await page.locator('#site-menu.sidebar--open').waitFor();
    await page.locator('#site-menu').getByRole('link', { name: commonMr.nav.payouts }).click();
    const lines = page.locator('section[aria-labelledby="lines-title"]');
    await expect.poll(() => lines.textContent(), { timeout: 10_000 }).toContain(payoutsMr.lines.empty);
    await page.getByRole('button', { name: payoutsMr.request.button.replace('{{amount}}', '₹1,500') }).click();
    const usual = payoutsMr.request.usualTime.other.replace('{{count}}', '7');
    await expect.poll(() => lines.textContent(), { timeout: 10_000 }).toContain(payoutsMr.lines.requested);
    expect(await lines.textContent()).toContain(usual);
    expect(await lines.textContent()).toContain('₹1,500');
    expect(await lines.textContent()).not.toContain(payoutsMr.lines.empty);
    expect(await page.locator('section[aria-labelledby="request-title"]').textContent()).toContain(usual);

    // Erasing now: the page says the payout was asked for, not "ask for a payout first" nor "on its way".
    await page.goto(`${t.url}/account/erase?lang=mr`);
    const requested = privacyMr.erase.requested.replace('{{amount}}', '₹1,500');
    await expect.poll(() => page.getByText(requested).isVisible(), { timeout: 10_000 }).toBe(true);
    const eraseText = (await page.locator('main').textContent()) ?? '';
    expect(eraseText).not.toContain(privacyMr.erase.owed.split('{{amount}}')[1]!.trim());
    expect(eraseText).not.toContain(privacyMr.erase.beingPaid.split('{{amount}}')[1]!.trim());
  });

  it('the admin dashboard says what affiliates earned, not money received (1280 px)', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', lang: 'mr' });
    const { page, context } = await browser.newPage({ width: 1280, locale: 'mr-IN' });
    await page.addInitScript(() => localStorage.setItem('lang', 'mr'));
    await signIn(context, t.url, admin.token);
    await page.goto(`${t.url}/admin/dashboard?lang=mr`);
    await expect.poll(() => page.getByText(adminMr.dashboard.commissions).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('मिळालेले कमिशन').count()).toBe(0);
  });
});
